import type { ProductFormValues, ProductInput } from '../catalog/product-input';
import type { ProductView } from '../catalog/views';
import { canonicalPurity, PRICING_METALS } from '../pricing/purities';
import { PRODUCT_STATUSES } from '../catalog/product-input';
import { PRODUCT_CHOICES } from '../catalog/options';
import { BIS_GOLD_MARKS } from '../hallmark/hallmark';
import { CERTIFICATE_LABS, STONE_ORIGINS } from '../stones/origins';
import { stoneRowsOf } from '../stones/stones';
import { optionOf, rupeesOrText } from './forgiving-cells';

/**
 * The catalogue's one column set, for import and export alike: one row per product, its sizes
 * side by side (size_1_…, size_2_…, up to 20). docs/rules/catalogue.md ("Catalogue import and
 * export") documents each column; the import page offers a template with three sizes.
 */
export const CATALOGUE_PRODUCT_COLUMNS = [
  'sku',
  'status',
  'title',
  'brand',
  'collection',
  'category',
  'metal',
  'color',
  'occasion',
  'description',
  'details',
  'quantity',
  'pricing',
  'price_metal',
  'purity',
  'making_kind',
  'making_value',
  'making_discount',
  'stones_value',
  'price',
  'discounted_price',
  'computed_price',
  'hallmark',
  'images',
] as const;
export type ProductColumn = (typeof CATALOGUE_PRODUCT_COLUMNS)[number];

/**
 * Written by export for the owner to read (a metal-priced piece's price at today's rate, the
 * opening size's): the import never reads it, so editing it changes nothing.
 */
export const READ_ONLY_COLUMNS: readonly string[] = ['computed_price'];
/** Read by the import although export no longer writes it: the stones as one JSON array. */
export const LEGACY_STONES_COLUMN = 'stones';

/** One stone row's columns (stone_N_…, N from 1), as the product form's stone fields. */
export const STONE_FIELDS = [
  'kind',
  'origin',
  'count',
  'carat',
  'colour',
  'clarity',
  'cut',
  'certificate_lab',
  'certificate_number',
  'certificate_url',
] as const;
export type StoneField = (typeof STONE_FIELDS)[number];
export const MAX_STONES = 20;
export const stoneColumn = (n: number, field: StoneField) => `stone_${n}_${field}`;

export const SIZE_FIELDS = ['sku', 'weight', 'size', 'net_weight', 'stock'] as const;
export type SizeField = (typeof SIZE_FIELDS)[number];
export const MAX_SIZES = 20;
/** Size columns' names, made once: an import reads them for every row. */
const SIZE_COLUMNS: Record<SizeField, string>[] = Array.from(
  { length: MAX_SIZES + 1 },
  (_, n) =>
    Object.fromEntries(SIZE_FIELDS.map((f) => [f, `size_${n}_${f}`])) as Record<SizeField, string>,
);
export const sizeColumn = (n: number, field: SizeField) =>
  SIZE_COLUMNS[n]?.[field] ?? `size_${n}_${field}`;

/** The heading row for products of up to `sizes` sizes and `stones` stone rows. */
export function catalogueColumns(sizes: number, stones = 0): string[] {
  const perSize = Array.from({ length: Math.max(1, sizes) }, (_, i) =>
    SIZE_FIELDS.map((f) => sizeColumn(i + 1, f)),
  ).flat();
  const perStone = Array.from({ length: Math.min(stones, MAX_STONES) }, (_, i) =>
    STONE_FIELDS.map((f) => stoneColumn(i + 1, f)),
  ).flat();
  return [...CATALOGUE_PRODUCT_COLUMNS, ...perSize, ...perStone];
}

/** Every column the import reads or knowingly ignores: any other is reported as unknown. */
export const KNOWN_CATALOGUE_COLUMNS: ReadonlySet<string> = new Set([
  ...catalogueColumns(MAX_SIZES, MAX_STONES),
  LEGACY_STONES_COLUMN,
]);

/** "gold > rings > ring": the three category levels as one cell. */
export const CATEGORY_SEPARATOR = ' > ';
/** Images: URLs (kept as they are) or file names in the uploaded zip, separated by "|". */
export const IMAGE_SEPARATOR = '|';

export type CatalogueRow = Record<string, string>;

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** A cell's number, or the text as typed (the schema names what is wrong with it). */
const numberOrText = (cell: string): number | string => {
  const trimmed = cell.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
};
const blank = (cell: string | undefined) => (cell ?? '').trim() === '';

