import {
  KNOWN_CATALOGUE_COLUMNS,
  MAX_SIZES,
  MAX_STONES,
  CATALOGUE_PRODUCT_COLUMNS,
  SIZE_FIELDS,
  STONE_FIELDS,
} from './columns';

/**
 * What each column of the catalogue file holds, in the owner's words: the import page shows it,
 * and an unknown column's refusal points at it (docs/rules/catalogue.md has the same table).
 */
export const CATALOGUE_COLUMN_HELP: readonly { column: string; what: string }[] = [
  {
    column: 'sku',
    what: 'The design number: required, matched in any capitals. The import’s key.',
  },
  { column: 'status', what: 'draft, live or archived. Blank: live when new, kept when changed.' },
  { column: 'title, brand, description, details', what: 'As in the product form.' },
  { column: 'collection', what: 'One of the collections, or the brand.' },
  { column: 'category', what: 'The three levels joined by ">": gold > rings > ring.' },
  {
    column: 'metal, color, occasion, quantity',
    what: 'As in the product form’s lists (any capitals).',
  },
  { column: 'pricing', what: 'fixed (prices as typed) or metal (from the day’s rate).' },
  {
    column: 'price_metal, purity',
    what: 'Metal pricing: gold, silver or platinum, and 916 or 22K.',
  },
  {
    column: 'making_kind, making_value',
    what: 'Metal pricing: percent or perGram, and its value.',
  },
  {
    column: 'making_discount, stones_value',
    what: 'Metal pricing: making discount (%), stones (₹).',
  },
  {
    column: 'price, discounted_price',
    what: 'Fixed pricing only, in rupees: 31000, 31,000 or ₹31,000. Blank for metal pricing.',
  },
  {
    column: 'computed_price',
    what: 'Written by export: a metal-priced piece’s price at today’s rate. Read-only: the import ignores it.',
  },
  { column: 'hallmark', what: 'A fixed-priced gold piece’s BIS mark (22K916).' },
  { column: 'images', what: 'URLs, or file names in the uploaded zip, separated by |.' },
  {
    column: `size_N_${SIZE_FIELDS.join(', size_N_')}`,
    what: `Size N (1–${MAX_SIZES}): its SKU (blank: kept or generated), weight (4 g), size (16 MM), grams of metal, stock.`,
  },
  {
    column: `stone_N_${STONE_FIELDS.join(', stone_N_')}`,
    what: `Stone row N (1–${MAX_STONES}): kind, natural or laboratory-grown, count, total carat, grading, and its certificate (IGI, GIA, SGL or other).`,
  },
];

/** Edits needed to turn one name into another (for "did you mean"). */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/** The known column a mistyped heading most likely meant, if one is close. */
export function nearestColumn(heading: string): string | null {
  const typed = heading
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if (KNOWN_CATALOGUE_COLUMNS.has(typed)) return typed;
  let best: { column: string; cost: number } | null = null;
  const candidates = [
    ...CATALOGUE_PRODUCT_COLUMNS,
    ...[...KNOWN_CATALOGUE_COLUMNS].filter((c) => /^(size|stone)_1_/.test(c)),
  ];
  for (const column of candidates) {
    const cost = distance(typed, column);
    if (cost <= Math.max(2, Math.floor(column.length / 4)) && (!best || cost < best.cost))
      best = { column, cost };
  }
  return best?.column ?? null;
}

/** Why an unknown column is refused, and what to do, in words the import page can show as is. */
export function unknownColumnMessage(heading: string): string {
  const near = nearestColumn(heading);
  return `The import does not read a column named "${heading}"${near ? `: did you mean "${near}"?` : '.'} Rename it to one of the columns listed under "Columns the import reads" on this page, or delete it; its cells are not saved.`;
}
