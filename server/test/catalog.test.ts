import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductPage, ProductView, RatingSummary } from '@kanak/core';
import { httpClient, startTestServer, trpcCalls, type TestServer } from '@kanak/testkit';

describe('catalogue reads over REST and tRPC', () => {
  let server: TestServer;
  let http: ReturnType<typeof httpClient>;
  let reviewed: string;

  const { query } = trpcCalls(() => http);

  beforeAll(async () => {
    server = await startTestServer();
    http = httpClient(server.baseUrl);
    const row = await server.database.db
      .selectFrom('ratings')
      .select(['product_id', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('product_id')
      .orderBy('n', 'desc')
      .orderBy('product_id')
      .executeTakeFirstOrThrow();
    reviewed = row.product_id;
  });
  afterAll(() => server.close());

  describe('GET /api/products', () => {
    it('treats empty strings and "undefined" as absent, a non-numeric page as 1, jewellery as every category', async () => {
      const all = await http.get<ProductPage>('/api/products');
      const same = await http.get<ProductPage>(
        '/api/products?color=&type=&occasion=&pageSize=undefined&pageNumber=abc&category=jewellery&minPrice=&maxPrice=undefined&sort=',
      );
      expect(same.status).toBe(200);
      expect(same.body.currentPage).toBe(1);
      expect(same.body.content).toHaveLength(12);
      expect(same.body.totalElements).toBe(all.body.totalElements);
      expect(same.body.content.map((p) => p._id)).toEqual(all.body.content.map((p) => p._id));
      expect(new Set(all.body.content.map((p) => p.category.name)).size).toBeGreaterThan(1);
      expect(all.body.totalPages).toBe(Math.ceil(all.body.totalElements / 12));
    });

    it('filters by comma-separated values, ranges, category and sorts', async () => {
      const res = await http.get<ProductPage>(
        '/api/products?category=ring&color=rose,white&type=gold,gemstones&minPrice=1000&maxPrice=500000&minDiscount=5&maxDiscount=60&sort=high_to_low&pageSize=50',
      );
      expect(res.status).toBe(200);
      for (const p of res.body.content) {
        expect(p.category).toEqual({ name: 'ring' });
        expect(['rose', 'white']).toContain(p.color);
        expect(['gold', 'gemstone']).toContain(p.type);
        expect(p.discountedPrice).toBeGreaterThanOrEqual(1000);
        expect(p.discountedPrice).toBeLessThanOrEqual(500000);
        expect(p.discountPercent).toBeGreaterThanOrEqual(5);
        expect(p.discountPercent).toBeLessThanOrEqual(60);
      }
      const prices = res.body.content.map((p) => p.discountedPrice);
      expect(prices).toEqual([...prices].sort((a, b) => b - a));
      const page2 = await http.get<ProductPage>(
        '/api/products?category=ring&pageNumber=2&pageSize=5',
      );
      expect(page2.body.currentPage).toBe(2);
      expect(page2.body.content.length).toBeLessThanOrEqual(5);
    });

    it('answers bad filter values with defaults or an empty page, never a 5xx', async () => {
      for (const q of [
        'pageNumber=-3',
        'pageSize=1000000',
        'minPrice=abc&maxPrice=-1',
        'minDiscount=1e999',
        'sort=sideways',
        'category=%00',
        'color=a&color=b',
        `type=${'x'.repeat(3000)}`,
        'pageNumber=99999999999999999999',
        // Integer columns: fractions and values past 2^31 are narrowed and clamped, not sent on.
        'minPrice=1.5&maxPrice=99.5',
        'minPrice=5e-324',
        'maxPrice=9007199254740993&minDiscount=0.5&maxDiscount=2147483648',
        'pageNumber=1.5&pageSize=2.5',
        // PostgreSQL text holds no NUL and no lone surrogate.
        'collection=best%00sellers',
        'collection=%ED%A0%80',
      ]) {
        const res = await http.get<ProductPage>(`/api/products?${q}`);
        expect(res.status, q).toBe(200);
        expect(Array.isArray(res.body.content), q).toBe(true);
      }
      expect((await http.get<ProductPage>('/api/products?category=no-such')).body).toMatchObject({
        content: [],
        totalPages: 0,
      });
    });

    it('catalog.list answers the same through tRPC and refuses wrong types', async () => {
      const rest = await http.get<ProductPage>('/api/products?category=bangle&sort=high_to_low');
      const trpc = await query<ProductPage>('catalog.list', {
        category: 'bangle',
        sort: 'high_to_low',
      });
      expect(trpc.body.result.data).toEqual(rest.body);
      expect((await query('catalog.list', { category: { $ne: 1 } })).status).toBe(400);
      expect((await query('catalog.list', { pageNumber: [1] })).status).toBe(400);
      for (const input of [
        { minPrice: 5e-324, maxPrice: 2 ** 53, maxDiscount: 99.5 },
        { minPrice: '0.5', pageNumber: 1.5 },
        { collection: 'best\u0000sellers' },
        // One rule for both transports: an unknown collection is an empty page, never a refusal.
        { collection: 'x'.repeat(100) },
      ])
        expect((await query('catalog.list', input)).status, JSON.stringify(input)).toBe(200);
    });
  });

  describe('GET /api/products/id/{id}', () => {
    it('answers the product with reviews (text, date, first name) and ratings paired by position', async () => {
      const res = await http.get<ProductView>(`/api/products/id/${reviewed}`);
      expect(res.status).toBe(200);
      expect(res.body._id).toBe(reviewed);
      expect(res.body.imageUrls.length).toBeGreaterThanOrEqual(2);
      // The spec's size fields; a metal-priced size also carries its own price and breakup.
      expect(res.body.sizes[0]).toMatchObject({
        weight: expect.stringMatching(/ g$/),
        size: expect.any(String),
        stock: expect.any(Number),
      });
      expect(res.body.reviews.length).toBeGreaterThan(0);
      for (const [i, review] of res.body.reviews.entries()) {
        expect(review.review).toEqual(expect.any(String));
        expect(Number.isNaN(Date.parse(review.createdAt))).toBe(false);
        expect(review.user.firstName).toEqual(expect.any(String));
        expect(res.body.ratings[i]!.user.firstName).toBe(review.user.firstName);
      }
      const trpc = await query<ProductView>('catalog.byId', { productId: reviewed });
      expect(trpc.body.result.data).toEqual(res.body);
    });

    it('refuses malformed and unknown ids', async () => {
      expect((await http.get('/api/products/id/123')).status).toBe(400);
      expect((await http.get(`/api/products/id/${'z'.repeat(4000)}`)).status).toBe(400);
      expect((await http.get('/api/products/id/00000000-0000-4000-8000-000000000000')).status).toBe(
        404,
      );
      expect((await query('catalog.byId', { productId: 'nope' })).status).toBe(400);
      expect((await query('catalog.byId', { productId: 12 })).status).toBe(400);
      expect((await query('catalog.byId', {})).status).toBe(400);
    });
  });

  describe('similar products', () => {
    it('lists other products of the same third-level category', async () => {
      const product = (await http.get<ProductView>(`/api/products/id/${reviewed}`)).body;
      const res = await http.get<ProductView[]>(`/api/products/id/${reviewed}/similar?limit=5`);
      expect(res.status).toBe(200);
      expect(res.body.length).toBeGreaterThan(0);
      expect(res.body.length).toBeLessThanOrEqual(5);
      for (const p of res.body) {
        expect(p._id).not.toBe(reviewed);
        expect(p.category.name).toBe(product.category.name);
      }
      const trpc = await query<ProductView[]>('catalog.similar', { productId: reviewed, limit: 5 });
      expect(trpc.body.result.data).toEqual(res.body);
      expect(
        (await query<ProductView[]>('catalog.similar', { productId: reviewed })).body.result.data
          .length,
      ).toBeLessThanOrEqual(8);
    });

    it('refuses bad input', async () => {
      expect((await http.get(`/api/products/id/${reviewed}/similar?limit=-1`)).status).toBe(400);
      expect((await http.get(`/api/products/id/${reviewed}/similar?limit=abc`)).status).toBe(400);
      expect((await http.get(`/api/products/id/${reviewed}/similar?limit=100000`)).status).toBe(
        400,
      );
      expect((await http.get('/api/products/id/bad/similar')).status).toBe(400);
      expect((await query('catalog.similar', { productId: reviewed, limit: 0 })).status).toBe(400);
      expect(
        (await query('catalog.similar', { productId: '00000000-0000-4000-8000-000000000000' }))
          .status,
      ).toBe(404);
    });
  });

  describe('rating summary', () => {
    it('is computed from the real ratings: average, count and a five-band breakdown', async () => {
      const ratings = (await http.get<{ rating: number }[]>(`/api/ratings/product/${reviewed}`))
        .body;
      const res = await query<RatingSummary>('catalog.ratingSummary', { productId: reviewed });
      expect(res.status).toBe(200);
      const summary = res.body.result.data;
      expect(summary.count).toBe(ratings.length);
      const mean = ratings.reduce((s, r) => s + r.rating, 0) / ratings.length;
      expect(summary.average).toBe(Math.round(mean * 10) / 10);
      expect(summary.breakdown.map((b) => b.label)).toEqual([
        'Excellent',
        'Very Good',
        'Good',
        'Average',
        'Poor',
      ]);
      expect(summary.breakdown.reduce((s, b) => s + b.count, 0)).toBe(ratings.length);
      expect(summary.breakdown[0]!.count).toBe(ratings.filter((r) => r.rating === 5).length);

      const rest = await http.get<RatingSummary>(`/api/products/id/${reviewed}/rating-summary`);
      expect(rest.body).toEqual(summary);
    });

    it('answers null average for an unrated product and refuses bad ids', async () => {
      const unrated = await server.database.db
        .selectFrom('products')
        .select('id')
        .where('id', 'not in', (eb) => eb.selectFrom('ratings').select('product_id'))
        .executeTakeFirstOrThrow();
      const res = await query<RatingSummary>('catalog.ratingSummary', { productId: unrated.id });
      expect(res.body.result.data).toMatchObject({ average: null, count: 0 });
      expect((await query('catalog.ratingSummary', { productId: 'x' })).status).toBe(400);
      expect((await query('catalog.ratingSummary', { productId: null })).status).toBe(400);
      expect(
        (
          await query('catalog.ratingSummary', {
            productId: '00000000-0000-4000-8000-000000000000',
          })
        ).status,
      ).toBe(404);
      expect((await http.get('/api/products/id/1/rating-summary')).status).toBe(400);
    });
  });
});
