import { parseTypedRupees } from '../money/typed-amount';

/**
 * A cell naming one of a list's values, read as that value when it can mean only one: "Live" is
 * `live`, "PERGRAM" is `perGram`. A cell that matches several values apart from case, or none,
 * is passed on as typed, so the schema's own message ("must be one of: …") explains it.
 */
export function optionOf<T extends string>(cell: string, values: readonly T[]): string {
  const typed = cell.trim();
  if ((values as readonly string[]).includes(typed)) return typed;
  const folded = typed.toLowerCase();
  const matches = values.filter((v) => v.toLowerCase() === folded);
  return matches.length === 1 ? matches[0]! : typed;
}

/**
 * A money cell as a number: "31000", "31,000", "₹31,000", "Rs 500" (the shared typed-rupees
 * rule); anything else as the number it spells or the text as typed, for the schema to name.
 */
export function rupeesOrText(cell: string): number | string {
  const trimmed = cell.trim();
  if (trimmed === '') return trimmed;
  const rupees = parseTypedRupees(trimmed);
  if (rupees !== null) return rupees;
  return Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}
