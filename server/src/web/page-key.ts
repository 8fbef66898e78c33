import {
  ALL_CATEGORIES,
  CATEGORY_ALIASES,
  COLORS,
  LISTING_SEARCH_PARAMS,
  LISTING_TYPES,
  METALS,
  OCCASIONS,
  SECOND_LEVEL_CATEGORIES,
  SHOP_CATEGORIES,
  SORT_VALUES,
  THIRD_LEVEL_CATEGORIES,
} from '@kanak/shared';

/** A listing's path: three levels (the catalogue menu's), as web/src/routes/listing.tsx reads it. */
const LISTING_PATH = /^\/[^/]+\/[^/]+\/[^/]+\/?$/;
const SEARCH_PARAMS = [...LISTING_SEARCH_PARAMS, 'q'] as const;

/** The query parameters a server-rendered route reads (its validateSearch); others change nothing. */
function paramsReadAt(pathname: string): readonly string[] {
  if (pathname === '/search' || pathname === '/search/') return SEARCH_PARAMS;
  if (LISTING_PATH.test(pathname)) return LISTING_SEARCH_PARAMS;
  return [];
}

/**
 * The URL a storefront page is rendered and cached under: the path with only the query
 * parameters its route reads, non-empty, sorted. `/?z=<random>` is then the page `/`, from its
 * cache entry, so random query strings can neither force renders nor push real pages out.
 */
export function pageUrl(rawUrl: string): string {
  const url = new URL(rawUrl, 'http://page.invalid');
  const kept = paramsReadAt(url.pathname)
    .flatMap((name) => url.searchParams.getAll(name).map((value) => [name, value] as const))
    .filter(([, value]) => value !== '')
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
  const query = new URLSearchParams(
    kept.map(([name, value]): [string, string] => [name, value]),
  ).toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/**
 * A product id as PostgreSQL's uuid reads it (any case, braces, hyphens anywhere between groups
 * of four) in its one spelling: lower case, 8-4-4-4-12. Anything else is left as it is (not found).
 */
function canonicalId(id: string): string {
  const hex = id.replace(/^\{(.*)\}$/, '$1').replaceAll('-', '');
  if (!/^[0-9a-f]{32}$/i.test(hex)) return id;
  const h = hex.toLowerCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * The one spelling of a product or listing path: %-escapes decoded (and only the needed ones
 * put back), no trailing slash, lower case (the router matches paths in any case and a
 * listing's levels are read in lower case), a product id as canonicalId spells it. Upper-case or
 * %-encoded spellings of a real product render the same page: each would otherwise be its own
 * cache entry, so they are answered 301 to this path instead. Other paths are returned as given.
 */
export function canonicalPath(pathname: string): string {
  let levels: string[];
  try {
    levels = pathname.split('/').slice(1).map(decodeURIComponent);
  } catch {
    return pathname; // a broken %-escape: the not-found page, never kept
  }
  if (levels.length > 1 && levels.at(-1) === '') levels.pop();
  const [first] = levels;
  if (levels.length === 2 && first?.toLowerCase() === 'product')
    levels = ['product', canonicalId(levels[1]!)];
  else if (levels.length === 3) levels = levels.map((level) => level.toLowerCase());
  else return pathname;
  return `/${levels.map(encodeURIComponent).join('/')}`;
}

const LISTING_WORDS = new Set<string>([
  ALL_CATEGORIES,
  'all-jewellery',
  'category',
  ...METALS,
  ...LISTING_TYPES,
  ...OCCASIONS,
  ...SECOND_LEVEL_CATEGORIES,
  ...THIRD_LEVEL_CATEGORIES,
  ...SHOP_CATEGORIES,
  ...Object.keys(CATEGORY_ALIASES),
]);

/** The values of each read parameter that the shop's own links and menus use. */
const KNOWN_VALUES: Record<string, (value: string) => boolean> = {
  color: listOf(COLORS),
  type: listOf([...LISTING_TYPES, ...METALS]),
  occasion: listOf(OCCASIONS),
  sort: (v) => ([...SORT_VALUES, 'relevance'] as string[]).includes(v),
  origin: (v) => v === 'natural' || v === 'laboratory-grown',
  page: (v) => /^[1-9][0-9]?$/.test(v),
};
function listOf(values: readonly string[]) {
  return (value: string) => value.split(',').every((v) => values.includes(v));
}

/**
 * How the page cache treats a page key's URL (from pageUrl): `variant` pages (any query, or a
 * listing path) come in endless spellings and share a bounded part of the cache; `known` ones use
 * only the shop's own words (menu categories, colours, occasions, metals, sorts) and are kept at
 * their first render, the others only when asked for again (page-admission).
 */
export function pageKind(url: string): { variant: boolean; known: boolean } {
  const [path = '/', query] = url.split('?', 2);
  const listing = LISTING_PATH.test(path);
  if (!query && !listing) return { variant: false, known: true };
  const pathKnown =
    !listing ||
    path
      .split('/')
      .filter(Boolean)
      .every((level) => LISTING_WORDS.has(level));
  const paramsKnown = [...new URLSearchParams(query ?? '')].every(
    ([name, value]) => KNOWN_VALUES[name]?.(value) ?? false,
  );
  // A menu's listing page itself is a page like the home page: it is not kept among variants.
  return { variant: Boolean(query) || !pathKnown, known: pathKnown && paramsKnown };
}
