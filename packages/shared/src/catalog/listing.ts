// Listing query rules of spec sections 2, 4, 5 and 9: parsing, defaults, redirects.
import { clampNumber, dbText, INT32_MAX } from '../validation/db-limits';
import { ALL_CATEGORIES, METALS, OCCASIONS, SORT_VALUES, type Sort } from './options';

export const PAGE_SIZE = 12;
export const PRICE_BOUNDS = { min: 100, max: 1_000_000, step: 5 } as const;
export const PRICE_SLIDER_INITIAL = [1000, 60000] as const;
export const DISCOUNT_BOUNDS = { min: 0, max: 100 } as const;
export const DISCOUNT_SLIDER = { min: 0, max: 90, step: 1 } as const;
export const DISCOUNT_SLIDER_INITIAL = [10, 50] as const;
export const MAX_PAGE_SIZE = 100;

/** Filters of GET /api/products after defaults are applied. */
export interface ProductFilter {
  category: string;
  colors: string[];
  types: string[];
  occasions: string[];
  minPrice: number;
  maxPrice: number;
  minDiscount: number;
  maxDiscount: number;
  sort: Sort;
  pageNumber: number;
  pageSize: number;
  /** Products of one collection (collection_name), when asked for. */
  collection?: string;
  /** Products with stones of this origin (natural or laboratory-grown), when asked for. */
  origin?: 'natural' | 'laboratory-grown';
}

type RawValue = string | string[] | number | undefined | null;

/** Empty strings and the text 'undefined'/'null' mean absent (design.md contracts). */
export function presentText(value: RawValue): string | undefined {
  if (value === undefined || value === null) return undefined;
  // NUL cannot reach PostgreSQL text; it is dropped like surrounding blanks.
  const text = dbText(Array.isArray(value) ? value.join(',') : String(value)).trim();
  if (text === '' || text === 'undefined' || text === 'null') return undefined;
  return text;
}

