// The storefront's catalogue queries at 100,000 products: every listing, search, suggestion and
// product-page query the code sends is captured as it runs, then EXPLAINed, and each must reach
// products through an index (plan kinds, never timings). A plan that reads the whole products
// table means a missing or unusable index: it costs nothing at 340 products and seconds at 100k.
// 5,000 products come from the seed's generator and the rest are copies of them (seedCopiedProducts):
// the planner's statistics are fractions and spreads of values, which copying keeps, and its
// choices at 100,000 rows depend on the table's size, which the copies give.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { seedCopiedProducts } from '@kanak/db';
import {
  getProduct,
  listProducts,
  offerPrices,
  searchListing,
  searchProducts,
  similarProducts,
  suggestProducts,
} from '@kanak/core';
import { parseProductQuery, type RawProductQuery } from '@kanak/shared';
import {
  createTestDatabase,
  recordQueryPlans,
  type PlanNode,
  type PlanRecorder,
  type TestDatabase,
} from '@kanak/testkit';

const PRODUCTS = 100_000;
/** Products the generator writes; the rest of PRODUCTS are copies of them. */
const GENERATED = 5_000;

type Captured = { sql: string; nodes: PlanNode[] };

describe('query plans at 100,000 products', () => {
  let database: TestDatabase;
  let recorder: PlanRecorder;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedCopiedProducts(database.db, PRODUCTS, GENERATED);
    await sql`ANALYZE`.execute(database.db);
    recorder = recordQueryPlans(database.url);
  }, 180_000);

  afterAll(async () => {
    await recorder?.close();
    await database?.drop();
  });

  async function plansOf(work: (db: Kysely<Database>) => Promise<unknown>): Promise<Captured[]> {
    const captured = await recorder.plansOf(work);
    expect(captured.length).toBeGreaterThan(0);
    return captured;
  }

  /**
   * No statement reads the whole products table: each reaches products through an index, or (a
   * search's candidates) scans only until its Limit is filled, which the planner expects soon:
   * at least four times the limit's rows match, so the scan stops within a quarter of the table.
   */
  function expectIndexed(captured: Captured[], { boundedScan = false } = {}) {
    for (const { sql: text, nodes } of captured) {
      const onProducts = nodes.filter((n) => n['Relation Name'] === 'products');
      const stopsEarly = (n: PlanNode) =>
        boundedScan && n.limitRows !== undefined && n['Plan Rows'] >= 4 * n.limitRows;
      const unbounded = onProducts.filter((n) => n['Node Type'] === 'Seq Scan' && !stopsEarly(n));
      expect(unbounded, `sequential scan of products in:\n${text}`).toEqual([]);
      for (const n of onProducts)
        expect(n['Node Type'], text).toMatch(/Index|Bitmap Heap Scan|Seq Scan/);
    }
  }

  const listing = (raw: RawProductQuery) => (d: Kysely<Database>) =>
    listProducts(d, parseProductQuery(raw));

  const listingShapes: Array<[string, RawProductQuery]> = [
    ['a category, page 1', { category: 'ring' }],
    [
      'a category, two colours, high to low, page 3',
      {
        category: 'ring',
        color: ['yellow', 'rose'],
        sort: 'high_to_low',
        pageNumber: 3,
      },
    ],
    [
      'a category, an occasion, a price and a discount range',
      {
        category: 'necklace',
        occasion: 'bridal',
        minPrice: 20_000,
        maxPrice: 80_000,
        minDiscount: 10,
        maxDiscount: 40,
      },
    ],
    ['a colour across the catalogue, high to low', { color: 'white', sort: 'high_to_low' }],
    ['an occasion across the catalogue', { occasion: 'office' }],
    [
      'a price range across the catalogue, page 20',
      { minPrice: 5000, maxPrice: 9000, pageNumber: 20 },
    ],
    ['a type within a category', { category: 'earring', type: 'gold' }],
  ];

  it.each(listingShapes)('listing: %s', async (_name, raw) => {
    expectIndexed(await plansOf(listing(raw)));
  });

  it('listing: every product, page 1 and a deep page, read in price order from an index', async () => {
    for (const pageNumber of [1, 200]) {
      const captured = await plansOf(listing({ pageNumber }));
      // The page itself walks the price index (the count of everything is cached, not planned here).
      const page = captured.find((c) => /limit/i.test(c.sql))!;
      expect(
        page.nodes.some((n) => n['Index Name'] === 'products_price_id_idx'),
        page.sql,
      ).toBe(true);
    }
  });

  it.each([
    ['a short prefix', 'ear'],
    ['two words', 'gold ring'],
    ['a misspelt word', 'neklace'],
    ['a misspelt word with a good one', 'diamond braclet'],
    ['a category name', 'jhumka'],
  ])('search: %s ("%s")', async (_name, q) => {
    const captured = await plansOf((d) => searchProducts(d, q));
    expectIndexed(captured, { boundedScan: true });
    const result = await searchProducts(recorder.db, q);
    expect(result.content.length).toBeGreaterThan(0);
  });

  it.each([
    ['a short prefix, by relevance', 'ear', undefined],
    ['a misspelt word, by relevance', 'neklace', undefined],
    ['a short prefix, cheapest first', 'ear', 'low_to_high'],
    ['two words, dearest first, page 5', 'gold ring', 'high_to_low'],
  ])('search results page: %s ("%s")', async (_name, q, sort) => {
    const filter = parseProductQuery({ pageNumber: sort === 'high_to_low' ? 5 : 1 });
    const captured = await plansOf((d) => searchListing(d, { q, filter, sortText: sort }));
    expectIndexed(captured, { boundedScan: true });
    const page = await searchListing(recorder.db, { q, filter, sortText: sort });
    expect(page.content.length).toBeGreaterThan(0);
    expect(page.totalElements).toBeGreaterThan(0);
  });

  it("the home offers' From ₹ figures", async () => {
    expectIndexed(await plansOf((d) => offerPrices(d)));
  });

  it('suggestions as the shopper types', async () => {
    for (const q of ['e', 'ea', 'ear', 'gold r', 'braclet']) {
      expectIndexed(await plansOf((d) => suggestProducts(d, q)), { boundedScan: true });
    }
  });

  it('a product page: the product and what it may also like', async () => {
    const { id } = await database.db
      .selectFrom('products')
      .select('id')
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expectIndexed(await plansOf((d) => getProduct(d, id)));
    expectIndexed(await plansOf((d) => similarProducts(d, id)));
  });
});
