import { LISTING_SEARCH_PARAMS } from '@kanak/shared';

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