/** How many stone_N_ rows a row fills (the highest N with any of its cells filled). */
export function stonesIn(row: CatalogueRow): number {
  let count = 0;
  for (let n = 1; n <= MAX_STONES; n += 1)
    if (STONE_FIELDS.some((f) => !blank(row[stoneColumn(n, f)]))) count = n;
  return count;
}

/** The stones of a row: its stone_N_ columns, else the older JSON `stones` cell (blank: none). */
function stonesOf(row: CatalogueRow): ProductFormValues['stones'] {
  const cell = (c: string) => (row[c] ?? '').trim();
  const count = stonesIn(row);
  if (count === 0) {
    if (blank(row[LEGACY_STONES_COLUMN])) return [];
    try {
      return JSON.parse(cell(LEGACY_STONES_COLUMN)) as ProductFormValues['stones'];
    } catch {
      return cell(LEGACY_STONES_COLUMN) as unknown as ProductFormValues['stones'];
    }
  }
  return Array.from({ length: count }, (_, i) => {
    const at = (f: StoneField) => cell(stoneColumn(i + 1, f));
    const orNull = (f: StoneField) => (at(f) === '' ? null : at(f));
    const certified = ['certificate_lab', 'certificate_number', 'certificate_url'].some(
      (f) => at(f as StoneField) !== '',
    );
    return {
      kind: at('kind'),
      origin: optionOf(at('origin'), STONE_ORIGINS) as (typeof STONE_ORIGINS)[number],
      count: numberOrText(at('count')) as number,
      carat: numberOrText(at('carat')) as number,
      colour: orNull('colour'),
      clarity: orNull('clarity'),
      cut: orNull('cut'),
      certificate: certified
        ? {
            lab: optionOf(at('certificate_lab'), CERTIFICATE_LABS) as 'IGI',
            number: at('certificate_number'),
            url: orNull('certificate_url'),
          }
        : null,
    };
  });
}

/** How many size_N_ columns a row fills (the highest N with any of its cells filled). */
export function sizesIn(row: CatalogueRow): number {
  let count = 0;
  for (let n = 1; n <= MAX_SIZES; n += 1)
    if (SIZE_FIELDS.some((f) => !blank(row[sizeColumn(n, f)]))) count = n;
  return count;
}

/**
 * A row as the product form's values: what productInput (the form's, REST's and tRPC's schema,
 * with its numeric bounds) then checks. `images` holds the images column's entries as typed;
 * the import turns file names into URLs before this. It forgives what can mean one thing only:
 * an option in other capitals ("Live", "Gold") and rupees written with ₹ or commas ("₹31,000").
 */
export function rowToFormValues(row: CatalogueRow, images: string[]): ProductFormValues {
  const cell = (c: string) => (row[c] ?? '').trim();
  const [topTyped = '', secondTyped = '', thirdTyped = '', ...rest] = cell('category')
    .split('>')
    .map((s) => s.trim());
  const top = optionOf(topTyped, PRODUCT_CHOICES.topLevelCategory);
  const second = optionOf(secondTyped, PRODUCT_CHOICES.secondLevelCategory);
  const third = optionOf(thirdTyped, PRODUCT_CHOICES.thirdLevelCategory);
  const pricingCell = optionOf(cell('pricing'), ['fixed', 'metal']);
  const makingKind = optionOf(cell('making_kind'), ['percent', 'perGram']);
  const sizes = Array.from({ length: sizesIn(row) }, (_, i) => {
    const at = (f: SizeField) => cell(sizeColumn(i + 1, f));
    return {
      ...(at('sku') ? { sku: at('sku') } : {}),
      weight: at('weight'),
      size: at('size'),
      stock: numberOrText(at('stock')) as number,
      netWeight: at('net_weight') === '' ? null : numberOrText(at('net_weight')),
    };
  });
  const metal = pricingCell === 'metal';
  const stones = stonesOf(row);
  return {
    ...(cell('sku') ? { sku: cell('sku') } : {}),
    ...(cell('status')
      ? { status: optionOf(cell('status'), PRODUCT_STATUSES) as ProductInput['status'] }
      : {}),
    imageUrls: images.map((imageUrl) => ({ imageUrl })),
    title: cell('title'),
    brand: cell('brand'),
    collectionName: optionOf(cell('collection'), PRODUCT_CHOICES.collectionName),
    // A path of other than three levels names no category the shop has.
    topLevelCategory: (rest.length ? '' : top) as ProductInput['topLevelCategory'],
    secondLevelCategory: (rest.length ? '' : second) as ProductInput['secondLevelCategory'],
    thirdLevelCategory: (rest.length ? '' : third) as ProductInput['thirdLevelCategory'],
    type: optionOf(cell('metal'), PRODUCT_CHOICES.type) as ProductInput['type'],
    color: optionOf(cell('color'), PRODUCT_CHOICES.color) as ProductInput['color'],
    occasion: optionOf(cell('occasion'), PRODUCT_CHOICES.occasion) as ProductInput['occasion'],
    description: cell('description'),
    details: cell('details'),
    quantity: numberOrText(cell('quantity')) as number,
    pricing: metal
      ? {
          basis: 'metal',
          metal: optionOf(cell('price_metal'), PRICING_METALS) as 'gold',
          purity: cell('purity'),
          making: {
            kind: makingKind as 'percent',
            // Rupees per gram may be written as rupees; a percent is a plain number.
            value:
              makingKind === 'perGram'
                ? rupeesOrText(cell('making_value'))
                : numberOrText(cell('making_value')),
          },
          stones: blank(row.stones_value) ? 0 : rupeesOrText(cell('stones_value')),
          makingDiscountPercent: blank(row.making_discount)
            ? 0
            : numberOrText(cell('making_discount')),
        }
      : pricingCell === '' || pricingCell === 'fixed'
        ? { basis: 'fixed' }
        : ({ basis: pricingCell } as unknown as ProductFormValues['pricing']),
    ...(metal ? {} : { price: rupeesOrText(cell('price')) as number }),
    ...(metal ? {} : { discountedPrice: rupeesOrText(cell('discounted_price')) as number }),
    hallmark: blank(row.hallmark)
      ? null
      : (optionOf(cell('hallmark'), BIS_GOLD_MARKS) as ProductInput['hallmark']),
    stones,
    sizes,
  };
}

