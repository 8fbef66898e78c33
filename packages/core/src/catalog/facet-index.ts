import { sql, type Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { FacetName, ListingFacets, ProductFilter } from '@kanak/shared';
import { listingGeneration } from './listing-counts';

/**
 * The facet index: every live product as one row of typed arrays holding what the
 * listing filters read (price, discount, category, colour, occasion, metal, collection, stone
 * origins), so a listing's facet counts are one linear pass in memory at any price range instead
 * of a grouped scan per range. 16 bytes a product (4 price, 1 discount, 1 origins, 5 × 2 codes),
 * plus one string per distinct value; rows are kept in price order, so a price range is a slice.
 */
export interface FacetIndex {
  readonly size: number;
  /** discounted_price, ascending. */
  readonly price: Int32Array;
  readonly discount: Uint8Array;
  /** Bits of ORIGIN_BITS: which stone origins the piece has. */
  readonly origins: Uint8Array;
  /** Each text column as codes into `values`. */
  readonly columns: Readonly<Record<IndexedText, Uint16Array>>;
  readonly values: Readonly<Record<IndexedText, readonly string[]>>;
  readonly codes: Readonly<Record<IndexedText, ReadonlyMap<string, number>>>;
}

type IndexedText = FacetName | 'collection';
const TEXT_COLUMNS: readonly IndexedText[] = [
  'category',
  'color',
  'occasion',
  'type',
  'collection',
];

/**
 * The bound on its memory: above this many live products (16 MB of rows) the index is not built
 * and the facets fall back to the grouped SQL count, as they do if a text column ever holds more
 * distinct values than a 16-bit code can name.
 */
export const FACET_INDEX_MAX_PRODUCTS = 1_000_000;
const MAX_CODES = 0x10000;
export const FACET_INDEX_BYTES_PER_PRODUCT = 16;

/**
 * How long an index is answered without a reload, like the listing counts' TTL: the net under a
 * change another server announced and this one missed. Past it the index is still answered while
 * one reload runs (a product write drops it at once: that is clearListingCounts).
 */
export const FACET_INDEX_TTL_MS = 30_000;

export const ORIGIN_BITS: Readonly<Record<NonNullable<ProductFilter['origin']>, number>> = {
  natural: 1,
  'laboratory-grown': 2,
};

interface Slot {
  kept: { index: FacetIndex | null; generation: number; at: number } | null;
  loading: { promise: Promise<FacetIndex | null>; generation: number } | null;
}

const slots = new WeakMap<Kysely<Database>, Slot>();

/**
 * The facet index of this database's live catalogue, or null when it is too large to keep (the
 * caller counts in SQL). Loaded once (concurrent callers share the load) and kept until a product
 * write clears the listing counts in this process, or on another server, announced on Redis.
 */
export function facetIndex(db: Kysely<Database>): Promise<FacetIndex | null> {
  let slot = slots.get(db);
  if (!slot) {
    slot = { kept: null, loading: null };
    slots.set(db, slot);
  }
  const generation = listingGeneration(db);
  const kept = slot.kept;
  if (kept && kept.generation === generation) {
    if (Date.now() - kept.at > FACET_INDEX_TTL_MS && !slot.loading)
      // A failed refresh keeps the answer it has; the next request past the TTL tries again.
      load(db, slot, generation).catch(() => {});
    return Promise.resolve(kept.index);
  }
  // Dropped by a write: its memory goes now, not when the next load lands.
  slot.kept = null;
  if (slot.loading?.generation === generation) return slot.loading.promise;
  return load(db, slot, generation);
}

function load(db: Kysely<Database>, slot: Slot, generation: number) {
  const at = Date.now();
  const promise = loadFacetIndex(db)
    .then((index) => {
      // Begun before a write: answered to whoever waited for it, never kept.
      if (listingGeneration(db) === generation) slot.kept = { index, generation, at };
      return index;
    })
    .finally(() => {
      if (slot.loading?.promise === promise) slot.loading = null;
    });
  slot.loading = { promise, generation };
  return promise;
}

/** Rows read per statement while loading: the load holds at most this many row objects. */
const LOAD_PAGE = 20_000;

/**
 * The live products in price order, read a page at a time (keyset on price and id) after one
 * count: memory holds the typed arrays and one page of rows, never the whole catalogue as
 * objects, and a catalogue past the bound costs that count only. Each row's stone origins come
 * from its own index probe of product_stones.
 */
export async function loadFacetIndex(db: Kysely<Database>): Promise<FacetIndex | null> {
  const live = Number(
    (
      await db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('status', '=', 'live')
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (live > FACET_INDEX_MAX_PRODUCTS) return null;

  // Sized by the count; writes between the count and the last page may add rows: grown then.
  let capacity = live + 64;
  let price = new Int32Array(capacity);
  let discount = new Uint8Array(capacity);
  let origins = new Uint8Array(capacity);
  const columns = {} as Record<IndexedText, Uint16Array>;
  const values = {} as Record<IndexedText, string[]>;
  const codes = {} as Record<IndexedText, Map<string, number>>;
  for (const name of TEXT_COLUMNS) {
    columns[name] = new Uint16Array(capacity);
    values[name] = [];
    codes[name] = new Map();
  }
  const grow = () => {
    capacity *= 2;
    const bigger = <T extends Int32Array | Uint8Array | Uint16Array>(
      old: T,
      make: new (n: number) => T,
    ) => {
      const next = new make(capacity);
      next.set(old);
      return next;
    };
    price = bigger(price, Int32Array);
    discount = bigger(discount, Uint8Array);
    origins = bigger(origins, Uint8Array);
    for (const name of TEXT_COLUMNS) columns[name] = bigger(columns[name], Uint16Array);
  };

  let size = 0;
  let after: { price: number; id: string } | null = null;
  for (;;) {
    let query = db
      .selectFrom('products')
      .where('products.status', '=', 'live')
      .select([
        'products.id',
        'products.discounted_price as price',
        'products.discount_percent as discount',
        'products.category_name as category',
        'products.color as color',
        'products.occasion as occasion',
        'products.type as type',
        'products.collection_name as collection',
        sql<number | null>`(SELECT bit_or(CASE s.origin
          WHEN 'natural' THEN ${sql.lit(ORIGIN_BITS.natural)}
          WHEN 'laboratory-grown' THEN ${sql.lit(ORIGIN_BITS['laboratory-grown'])}
          ELSE 0 END) FROM product_stones s WHERE s.product_id = products.id)`.as('origins'),
      ]);
    if (after)
      query = query.where(
        sql<boolean>`(products.discounted_price, products.id) > (${after.price}, ${after.id})`,
      );
    const rows = await query
      .orderBy('products.discounted_price')
      .orderBy('products.id')
      .limit(LOAD_PAGE)
      .execute();
    if (size + rows.length > FACET_INDEX_MAX_PRODUCTS) return null;
    for (const row of rows) {
      if (size === capacity) grow();
      price[size] = row.price;
      discount[size] = row.discount;
      origins[size] = row.origins ?? 0;
      for (const name of TEXT_COLUMNS) {
        const value = row[name];
        let code = codes[name].get(value);
        if (code === undefined) {
          code = values[name].length;
          if (code >= MAX_CODES) return null;
          values[name].push(value);
          codes[name].set(value, code);
        }
        columns[name][size] = code;
      }
      size += 1;
    }
    if (rows.length < LOAD_PAGE) break;
    const last = rows[rows.length - 1]!;
    after = { price: last.price, id: last.id };
  }
  const cut = {} as Record<IndexedText, Uint16Array>;
  for (const name of TEXT_COLUMNS) cut[name] = columns[name].subarray(0, size);
  return {
    size,
    price: price.subarray(0, size),
    discount: discount.subarray(0, size),
    origins: origins.subarray(0, size),
    columns: cut,
    values,
    codes,
  };
}

/** The first row priced above `price` (or, `orAt`, at or above it): rows are in price order. */
function firstPriced(prices: Int32Array, price: number, orAt: boolean): number {
  let lo = 0;
  let hi = prices.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const p = prices[mid]!;
    if (p < price || (!orAt && p === price)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Which codes of a column a facet's own filter keeps: all (null) or the chosen values. */
function allowed(index: FacetIndex, name: FacetName, chosen: ReadonlySet<string> | null) {
  const size = index.values[name].length;
  if (chosen === null) return new Uint8Array(size).fill(1);
  const keep = new Uint8Array(size);
  for (const value of chosen) {
    const code = index.codes[name].get(value);
    if (code !== undefined) keep[code] = 1;
  }
  return keep;
}

/**
 * Facet counts, and the listing's total, in one pass over the rows of the price range: a row
 * passing the base filters (discount, collection, origin) lists its four values; it counts for a
 * facet's value when it passes the other three facets' choices, and for the total when it passes
 * all four. The same predicates as productsMatching, so the figures equal COUNT(*).
 */
export function countFacets(
  index: FacetIndex,
  filter: ProductFilter,
  chosen: Readonly<Record<FacetName, ReadonlySet<string> | null>>,
): { facets: ListingFacets; total: number } {
  const facets: ListingFacets = { color: [], occasion: [], type: [], category: [] };
  let collection = -1;
  if (filter.collection !== undefined) {
    const code = index.codes.collection.get(filter.collection);
    if (code === undefined) return { facets, total: 0 };
    collection = code;
  }
  const origin = filter.origin ? ORIGIN_BITS[filter.origin] : 0;
  const { minDiscount, maxDiscount } = filter;
  const { price, discount, origins } = index;
  const { category: cat, color: col, occasion: occ, type: typ } = index.columns;
  const coll = index.columns.collection;
  const okCat = allowed(index, 'category', chosen.category);
  const okCol = allowed(index, 'color', chosen.color);
  const okOcc = allowed(index, 'occasion', chosen.occasion);
  const okTyp = allowed(index, 'type', chosen.type);
  const nCat = new Int32Array(okCat.length);
  const nCol = new Int32Array(okCol.length);
  const nOcc = new Int32Array(okOcc.length);
  const nTyp = new Int32Array(okTyp.length);
  const seenCat = new Uint8Array(okCat.length);
  const seenCol = new Uint8Array(okCol.length);
  const seenOcc = new Uint8Array(okOcc.length);
  const seenTyp = new Uint8Array(okTyp.length);
  let total = 0;
  const end = firstPriced(price, filter.maxPrice, false);
  for (let i = firstPriced(price, filter.minPrice, true); i < end; i++) {
    const d = discount[i]!;
    if (d < minDiscount || d > maxDiscount) continue;
    if (collection >= 0 && coll[i] !== collection) continue;
    if (origin !== 0 && (origins[i]! & origin) === 0) continue;
    const c = cat[i]!;
    const o = col[i]!;
    const e = occ[i]!;
    const t = typ[i]!;
    seenCat[c] = 1;
    seenCol[o] = 1;
    seenOcc[e] = 1;
    seenTyp[t] = 1;
    const pc = okCat[c]!;
    const po = okCol[o]!;
    const pe = okOcc[e]!;
    const pt = okTyp[t]!;
    nCat[c]! += po & pe & pt;
    nCol[o]! += pc & pe & pt;
    nOcc[e]! += pc & po & pt;
    nTyp[t]! += pc & po & pe;
    total += pc & po & pe & pt;
  }
  const listed = (name: FacetName, seen: Uint8Array, counts: Int32Array) => {
    const out: Array<{ value: string; count: number }> = [];
    for (let code = 0; code < seen.length; code++)
      if (seen[code]) out.push({ value: index.values[name][code]!, count: counts[code]! });
    return out.sort((a, b) => a.value.localeCompare(b.value));
  };
  facets.category = listed('category', seenCat, nCat);
  facets.color = listed('color', seenCol, nCol);
  facets.occasion = listed('occasion', seenOcc, nOcc);
  facets.type = listed('type', seenTyp, nTyp);
  return { facets, total };
}
