import type { ProductFormValues, ProductInput } from '../catalog/product-input';
import type { ProductView } from '../catalog/views';
import { canonicalPurity } from '../pricing/purities';

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
  'hallmark',
  'stones',
  'images',
] as const;
export type ProductColumn = (typeof CATALOGUE_PRODUCT_COLUMNS)[number];

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

/** The heading row for products of up to `sizes` sizes. */
export function catalogueColumns(sizes: number): string[] {
  const perSize = Array.from({ length: Math.max(1, sizes) }, (_, i) =>
    SIZE_FIELDS.map((f) => sizeColumn(i + 1, f)),
  ).flat();
  return [...CATALOGUE_PRODUCT_COLUMNS, ...perSize];
}

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
 * the import turns file names into URLs before this.
 */
export function rowToFormValues(row: CatalogueRow, images: string[]): ProductFormValues {
  const cell = (c: string) => (row[c] ?? '').trim();
  const [top = '', second = '', third = '', ...rest] = cell('category')
    .split('>')
    .map((s) => s.trim());
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
  const metal = cell('pricing') === 'metal';
  let stones: ProductFormValues['stones'];
  if (!blank(row.stones)) {
    try {
      stones = JSON.parse(cell('stones')) as ProductFormValues['stones'];
    } catch {
      stones = cell('stones') as unknown as ProductFormValues['stones'];
    }
  } else stones = [];
  return {
    ...(cell('sku') ? { sku: cell('sku') } : {}),
    ...(cell('status') ? { status: cell('status') as ProductInput['status'] } : {}),
    imageUrls: images.map((imageUrl) => ({ imageUrl })),
    title: cell('title'),
    brand: cell('brand'),
    collectionName: cell('collection'),
    // A path of other than three levels names no category the shop has.
    topLevelCategory: (rest.length ? '' : top) as ProductInput['topLevelCategory'],
    secondLevelCategory: (rest.length ? '' : second) as ProductInput['secondLevelCategory'],
    thirdLevelCategory: (rest.length ? '' : third) as ProductInput['thirdLevelCategory'],
    type: cell('metal') as ProductInput['type'],
    color: cell('color') as ProductInput['color'],
    occasion: cell('occasion') as ProductInput['occasion'],
    description: cell('description'),
    details: cell('details'),
    quantity: numberOrText(cell('quantity')) as number,
    pricing: metal
      ? {
          basis: 'metal',
          metal: cell('price_metal') as 'gold',
          purity: cell('purity'),
          making: {
            kind: cell('making_kind') as 'percent',
            value: numberOrText(cell('making_value')),
          },
          stones: blank(row.stones_value) ? 0 : numberOrText(cell('stones_value')),
          makingDiscountPercent: blank(row.making_discount)
            ? 0
            : numberOrText(cell('making_discount')),
        }
      : cell('pricing') === '' || cell('pricing') === 'fixed'
        ? { basis: 'fixed' }
        : ({ basis: cell('pricing') } as unknown as ProductFormValues['pricing']),
    ...(metal ? {} : { price: numberOrText(cell('price')) as number }),
    ...(metal ? {} : { discountedPrice: numberOrText(cell('discounted_price')) as number }),
    hallmark: blank(row.hallmark) ? null : (cell('hallmark') as ProductInput['hallmark']),
    stones,
    sizes,
  };
}

/** The column a schema issue's path points at (sizes.1.netWeight → size_2_net_weight). */
export function columnOfPath(path: readonly PropertyKey[]): string {
  const [head, index, field] = path;
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
    stones: 'stones',
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
    stones: input.stones && input.stones.length ? JSON.stringify(input.stones) : '',
    images: input.imageUrls.map((i) => i.imageUrl).join(IMAGE_SEPARATOR),
  };
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
    stones: (view.stones ?? []).map((s) => ({
      kind: s.kind,
      origin: s.origin,
      count: s.count,
      carat: s.carat,
      colour: s.colour,
      clarity: s.clarity,
      cut: s.cut,
      certificate: s.certificate && {
        lab: s.certificate.lab as 'IGI',
        number: s.certificate.number,
        url: s.certificate.url,
      },
    })),
    sizes: view.sizes.map((s) => ({
      sku: s.sku,
      weight: s.weight,
      size: s.size,
      stock: s.stock,
      netWeight: s.netWeight ?? null,
    })),
  };
}