/** The stone column a stone field's path names (certificate.lab → certificate_lab). */
function stoneColumnOfPath(index: PropertyKey | undefined, path: readonly PropertyKey[]) {
  const n = typeof index === 'number' ? index + 1 : 1;
  const [field, inner] = path;
  if (field === 'certificate')
    return stoneColumn(
      n,
      inner === 'url'
        ? 'certificate_url'
        : inner === 'lab'
          ? 'certificate_lab'
          : 'certificate_number',
    );
  return (STONE_FIELDS as readonly PropertyKey[]).includes(field ?? '')
    ? stoneColumn(n, field as StoneField)
    : stoneColumn(n, 'kind');
}

/**
 * The column a schema issue's path points at (sizes.1.netWeight → size_2_net_weight). A stone's
 * is its stone_N_ column, unless the row gave its stones as the older JSON cell (`row`).
 */
export function columnOfPath(path: readonly PropertyKey[], row?: CatalogueRow): string {
  const [head, index, field] = path;
  if (head === 'stones' && index !== undefined && (!row || stonesIn(row) > 0))
    return stoneColumnOfPath(index, path.slice(2));
  const sizeFields: Record<string, SizeField> = {
    sku: 'sku',
    weight: 'weight',
    size: 'size',
    netWeight: 'net_weight',
    stock: 'stock',
    loadedStock: 'stock',
  };
  if (head === 'sizes')
    return typeof index === 'number' && typeof field === 'string' && field in sizeFields
      ? sizeColumn(index + 1, sizeFields[field]!)
      : sizeColumn(typeof index === 'number' ? index + 1 : 1, 'weight');
  if (head === 'pricing') {
    const inner = path[path.length - 1];
    if (index === 'making') return inner === 'kind' ? 'making_kind' : 'making_value';
    if (index === 'metal') return 'price_metal';
    if (index === 'purity') return 'purity';
    if (index === 'stones') return 'stones_value';
    if (index === 'makingDiscountPercent') return 'making_discount';
    return 'pricing';
  }
  const byField: Record<string, string> = {
    sku: 'sku',
    status: 'status',
    imageUrls: 'images',
    title: 'title',
    brand: 'brand',
    color: 'color',
    price: 'price',
    discountedPrice: 'discounted_price',
    description: 'description',
    details: 'details',
    occasion: 'occasion',
    quantity: 'quantity',
    collectionName: 'collection',
    type: 'metal',
    topLevelCategory: 'category',
    secondLevelCategory: 'category',
    thirdLevelCategory: 'category',
    hallmark: 'hallmark',
    stones:
      row && stonesIn(row) === 0 && !blank(row[LEGACY_STONES_COLUMN])
        ? 'stones'
        : stoneColumn(1, 'kind'),
  };
  return byField[String(head)] ?? String(head ?? 'sku');
}

