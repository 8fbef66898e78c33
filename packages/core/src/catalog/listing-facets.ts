import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import {
  ALL_CATEGORIES,
  FACET_NAMES,
  resolveCategory,
  type FacetName,
  type ListingFacets,
  type ProductFilter,
  type ProductPage,
} from '@kanak/shared';
import { countFacets, facetIndex } from './facet-index';
import { cachedListingValue } from './listing-counts';
import { listProducts, productsMatching } from './list-products';

/** Which rows each facet's own filter keeps (null: that filter is not set). */
function chosenValues(filter: ProductFilter): Record<FacetName, ReadonlySet<string> | null> {
  const among = (values: string[]) => (values.length ? new Set(values) : null);
  return {
    color: among(filter.colors),
    occasion: among(filter.occasions),
    type: among(filter.types),
    category:
      filter.category === ALL_CATEGORIES ? null : new Set([resolveCategory(filter.category)]),
  };
}

type FacetGroup = Record<FacetName, string> & { n: number };

/**
 * Live pieces per (category, colour, occasion, metal) under the filters no facet drops (price,
 * discount, collection, origin): one grouped query, an index-only scan of products_facets_idx
 * (migration 030) yielding at most a few thousand groups, cached per base filters. The fallback
 * when the catalogue is too large for the facet index.
 */
function facetGroups(db: Kysely<Database>, filter: ProductFilter): Promise<FacetGroup[]> {
  const base = { ...filter, colors: [], types: [], occasions: [], category: ALL_CATEGORIES };
  const { pageNumber: _p, pageSize: _s, sort: _o, ...key } = base;
  return cachedListingValue(db, `facets:${JSON.stringify(key)}`, async () => {
    const rows = await productsMatching(db, base)
      .select((eb) => [
        'products.category_name as category',
        'products.color as color',
        'products.occasion as occasion',
        'products.type as type',
        eb.fn.countAll<string>().as('n'),
      ])
      .groupBy(['products.category_name', 'products.color', 'products.occasion', 'products.type'])
      .execute();
    return rows.map((row) => ({ ...row, n: Number(row.n) }));
  });
}

/**
 * Facet counts from SQL (each facet sums the groups that pass the other three facets' filters):
 * what listingFacets answers when the facet index is not kept (above FACET_INDEX_MAX_PRODUCTS).
 */
export async function groupedListingFacets(
  db: Kysely<Database>,
  filter: ProductFilter,
): Promise<ListingFacets> {
  const groups = await facetGroups(db, filter);
  const chosen = chosenValues(filter);
  const passes = (group: FacetGroup, name: FacetName) => {
    const values = chosen[name];
    return values === null || values.has(group[name]);
  };
  const facets: ListingFacets = { color: [], occasion: [], type: [], category: [] };
  for (const name of FACET_NAMES) {
    const others = FACET_NAMES.filter((other) => other !== name);
    const counts = new Map<string, number>();
    for (const group of groups) {
      const before = counts.get(group[name]) ?? 0;
      // A value present under the base filters is listed, with 0 when the others rule it out.
      counts.set(group[name], before + (others.every((o) => passes(group, o)) ? group.n : 0));
    }
    facets[name] = [...counts]
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => a.value.localeCompare(b.value));
  }
  return facets;
}

/**
 * Facet counts of a listing: for each of colour, occasion, metal and third-level
 * category, how many live pieces each value leaves if chosen given the request's OTHER filters.
 * Counted in memory over the facet index (facet-index.ts), one pass over the price range's rows:
 * exact at any catalogue size (no estimate), whatever the price range, and dropped by the same
 * product writes as the listing totals. A value present under the filters no facet drops (price,
 * discount, collection, origin) is listed, with 0 when the other facets' choices rule it out.
 */
export async function listingFacets(
  db: Kysely<Database>,
  filter: ProductFilter,
): Promise<ListingFacets> {
  const index = await facetIndex(db);
  if (!index) return groupedListingFacets(db, filter);
  return countFacets(index, filter, chosenValues(filter)).facets;
}

/**
 * GET /api/products and catalog.list: the listing page with its facet counts, read together. The
 * facet index's pass also counts the listing's total (the row passing every filter), so only the
 * page's rows are read from SQL; without an index, the total and the facets are counted in SQL.
 */
export async function listProductsWithFacets(
  db: Kysely<Database>,
  filter: ProductFilter,
): Promise<ProductPage> {
  const index = await facetIndex(db);
  if (!index) {
    const [page, facets] = await Promise.all([
      listProducts(db, filter),
      groupedListingFacets(db, filter),
    ]);
    return { ...page, facets };
  }
  const { facets, total } = countFacets(index, filter, chosenValues(filter));
  return { ...(await listProducts(db, filter, { total })), facets };
}
