import { sql, type Kysely } from 'kysely';
import { PREPARED, type Database } from '@kanak/db';
import { ALL_CATEGORIES, INT32_MAX, resolveCategory, type ProductFilter } from '@kanak/shared';
import { cachedCount, cachedListingValue } from './listing-counts';
import { PRODUCT_COLUMNS, toProductViews } from './product-view';
import type { PriceRange, ProductPage } from '@kanak/shared';

/** The answer shapes are declared once, as zod schemas in @kanak/shared. */
export type { ProductPage };

/**
 * GET /api/products: filters of spec section 7, `category` matching the third level. `known`:
 * the total when the caller has counted it already (the facet index's pass), else it is counted.
 */
export async function listProducts(
  db: Kysely<Database>,
  filter: ProductFilter,
  known?: { total: number },
): Promise<ProductPage> {
  const query = productsMatching(db, filter);
  const offset = (filter.pageNumber - 1) * filter.pageSize;
  const direction = filter.sort === 'high_to_low' ? 'desc' : 'asc';
  const { pageNumber: _page, pageSize: _size, sort: _sort, ...counted } = filter;
  const [total, rows, priceRange] = await Promise.all([
    known?.total ??
      cachedCount(db, JSON.stringify(counted), async () =>
        Number(
          (await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow())
            .n,
        ),
      ),
    query
      .select([...PRODUCT_COLUMNS])
      // The tie-break runs the same way as the price, so both come from one index scan.
      .orderBy('products.discounted_price', direction)
      .orderBy('products.id', direction)
      .limit(filter.pageSize)
      .offset(offset)
      // Its text depends on which filters are set, never on their values (lists are arrays):
      // a bounded set of statements, each parsed once per connection.
      .modifyEnd(PREPARED)
      .execute(),
    listingPriceRange(db, filter),
  ]);
  return {
    content: await toProductViews(db, rows),
    totalPages: Math.ceil(total / filter.pageSize),
    currentPage: filter.pageNumber,
    totalElements: total,
    priceRange,
  };
}

/**
 * The cheapest and dearest piece of the listing with its price filter left out: the range the
 * price slider spans, so it shows what the listing holds rather than a fixed ₹1,000–₹60,000.
 */
export function listingPriceRange(
  db: Kysely<Database>,
  filter: ProductFilter,
): Promise<PriceRange | null> {
  const { pageNumber: _p, pageSize: _s, sort: _o, minPrice: _a, maxPrice: _b, ...ranged } = filter;
  const unpriced = { ...filter, minPrice: 0, maxPrice: INT32_MAX };
  return cachedListingValue(db, `range:${JSON.stringify(ranged)}`, async () => {
    const row = await productsMatching(db, unpriced)
      .select((eb) => [
        eb.fn.min('products.discounted_price').as('min'),
        eb.fn.max('products.discounted_price').as('max'),
      ])
      .executeTakeFirst();
    return row?.min == null || row.max == null
      ? null
      : { min: Number(row.min), max: Number(row.max) };
  });
}

/** The products a listing filter matches (every filter but the page and the order). */
export function productsMatching(db: Kysely<Database>, filter: ProductFilter) {
  let query = db
    .selectFrom('products')
    // Drafts and archived pieces are never listed.
    .where('products.status', '=', 'live')
    .where('products.discounted_price', '>=', filter.minPrice)
    .where('products.discounted_price', '<=', filter.maxPrice)
    .where('products.discount_percent', '>=', filter.minDiscount)
    .where('products.discount_percent', '<=', filter.maxDiscount);
  // One index (category_name, discounted_price, id) serves this filter and the price order.
  if (filter.category !== ALL_CATEGORIES)
    query = query.where('products.category_name', '=', resolveCategory(filter.category));
  // A list as one array parameter (`= any($1)`): the same text for one colour or three.
  if (filter.colors.length)
    query = query.where(sql<boolean>`products.color = any(${filter.colors}::text[])`);
  if (filter.types.length)
    query = query.where(sql<boolean>`products.type = any(${filter.types}::text[])`);
  if (filter.occasions.length)
    query = query.where(sql<boolean>`products.occasion = any(${filter.occasions}::text[])`);
  if (filter.collection) query = query.where('products.collection_name', '=', filter.collection);
  if (filter.origin) {
    const origin = filter.origin;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('product_stones')
          .select('product_stones.id')
          .whereRef('product_stones.product_id', '=', 'products.id')
          .where('product_stones.origin', '=', origin),
      ),
    );
  }

  return query;
}