/**
 * The cells of a checked product input: what export writes and what a dry run compares, so an
 * exported file imported again compares equal cell by cell (the export-import round trip).
 */
export function inputToRow(input: ProductInput): CatalogueRow {
  const pricing = input.pricing?.basis === 'metal' ? input.pricing : null;
  const row: CatalogueRow = {
    sku: text(input.sku),
    status: text(input.status ?? 'live'),
    title: input.title,
    brand: input.brand,
    collection: input.collectionName,
    category: [input.topLevelCategory, input.secondLevelCategory, input.thirdLevelCategory].join(
      CATEGORY_SEPARATOR,
    ),
    metal: input.type,
    color: input.color,
    occasion: input.occasion,
    description: input.description,
    details: input.details,
    quantity: text(input.quantity),
    pricing: pricing ? 'metal' : 'fixed',
    price_metal: text(pricing?.metal),
    purity: pricing ? (canonicalPurity(pricing.metal, pricing.purity) ?? pricing.purity) : '',
    making_kind: text(pricing?.making.kind),
    making_value: text(pricing?.making.value),
    making_discount: text(pricing?.makingDiscountPercent),
    stones_value: text(pricing?.stones),
    // Metal-priced: computed from the day's rate, never read from the file.
    price: pricing ? '' : text(input.price),
    discounted_price: pricing ? '' : text(input.discountedPrice),
    hallmark: text(input.hallmark),
    images: input.imageUrls.map((i) => i.imageUrl).join(IMAGE_SEPARATOR),
  };
  (input.stones ?? []).forEach((s, i) => {
    const at = (f: StoneField, value: string | number | null | undefined) =>
      (row[stoneColumn(i + 1, f)] = text(value));
    at('kind', s.kind);
    at('origin', s.origin);
    at('count', s.count);
    at('carat', s.carat);
    at('colour', s.colour);
    at('clarity', s.clarity);
    at('cut', s.cut);
    at('certificate_lab', s.certificate?.lab);
    at('certificate_number', s.certificate?.number);
    at('certificate_url', s.certificate?.url);
  });
  input.sizes.forEach((s, i) => {
    row[sizeColumn(i + 1, 'sku')] = text(s.sku);
    row[sizeColumn(i + 1, 'weight')] = s.weight;
    row[sizeColumn(i + 1, 'size')] = text(s.size);
    row[sizeColumn(i + 1, 'net_weight')] = text(s.netWeight);
    row[sizeColumn(i + 1, 'stock')] = text(s.stock);
  });
  return row;
}

/** A stored product as the form's values: what export writes (through the same schema). */
export function viewToFormValues(view: ProductView): ProductFormValues {
  // A lone image is repeated in views for the hover (product-view.ts): the file names it once.
  const urls = [...new Set(view.imageUrls.map((i) => i.imageUrl))];
  const pricing = view.pricing?.basis === 'metal' ? view.pricing : null;
  return {
    sku: view.sku,
    status: view.status,
    imageUrls: urls.map((imageUrl) => ({ imageUrl })),
    title: view.title,
    brand: view.brand,
    color: view.color as ProductInput['color'],
    price: view.price,
    discountedPrice: view.discountedPrice,
    description: view.description,
    details: view.details,
    occasion: view.occasion as ProductInput['occasion'],
    quantity: view.quantity,
    collectionName: view.collectionName,
    type: view.type as ProductInput['type'],
    topLevelCategory: view.topLevelCategory as ProductInput['topLevelCategory'],
    secondLevelCategory: view.secondLevelCategory as ProductInput['secondLevelCategory'],
    thirdLevelCategory: view.thirdLevelCategory as ProductInput['thirdLevelCategory'],
    hallmark: (view.hallmark ?? null) as ProductInput['hallmark'],
    pricing: pricing
      ? {
          basis: 'metal',
          metal: pricing.metal as 'gold',
          purity: pricing.purity,
          making: pricing.making,
          stones: pricing.stones,
          makingDiscountPercent: pricing.makingDiscountPercent,
        }
      : { basis: 'fixed' },
    stones: stoneRowsOf(view.stones, { keepStoredLab: true }),
    sizes: view.sizes.map((s) => ({
      sku: s.sku,
      weight: s.weight,
      size: s.size,
      stock: s.stock,
      netWeight: s.netWeight ?? null,
    })),
  };
}
