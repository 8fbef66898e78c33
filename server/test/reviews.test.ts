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
