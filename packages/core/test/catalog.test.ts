import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getProduct, listProducts, searchProducts, similarProducts } from '@kanak/core';
import { parseProductQuery, type RawProductQuery } from '@kanak/shared';
import { createTestDatabase, type TestDatabase } from '@kanak/testkit';
import { expectRefusal, MISSING_ID } from './support';

// Read-only: every test here reads the seeded catalogue as it is.
describe('catalogue rules (core)', () => {
  let database: TestDatabase;
  const db = () => database.db;
  const list = (raw: RawProductQuery) => listProducts(db(), parseProductQuery(raw));

  /** How many seeded products match, counted straight in SQL for comparison. */
  const countWhere = async (third?: string) => {
    let query = database.db
      .selectFrom('products')
      .innerJoin('categories', 'categories.id', 'products.category_id');
    if (third) query = query.where('categories.name', '=', third);
    const row = await query
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('category filters by the third-level category name', async () => {
    const page = await list({ category: 'ring', pageSize: 100 });
    expect(page.totalElements).toBe(await countWhere('ring'));
    expect(page.content.length).toBeGreaterThan(0);
    expect(page.content.every((p) => p.thirdLevelCategory === 'ring')).toBe(true);
  });

  it('a menu alias reaches its stored category ("earrings" lists "earring")', async () => {
    const page = await list({ category: 'earrings', pageSize: 100 });
    expect(page.totalElements).toBe(await countWhere('earring'));
    expect(new Set(page.content.map((p) => p.thirdLevelCategory))).toEqual(new Set(['earring']));
  });

  it('"jewellery" lists every category', async () => {
    const page = await list({ category: 'jewellery' });
    expect(page.totalElements).toBe(await countWhere());
  });

  it('colours filter to any of the given colours', async () => {
    const page = await list({ color: ['rose', 'white'], pageSize: 100 });
    expect(page.totalElements).toBeGreaterThan(0);
    expect(page.content.every((p) => p.color === 'rose' || p.color === 'white')).toBe(true);
    const rose = await list({ color: 'rose' });
    const white = await list({ color: 'white' });
    expect(page.totalElements).toBe(rose.totalElements + white.totalElements);
  });

  it('price range bounds the discounted price, both ends included', async () => {
    const page = await list({ minPrice: 20000, maxPrice: 40000, pageSize: 100 });
    expect(page.totalElements).toBeGreaterThan(0);
    for (const p of page.content) {
      expect(p.discountedPrice).toBeGreaterThanOrEqual(20000);
      expect(p.discountedPrice).toBeLessThanOrEqual(40000);
    }
  });

  it('discount range bounds the discount percent', async () => {
    const page = await list({ minDiscount: 20, maxDiscount: 30, pageSize: 100 });
    expect(page.totalElements).toBeGreaterThan(0);
    for (const p of page.content) {
      expect(p.discountPercent).toBeGreaterThanOrEqual(20);
      expect(p.discountPercent).toBeLessThanOrEqual(30);
    }
  });

  it('sorts by discounted price, low to high by default and high to low on request', async () => {
    const prices = async (raw: RawProductQuery) =>
      (await list({ ...raw, pageSize: 50 })).content.map((p) => p.discountedPrice);
    const ascending = await prices({});
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    const descending = await prices({ sort: 'high_to_low' });
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    expect(descending[0]).toBeGreaterThan(ascending[0]!);
  });

  it('pages hold pageSize products, count every match and do not overlap', async () => {
    const first = await list({ category: 'ring', pageSize: 5, pageNumber: 1 });
    const second = await list({ category: 'ring', pageSize: 5, pageNumber: 2 });
    const total = await countWhere('ring');
    expect(first).toMatchObject({
      currentPage: 1,
      totalElements: total,
      totalPages: Math.ceil(total / 5),
    });
    expect(second.currentPage).toBe(2);
    expect(first.content).toHaveLength(5);
    const firstIds = new Set(first.content.map((p) => p._id));
    expect(second.content.some((p) => firstIds.has(p._id))).toBe(false);
    const beyond = await list({ category: 'ring', pageSize: 5, pageNumber: 1000 });
    expect(beyond.content).toEqual([]);
    expect(beyond.totalElements).toBe(total);
  });

  it("a product's answer carries its sizes with stock, two images, categories and ratings", async () => {
    const rated = await database.db
      .selectFrom('ratings')
      .select('product_id')
      .executeTakeFirstOrThrow();
    const product = await getProduct(db(), rated.product_id);
    expect(product._id).toBe(rated.product_id);
    expect(product.imageUrls.length).toBeGreaterThanOrEqual(2);
    expect(product.sizes.length).toBeGreaterThan(0);
    for (const size of product.sizes) {
      expect(size.weight).toMatch(/ g$/);
      expect(typeof size.stock).toBe('number');
    }
    expect(product.topLevelCategory).toBe(product.type);
    expect(product.category.name).toBe(product.thirdLevelCategory);
    expect(product.numRatings).toBe(product.ratings.length);
    const mean =
      product.ratings.reduce((sum, r) => sum + r.rating, 0) / Math.max(1, product.ratings.length);
    expect(product.averageRating).toBe(Math.round(mean * 10) / 10);
  });

  it('an unknown product is a 404, a malformed id a 400', async () => {
    await expectRefusal(getProduct(db(), MISSING_ID), 'NOT_FOUND', 'Product not found');
    await expectRefusal(getProduct(db(), '42'), 'BAD_REQUEST', 'Product id is not valid');
  });

  it('search finds products by a whole word', async () => {
    const result = await searchProducts(db(), 'necklace');
    expect(result.total).toBeGreaterThan(0);
    expect(result.content.length).toBeGreaterThan(0);
    expect(result.content.every((p) => /necklace/i.test(`${p.title} ${p.description}`))).toBe(true);
  });

  it('search finds products by the start of a word ("jhum" finds jhumkas)', async () => {
    const result = await searchProducts(db(), 'jhum');
    expect(result.total).toBeGreaterThan(0);
    expect(result.content.some((p) => p.thirdLevelCategory === 'jhumka')).toBe(true);
  });

  it('search limits its page but counts every match; blank text finds nothing', async () => {
    const result = await searchProducts(db(), 'gold', 3);
    expect(result.content).toHaveLength(3);
    expect(result.total).toBeGreaterThan(3);
    expect(await searchProducts(db(), '  !!  ')).toEqual({ content: [], total: 0 });
  });

  it('similar products share the third-level category (as the listing filter reads it), newest first, never the product itself', async () => {
    const product = (await list({ category: 'bangle' })).content[0]!;
    const similar = await similarProducts(db(), product._id, 24);
    // Every product whose category carries the same third-level name, under any parent.
    const siblings = await database.db
      .selectFrom('products as p')
      .innerJoin('categories as own', 'own.id', 'p.category_id')
      .innerJoin('categories as c', (join) =>
        join.onRef('c.name', '=', 'own.name').on('c.level', '=', 3),
      )
      .innerJoin('products as same', 'same.category_id', 'c.id')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('p.id', '=', product._id)
      .executeTakeFirstOrThrow();
    expect(similar.length).toBe(Math.min(24, Number(siblings.n) - 1));
    expect(similar.length).toBeGreaterThan(0);
    expect(similar.some((p) => p._id === product._id)).toBe(false);
    expect(similar.every((p) => p.thirdLevelCategory === product.thirdLevelCategory)).toBe(true);
    const created = similar.map((p) => p.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    await expectRefusal(similarProducts(db(), MISSING_ID), 'NOT_FOUND');
  });
});
