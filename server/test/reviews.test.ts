import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductView, RatingView, ReviewView } from '@kanak/core';
import { SEED_ACCOUNTS } from '@kanak/db';
import { httpClient, startTestServer, trpcCalls, type TestServer } from '@kanak/testkit';

describe('reviews and ratings over REST and tRPC', () => {
  let server: TestServer;
  let http: ReturnType<typeof httpClient>;
  let customer: string;
  let productId: string;
  let otherProductId: string;

  const { query, mutate } = trpcCalls(() => http);

  beforeAll(async () => {
    server = await startTestServer();
    http = httpClient(server.baseUrl);
    customer = (await http.post<{ jwt: string }>('/auth/login', SEED_ACCOUNTS.customer)).body.jwt;
    const products = await server.database.db
      .selectFrom('products')
      .select('id')
      .orderBy('id')
      .limit(2)
      .execute();
    productId = products[0]!.id;
    otherProductId = products[1]!.id;
  });
  afterAll(() => server.close());

  it('refuses to post without a token', async () => {
    const body = { review: 'Lovely', rating: 4, productId };
    expect((await http.post('/api/reviews/create', body)).status).toBe(401);
    expect((await http.post('/api/ratings/create', body, { token: 'null' })).status).toBe(401);
    expect((await mutate('reviews.create', body)).status).toBe(401);
    expect((await mutate('ratings.create', body)).status).toBe(401);
  });

  it('posts a review and a rating with the same body, as the spec review form does', async () => {
    const body = { review: 'Beautiful finish, true to the photos.', rating: 4.5, productId };
    const review = await http.post<ReviewView>('/api/reviews/create', body, { token: customer });
    expect(review.status).toBe(201);
    expect(review.body).toMatchObject({
      review: body.review,
      product: productId,
      user: { firstName: SEED_ACCOUNTS.customer.firstName },
    });
    expect(Number.isNaN(Date.parse(review.body.createdAt))).toBe(false);
    const rating = await http.post<RatingView>('/api/ratings/create', body, { token: customer });
    expect(rating.status).toBe(201);
    expect(rating.body).toMatchObject({
      rating: 4.5,
      product: productId,
      user: { firstName: SEED_ACCOUNTS.customer.firstName },
    });

    const reviews = await http.get<ReviewView[]>(`/api/reviews/product/${productId}`);
    expect(reviews.status).toBe(200);
    expect(reviews.body.filter((r) => r.user.firstName === 'Priya')).toHaveLength(1);
    const ratings = await http.get<RatingView[]>(`/api/ratings/product/${productId}`);
    expect(ratings.body.find((r) => r.user._id === review.body.user._id)!.rating).toBe(4.5);

    // The product answer carries them, rating paired with review by position.
    const product = await http.get<ProductView>(`/api/products/id/${productId}`);
    const index = product.body.reviews.findIndex((r) => r._id === review.body._id);
    expect(index).toBeGreaterThanOrEqual(0);
    expect(product.body.ratings[index]!.rating).toBe(4.5);
  });

  it('keeps one review and one rating per user and product: a second one replaces the first', async () => {
    const second = await http.post<ReviewView>(
      '/api/reviews/create',
      { review: 'Changed my mind: even better.', rating: 5, productId },
      { token: customer },
    );
    expect(second.status).toBe(201);
    const reviews = await http.get<ReviewView[]>(`/api/reviews/product/${productId}`);
    const mine = reviews.body.filter((r) => r.user._id === second.body.user._id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.review).toBe('Changed my mind: even better.');
    // reviews.create with a rating also upserts the rating.
    const ratings = await http.get<RatingView[]>(`/api/ratings/product/${productId}`);
    expect(
      ratings.body.filter((r) => r.user._id === second.body.user._id).map((r) => r.rating),
    ).toEqual([5]);
    const again = await http.post<RatingView>(
      '/api/ratings/create',
      { rating: 3, productId },
      { token: customer },
    );
    expect(again.body._id).toBe(ratings.body.find((r) => r.user._id === second.body.user._id)!._id);
    expect(again.body.rating).toBe(3);
  });

  it('refuses bad review and rating input with 4xx and clear messages', async () => {
    const post = (path: string, body: unknown) =>
      http.post<{ message: string }>(path, body, { token: customer });
    const noText = await post('/api/reviews/create', { review: '   ', rating: 4, productId });
    expect(noText.status).toBe(400);
    expect(noText.body.message).toBe('Review text is required');
    expect(
      (await post('/api/reviews/create', { review: 'x'.repeat(2001), productId })).status,
    ).toBe(400);
    expect(
      (await post('/api/reviews/create', { review: 'ok', rating: 4.3, productId })).status,
    ).toBe(400);
    expect(
      (await post('/api/reviews/create', { review: 'ok', productId: 'abc' })).body.message,
    ).toBe('Product id is not valid');
    expect(
      (
        await post('/api/reviews/create', {
          review: 'ok',
          productId: '00000000-0000-4000-8000-000000000000',
        })
      ).status,
    ).toBe(404);
    expect((await post('/api/reviews/create', { review: 12, productId })).status).toBe(400);
    expect(
      (await post('/api/reviews/create', { review: 'x'.repeat(1_100_000), productId })).status,
    ).toBe(413);

    const half = await post('/api/ratings/create', { rating: 4.2, productId });
    expect(half.status).toBe(400);
    expect(half.body.message).toBe('Rating must be in half-star steps');
    expect((await post('/api/ratings/create', { rating: 0, productId })).body.message).toBe(
      'Rating must be at least 0.5',
    );
    expect((await post('/api/ratings/create', { rating: 5.5, productId })).body.message).toBe(
      'Rating must be at most 5',
    );
    expect((await post('/api/ratings/create', { rating: -1, productId })).status).toBe(400);
    expect((await post('/api/ratings/create', { rating: '4', productId })).status).toBe(400);
    expect((await post('/api/ratings/create', { productId })).status).toBe(400);
    expect((await post('/api/ratings/create', { rating: 4, productId: '0' })).status).toBe(400);
  });

  it('lists by product and refuses malformed or unknown product ids', async () => {
    expect((await http.get('/api/reviews/product/xyz')).status).toBe(400);
    expect((await http.get('/api/ratings/product/xyz')).status).toBe(400);
    expect(
      (await http.get('/api/reviews/product/00000000-0000-4000-8000-000000000000')).status,
    ).toBe(404);
    expect(
      (await http.get('/api/ratings/product/00000000-0000-4000-8000-000000000000')).status,
    ).toBe(404);
    expect((await http.get(`/api/reviews/product/${'9'.repeat(3000)}`)).status).toBe(400);
  });

  it('works the same through tRPC: reviews.create/byProduct, ratings.create/byProduct', async () => {
    const review = await mutate<ReviewView>(
      'reviews.create',
      { productId: otherProductId, review: 'Through tRPC', rating: 2.5 },
      customer,
    );
    expect(review.status).toBe(200);
    expect(review.body.result.data.review).toBe('Through tRPC');
    const rating = await mutate<RatingView>(
      'ratings.create',
      { productId: otherProductId, rating: 3.5 },
      customer,
    );
    expect(rating.body.result.data.rating).toBe(3.5);

    const rest = await http.get<ReviewView[]>(`/api/reviews/product/${otherProductId}`);
    const trpc = await query<ReviewView[]>('reviews.byProduct', { productId: otherProductId });
    expect(trpc.body.result.data).toEqual(rest.body);
    const restRatings = await http.get<RatingView[]>(`/api/ratings/product/${otherProductId}`);
    const trpcRatings = await query<RatingView[]>('ratings.byProduct', {
      productId: otherProductId,
    });
    expect(trpcRatings.body.result.data).toEqual(restRatings.body);
    expect(restRatings.body.find((r) => r._id === rating.body.result.data._id)!.rating).toBe(3.5);

    const empty = await http.post<{ error: { message: string } }>(
      '/trpc/reviews.create',
      { productId: otherProductId, review: '' },
      { token: customer },
    );
    expect(empty.status).toBe(400);
    // tRPC answers the schema's own message, as REST does, not a JSON dump of issues.
    expect(empty.body.error.message).toBe('Review text is required');
    expect(
      (await mutate('reviews.create', { productId: 'bad', review: 'ok' }, customer)).status,
    ).toBe(400);
    expect(
      (await mutate('ratings.create', { productId: otherProductId, rating: 7 }, customer)).status,
    ).toBe(400);
    expect((await query('reviews.byProduct', { productId: 'bad' })).status).toBe(400);
    expect((await query('ratings.byProduct', { productId: 3 })).status).toBe(400);
  });
});