export function parseList(value: RawValue): string[] {
  const text = presentText(value);
  if (!text) return [];
  return [
    ...new Set(
      text
        .split(',')
        .map((v) => v.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

/** A query value read as a number: `fallback` when absent or unreadable, kept within min..max. */
export interface ParseNumberOptions {
  value: RawValue;
  fallback: number;
  min: number;
  max: number;
}

function parseNumber({ value, fallback, min, max }: ParseNumberOptions): number {
  const text = presentText(value);
  if (text === undefined) return fallback;
  return clampNumber(Number(text), min, max) ?? fallback;
}

/**
 * A filter range over an integer column: the two ends ordered, then narrowed to the whole numbers
 * inside (minPrice 99.5 matches what 100 matches; 5e-324 what 1 matches). A range with no whole
 * number inside (10.2 to 10.8) comes out with min above max and matches nothing.
 */
function wholeRange(a: number, b: number): [number, number] {
  return [Math.ceil(Math.min(a, b)), Math.floor(Math.max(a, b))];
}

function parseInteger({ value, fallback, min, max }: ParseNumberOptions): number {
  const text = presentText(value);
  if (text === undefined || !/^\d+$/.test(text)) return fallback;
  return Math.min(max, Math.max(min, Number(text)));
}

/** 'gemstones' is the listing filter's label for the gemstone metal. */
export function normaliseType(type: string): string {
  return type === 'gemstones' ? 'gemstone' : type;
}

export type RawProductQuery = Partial<
  Record<
    | 'collection'
    | 'origin'
    | 'color'
    | 'minPrice'
    | 'maxPrice'
    | 'minDiscount'
    | 'maxDiscount'
    | 'type'
    | 'category'
    | 'occasion'
    | 'sort'
    | 'pageNumber'
    | 'pageSize',
    RawValue
  >
>;

/**
 * The product listing's filters from any client's query (REST strings, tRPC strings or numbers):
 * absent or unreadable values take the spec's defaults, prices are clamped to what the integer
 * columns hold, and fractional bounds narrow to whole rupees and percents, so no filter value can
 * fail in the database.
 */
export function parseProductQuery(raw: RawProductQuery): ProductFilter {
  const [minPrice, maxPrice] = wholeRange(
    parseNumber({ value: raw.minPrice, fallback: 0, min: 0, max: INT32_MAX }),
    parseNumber({ value: raw.maxPrice, fallback: PRICE_BOUNDS.max, min: 0, max: INT32_MAX }),
  );
  const [minDiscount, maxDiscount] = wholeRange(
    parseNumber({ value: raw.minDiscount, fallback: DISCOUNT_BOUNDS.min, min: 0, max: 100 }),
    parseNumber({ value: raw.maxDiscount, fallback: DISCOUNT_BOUNDS.max, min: 0, max: 100 }),
  );
  const sortText = presentText(raw.sort);
  const sort: Sort = (SORT_VALUES as readonly string[]).includes(sortText ?? '')
    ? (sortText as Sort)
    : 'low_to_high';
  const category = presentText(raw.category)?.toLowerCase() ?? ALL_CATEGORIES;
  const collection = presentText(raw.collection);
  const originText = presentText(raw.origin)?.toLowerCase();
  // An unknown origin is left out, as every listing filter is (never refused).
  const origin =
    originText === 'natural' || originText === 'laboratory-grown' ? originText : undefined;
  return {
    category,
    colors: parseList(raw.color),
    types: parseList(raw.type).map(normaliseType),
    occasions: parseList(raw.occasion),
    minPrice,
    maxPrice,
    minDiscount,
    maxDiscount,
    sort,
    pageNumber: parseInteger({ value: raw.pageNumber, fallback: 1, min: 1, max: 1_000_000 }),
    pageSize: parseInteger({
      value: raw.pageSize,
      fallback: PAGE_SIZE,
      min: 1,
      max: MAX_PAGE_SIZE,
    }),
    ...(collection === undefined ? {} : { collection }),
    ...(origin === undefined ? {} : { origin }),
  };
}

/** The web listing's URL query (spec section 2: color, price, discount, sort, page, type, occasion). */
export interface ListingSearch {
  color?: string;
  price?: string;
  discount?: string;
  sort?: string;
  page?: string | number;
  type?: string;
  occasion?: string;
  /** natural or laboratory-grown stones. */
  origin?: string;
}

/** Every parameter of ListingSearch: what a listing page reads of its URL (page cache keys). */
export const LISTING_SEARCH_PARAMS = [
  'color',
  'price',
  'discount',
  'sort',
  'page',
  'type',
  'occasion',
  'origin',
] as const satisfies readonly (keyof ListingSearch)[];

/** A 'min,max' query value (price, discount) as two numbers, or the fallback. */
export function parseRange(
  text: string | undefined,
  fallback: readonly [number, number],
): [number, number] {
  const parts = (text ?? '').split(',').map((p) => Number(p));
  if (parts.length !== 2 || parts.some((p) => !Number.isFinite(p)))
    return [fallback[0], fallback[1]];
  return [parts[0]!, parts[1]!];
}

/** Turns the listing page's URL state into the product query (spec section 5 defaults). */
export function listingToProductQuery(category: string, search: ListingSearch): ProductFilter {
  const [minPrice, maxPrice] = parseRange(search.price, [PRICE_BOUNDS.min, PRICE_BOUNDS.max]);
  const [minDiscount, maxDiscount] = parseRange(search.discount, [
    DISCOUNT_BOUNDS.min,
    DISCOUNT_BOUNDS.max,
  ]);
  return parseProductQuery({
    category,
    color: search.color,
    type: search.type,
    occasion: search.occasion,
    origin: search.origin,
    minPrice,
    maxPrice,
    minDiscount,
    maxDiscount,
    sort: search.sort,
    pageNumber: search.page === undefined ? undefined : String(search.page),
    pageSize: PAGE_SIZE,
  });
}

/** Adds or removes one value of a comma-separated filter; undefined when the list empties. */
export function toggleListValue(current: string | undefined, value: string): string | undefined {
  const values = parseList(current);
  const next = values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
  return next.length ? next.join(',') : undefined;
}

export type ListingRedirect = { levels: [string, string, string]; search: ListingSearch } | null;

/**
 * Redirect rules of spec section 2: a type or occasion in the path becomes a query parameter
 * and the path becomes /{levelOne}/{x}/jewellery.
 */
export function listingRedirect(
  levels: [string, string, string],
  search: ListingSearch,
): ListingRedirect {
  const [one, , three] = levels;
  const isType = (v: string) => (METALS as readonly string[]).includes(v);
  if (isType(three)) {
    return { levels: [one, three, ALL_CATEGORIES], search: { ...search, type: three } };
  }
  if (isType(one) && search.type !== one) {
    return { levels, search: { ...search, type: one } };
  }
  if ((OCCASIONS as readonly string[]).includes(three)) {
    return { levels: [one, three, ALL_CATEGORIES], search: { ...search, occasion: three } };
  }
  return null;
}

/** Menu items that name a ring style rather than a stored third-level category. */
export const CATEGORY_ALIASES: Record<string, string> = {
  pearl: 'pearl-ring',
  couple: 'couple-ring',
  engagement: 'eangagement-ring',
  earrings: 'earring',
  rings: 'ring',
  necklaces: 'necklace',
  nacklaces: 'necklace',
};

export function resolveCategory(category: string): string {
  return CATEGORY_ALIASES[category] ?? category;
}
