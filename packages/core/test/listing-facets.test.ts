import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import {
  clearListingCounts,
  facetIndex,
  groupedListingFacets,
  listingFacets,
  listProducts,
  listProductsWithFacets,
  loadFacetIndex,
} from '@kanak/core';
import {
  ALL_CATEGORIES,
  COLLECTIONS,
  COLORS,
  FACET_NAMES,
  METALS,
  OCCASIONS,
  parseProductQuery,
  THIRD_LEVEL_CATEGORIES,
  type FacetName,
  type ProductFilter,
} from '@kanak/shared';
import { createTestDatabase, type TestDatabase } from '@kanak/testkit';

// Each facet value's count is the number of live products the listing would
// hold with that value chosen and every other filter of the request kept, counted here straight
// in SQL, written apart from the listing's own query.
describe('listing facet counts', () => {
  let database: TestDatabase;
  const db = () => database.db;

  /** Prices live pieces have: ranges ending exactly on a piece's price test both ends. */
  let prices: number[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const rows = await sql<{ p: number }>`
      SELECT DISTINCT discounted_price AS p FROM products ORDER BY 1`.execute(database.db);
    prices = rows.rows.map((r) => r.p);
    // Some pieces not live: they must never be counted.
    await sql`UPDATE products SET status = 'draft' WHERE id IN
      (SELECT id FROM products ORDER BY id LIMIT 15)`.execute(database.db);
    await sql`UPDATE products SET status = 'archived' WHERE id IN
      (SELECT id FROM products ORDER BY id DESC LIMIT 15)`.execute(database.db);
    clearListingCounts(database.db);
  });
  afterAll(() => database.drop());

  /** COUNT(*) of live products under a filter with one facet's choice replaced by `value`. */
  async function countWith(filter: ProductFilter, name: FacetName, value: string) {
    const colors = name === 'color' ? [value] : filter.colors;
    const occasions = name === 'occasion' ? [value] : filter.occasions;
    const types = name === 'type' ? [value] : filter.types;
    const category = name === 'category' ? value : filter.category;
    const origin = filter.origin ?? null;
    const row = await sql<{ n: string }>`
      SELECT count(*) AS n FROM products p JOIN categories c ON c.id = p.category_id
      WHERE p.status = 'live'
        AND p.discounted_price BETWEEN ${filter.minPrice} AND ${filter.maxPrice}
        AND p.discount_percent BETWEEN ${filter.minDiscount} AND ${filter.maxDiscount}
        AND (cardinality(${colors}::text[]) = 0 OR p.color = ANY(${colors}::text[]))
        AND (cardinality(${occasions}::text[]) = 0 OR p.occasion = ANY(${occasions}::text[]))
        AND (cardinality(${types}::text[]) = 0 OR p.type = ANY(${types}::text[]))
        AND (${category} = ${ALL_CATEGORIES} OR c.name = ${category})
        AND (${filter.collection ?? null}::text IS NULL OR p.collection_name = ${filter.collection ?? null})
        AND (${origin}::text IS NULL OR EXISTS (
          SELECT 1 FROM product_stones s WHERE s.product_id = p.id AND s.origin = ${origin}))
    `.execute(db());
    return Number(row.rows[0]!.n);
  }

  const OPTIONS: Record<FacetName, readonly string[]> = {
    color: COLORS,
    occasion: OCCASIONS,
    type: METALS,
    category: THIRD_LEVEL_CATEGORIES,
  };

  const someOf = (values: readonly string[]) =>
    fc.subarray([...values], { maxLength: 3 }).map((v) => v.join(','));
  const rawFilter = fc.record({
    color: someOf(COLORS),
    occasion: someOf(OCCASIONS),
    type: someOf(METALS),
    category: fc.constantFrom(ALL_CATEGORIES, ...THIRD_LEVEL_CATEGORIES),
    minPrice: fc.constantFrom(0, 5_000, 20_000, 60_000),
    maxPrice: fc.constantFrom(1_000_000, 150_000, 40_000, 10_000),
    minDiscount: fc.constantFrom(0, 5, 10),
    maxDiscount: fc.constantFrom(100, 30, 15),
    collection: fc.option(fc.constantFrom(...COLLECTIONS), { nil: undefined }),
    origin: fc.option(fc.constantFrom('natural', 'laboratory-grown'), { nil: undefined }),
  });

  /** Every value of every facet of `facets` equals COUNT(*) with it chosen. */
  async function expectExact(
    facets: Awaited<ReturnType<typeof listingFacets>>,
    filter: ProductFilter,
    raw: unknown,
  ) {
    for (const name of FACET_NAMES) {
      const listed = new Map(facets[name].map((f) => [f.value, f.count]));
      // Every value a shopper can choose, listed or not (absent means 0).
      for (const value of new Set([...OPTIONS[name], ...listed.keys()]))
        expect(listed.get(value) ?? 0, `${name}=${value} under ${JSON.stringify(raw)}`).toBe(
          await countWith(filter, name, value),
        );
    }
  }

  /** Ranges from the piece prices themselves (ends on a price, or one beside it). */
  const exactPrices = () =>
    fc
      .record({
        a: fc.integer({ min: 0, max: prices.length - 1 }),
        b: fc.integer({ min: 0, max: prices.length - 1 }),
        nudge: fc.constantFrom(0, 1, -1),
      })
      .map(({ a, b, nudge }) => ({ minPrice: prices[a]! + nudge, maxPrice: prices[b]! }));

  it('every value of every facet equals COUNT(*) with it chosen, under random filter combinations', async () => {
    await fc.assert(
      fc.asyncProperty(rawFilter, async (raw) => {
        const filter = parseProductQuery(raw);
        await expectExact(await listingFacets(db(), filter), filter, raw);
      }),
      { numRuns: 40 },
    );
  });

  it('stays exact when the price range starts or ends on pieces’ prices, and the total is COUNT(*)', async () => {
    await fc.assert(
      fc.asyncProperty(rawFilter, exactPrices(), fc.boolean(), async (raw, range, plain) => {
        // Half the runs keep only the facet choices, so the pieces at either end count.
        const base = plain ? { ...raw, collection: undefined, origin: undefined } : raw;
        const withRange = { ...base, ...range, ...(plain && { minDiscount: 0, maxDiscount: 100 }) };
        const filter = parseProductQuery(withRange);
        const facets = await listingFacets(db(), filter);
        await expectExact(facets, filter, withRange);
        // The pass's total (every facet passes) is the listing's, as SQL counts it.
        const [page, counted] = await Promise.all([
          listProductsWithFacets(db(), filter),
          listProducts(db(), filter),
        ]);
        expect(page.totalElements).toBe(counted.totalElements);
        expect(page.facets).toEqual(facets);
      }),
      { numRuns: 60 },
    );
  });

  it('the grouped SQL fallback (a catalogue too large to index) gives the same counts', async () => {
    await fc.assert(
      fc.asyncProperty(rawFilter, async (raw) => {
        const filter = parseProductQuery(raw);
        const grouped = await groupedListingFacets(db(), filter);
        expect(grouped).toEqual(await listingFacets(db(), filter));
        await expectExact(grouped, filter, raw);
      }),
      { numRuns: 15 },
    );
  });

  it('concurrent listings share one load of the index; one begun before a write is not kept', async () => {
    clearListingCounts(db());
    const [a, b] = await Promise.all([facetIndex(db()), facetIndex(db())]);
    expect(a).not.toBeNull();
    expect(b).toBe(a);
    expect(await facetIndex(db())).toBe(a);
    clearListingCounts(db());
    const during = facetIndex(db());
    clearListingCounts(db());
    const loaded = await during;
    const after = await facetIndex(db());
    expect(after).not.toBe(loaded);
    // What it holds: every live piece, in price order.
    const { n } = await db()
      .selectFrom('products')
      .where('status', '=', 'live')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after!.size).toBe(Number(n));
    expect((await loadFacetIndex(db()))!.price).toEqual(after!.price);
  });

  it('with no facet chosen, each facet sums to the listing total', async () => {
    const page = await listProductsWithFacets(db(), parseProductQuery({}));
    for (const name of FACET_NAMES) {
      expect(page.facets![name].reduce((s, f) => s + f.count, 0)).toBe(page.totalElements);
    }
    expect(page.totalElements).toBeGreaterThan(0);
  });

  it('a product write drops the cached counts (cleared with the listing totals)', async () => {
    const filter = parseProductQuery({ category: 'ring' });
    const before = await listingFacets(db(), filter);
    const { id, color } = await db()
      .selectFrom('products')
      .select(['id', 'color'])
      .where('status', '=', 'live')
      .where('category_name', '=', 'ring')
      .limit(1)
      .executeTakeFirstOrThrow();
    await db().updateTable('products').set({ status: 'draft' }).where('id', '=', id).execute();
    // What a product write does (admin-products.ts, and the server on every 'all' change).
    clearListingCounts(db());
    const after = await listingFacets(db(), filter);
    const count = (f: typeof before) => f.color.find((c) => c.value === color)?.count ?? 0;
    expect(count(after)).toBe(count(before) - 1);
  });
});
