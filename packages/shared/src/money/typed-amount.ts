/**
 * A rupee amount as a person types it: "12500", "12,500", "₹12,500", "1,23,456.50", "Rs 500".
 * Commas are read as digit grouping (Indian or Western), never as a decimal point, since no
 * Indian amount is written with a decimal comma. Anything else answers null.
 */
export function parseTypedRupees(text: string): number | null {
  const bare = text
    .trim()
    .replace(/^(₹|rs\.?|inr)\s*/i, '')
    .replace(/\s*\/-$/, '');
  if (!/^\d{1,3}(,\d{2,3})*(\.\d+)?$|^\d+(\.\d+)?$/.test(bare)) return null;
  const value = Number(bare.replaceAll(',', ''));
  return Number.isFinite(value) ? value : null;
}

/**
 * For a zod preprocess: a string that reads as rupees becomes its number; anything else is
 * passed on unchanged so the schema's own message explains what was wrong.
 */
export function typedRupeesOrAsIs(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return parseTypedRupees(value) ?? value;
}