describe('reviews a shopper can weigh', () => {
  const PAID = ['PLACED', 'CONFIRMED', 'SHIPPED', 'DELIVERED'] as const;

  /** A product the seeded customer bought (a paid order) and one nobody bought. */
  async function bookedProducts(server: TestServer) {
    const db = server.database.db;
    const me = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', SEED_ACCOUNTS.customer.email)
      .executeTakeFirstOrThrow();
    const bought = await db
      .selectFrom('orders')
      .innerJoin('order_items', 'order_items.order_id', 'orders.id')
      .select('order_items.product_id')
      .where('orders.user_id', '=', me.id)
      .where('orders.status', 'in', PAID)
      .where('order_items.product_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const unbought = await db
      .selectFrom('products')
      .select('id')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('order_items')
              .select('order_items.id')
              .whereRef('order_items.product_id', '=', 'products.id'),
          ),
        ),
      )
      .orderBy('id')
      .executeTakeFirstOrThrow();
    return { bought: bought.product_id!, unbought: unbought.id };
  }

  describe('by default (the spec: any signed-in account may review)', () => {
    let server: TestServer;
    let http: ReturnType<typeof httpClient>;
    let customer: string;
    let products: { bought: string; unbought: string };

    beforeAll(async () => {
      server = await startTestServer();
      http = httpClient(server.baseUrl);
      customer = (await http.post<{ jwt: string }>('/auth/login', SEED_ACCOUNTS.customer)).body.jwt;
      products = await bookedProducts(server);
    });
    afterAll(() => server.close());

    it('marks "Verified buyer" on a buyer\'s review only, wherever reviews are shown', async () => {
      const bought = await http.post<ReviewView>(
        '/api/reviews/create',
        { productId: products.bought, review: 'Wore it to a wedding.', rating: 5 },
        { token: customer },
      );
      expect(bought.status).toBe(201);
      expect(bought.body.verifiedBuyer).toBe(true);
      const unbought = await http.post<ReviewView>(
        '/api/reviews/create',
        { productId: products.unbought, review: 'Saw it in the store.', rating: 4 },
        { token: customer },
      );
      expect(unbought.status).toBe(201);
      expect(unbought.body.verifiedBuyer).toBe(false);

      const list = await http.get<ReviewView[]>(`/api/reviews/product/${products.bought}`);
      expect(list.body.find((r) => r._id === bought.body._id)!.verifiedBuyer).toBe(true);
      const product = await http.get<ProductView>(`/api/products/id/${products.unbought}`);
      expect(product.body.reviews.find((r) => r._id === unbought.body._id)!.verifiedBuyer).toBe(
        false,
      );
      const onPage = await http.get<ProductView>(`/api/products/id/${products.bought}`);
      expect(onPage.body.reviews.find((r) => r._id === bought.body._id)!.verifiedBuyer).toBe(true);
    });

    it('counts a review without stars in no rating figure', async () => {
      // A fresh account and a product it never rated: the summary must not move.
      const signup = await http.post<{ jwt: string }>('/auth/signup', {
        firstName: 'Starless',
        lastName: 'Reviewer',
        email: `starless-${Date.now()}@example.com`,
        password: 'Starless@1',
      });
      const token = signup.body.jwt;
      const productId = products.unbought;
      const before = await http.get<{ count: number; average: number | null }>(
        `/api/products/id/${productId}/rating-summary`,
      );
      const productBefore = await http.get<ProductView>(`/api/products/id/${productId}`);

      for (const body of [
        { productId, review: 'No stars from me, just words.' },
        { productId, review: 'Still no stars.', rating: null },
      ]) {
        const posted = await http.post<ReviewView>('/api/reviews/create', body, { token });
        expect(posted.status).toBe(201);
      }
      const summary = await http.get<{ count: number; average: number | null }>(
        `/api/products/id/${productId}/rating-summary`,
      );
      expect(summary.body).toEqual(before.body);
      const product = await http.get<ProductView>(`/api/products/id/${productId}`);
      expect(product.body.numRatings).toBe(productBefore.body.numRatings);
      expect(product.body.ratings.map((r) => r.rating)).not.toContain(0);
      const reviewer = product.body.reviews.find((r) => r.review === 'Still no stars.')!;
      expect(product.body.ratings.some((r) => r.user._id === reviewer.user._id)).toBe(false);
      const ratings = await http.get<RatingView[]>(`/api/ratings/product/${productId}`);
      expect(ratings.body.some((r) => r.user._id === reviewer.user._id)).toBe(false);
    });
  });

  describe('with REVIEWS_FROM_BUYERS_ONLY=true', () => {
    let server: TestServer;
    let http: ReturnType<typeof httpClient>;
    let customer: string;
    let products: { bought: string; unbought: string };

    beforeAll(async () => {
      server = await startTestServer({ REVIEWS_FROM_BUYERS_ONLY: 'true' });
      http = httpClient(server.baseUrl);
      customer = (await http.post<{ jwt: string }>('/auth/login', SEED_ACCOUNTS.customer)).body.jwt;
      products = await bookedProducts(server);
    });
    afterAll(() => server.close());

    it('refuses an account that did not buy the product with 403 and a clear message', async () => {
      const { mutate } = trpcCalls(() => http);
      const body = { productId: products.unbought, review: 'Never bought it.', rating: 4 };
      for (const path of ['/api/reviews/create', '/api/ratings/create']) {
        const refused = await http.post<{ message: string }>(path, body, { token: customer });
        expect(refused.status, path).toBe(403);
        expect(refused.body.message).toMatch(/^Only customers who bought this product/);
      }
      expect((await mutate('reviews.create', body, customer)).status).toBe(403);
      const reviews = await http.get<ReviewView[]>(`/api/reviews/product/${products.unbought}`);
      expect(reviews.body.some((r) => r.review === 'Never bought it.')).toBe(false);
    });

    it("still takes the buyer's review and rating", async () => {
      const body = { productId: products.bought, review: 'Bought it, love it.', rating: 4.5 };
      const review = await http.post<ReviewView>('/api/reviews/create', body, { token: customer });
      expect(review.status).toBe(201);
      expect(review.body.verifiedBuyer).toBe(true);
      const rating = await http.post('/api/ratings/create', body, { token: customer });
      expect(rating.status).toBe(201);
    });
  });
});
