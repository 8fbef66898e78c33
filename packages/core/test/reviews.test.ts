import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRating,
  createReview,
  getProduct,
  ratingsByProduct,
  ratingSummary,
  reviewsByProduct,
  tooManyActions,
  type ActionLimits,
} from '@kanak/core';
import { ratingInput, reviewInput } from '@kanak/shared';
import { createTestDatabase, NO_LIMITS, type TestDatabase } from '@kanak/testkit';
import { expectRefusal, MISSING_ID, newCustomer } from './support';

describe('review and rating rules (core)', () => {
  let database: TestDatabase;
  const db = () => database.db;

  /** A seeded product nobody has rated or reviewed yet, never the same one twice. */
  const used = new Set<string>();
  const unratedProduct = async () => {
    const row = await database.db
      .selectFrom('products')
      .select('id')
      .where('id', 'not in', (eb) => eb.selectFrom('ratings').select('product_id'))
      .where('id', 'not in', (eb) => eb.selectFrom('reviews').select('product_id'))
      .where('id', 'not in', used.size ? [...used] : [MISSING_ID])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    used.add(row.id);
    return row.id;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('a review answers its text, author first name and product', async () => {
    const user = await newCustomer(db(), 'reviewer');
    const productId = await unratedProduct();
    const review = await createReview(db(), {
      userId: user.id,
      input: { productId, review: 'Lovely finish.' },
      limits: NO_LIMITS,
    });
    expect(review).toMatchObject({
      review: 'Lovely finish.',
      user: { _id: user.id, firstName: 'Test' },
      product: productId,
    });
    expect(await reviewsByProduct(db(), productId)).toEqual([review]);
  });

  it('a second review by the same user replaces the first (one per user and product)', async () => {
    const user = await newCustomer(db(), 'reviewer');
    const productId = await unratedProduct();
    const first = await createReview(db(), {
      userId: user.id,
      input: { productId, review: 'First' },
      limits: NO_LIMITS,
    });
    const second = await createReview(db(), {
      userId: user.id,
      input: { productId, review: 'Second' },
      limits: NO_LIMITS,
    });
    expect(second._id).toBe(first._id);
    expect((await reviewsByProduct(db(), productId)).map((r) => r.review)).toEqual(['Second']);
  });

  it('a review with a rating records the rating too', async () => {
    const user = await newCustomer(db(), 'reviewer');
    const productId = await unratedProduct();
    await createReview(db(), {
      userId: user.id,
      input: { productId, review: 'Good', rating: 4.5 },
      limits: NO_LIMITS,
    });
    expect((await ratingsByProduct(db(), productId)).map((r) => r.rating)).toEqual([4.5]);
  });

  it("one user's rating moves the product's average; re-rating replaces it", async () => {
    const [a, b] = [await newCustomer(db(), 'a'), await newCustomer(db(), 'b')];
    const productId = await unratedProduct();
    expect((await getProduct(db(), productId)).averageRating).toBeNull();
    await createRating(db(), { userId: a.id, input: { productId, rating: 5 }, limits: NO_LIMITS });
    expect((await getProduct(db(), productId)).averageRating).toBe(5);
    await createRating(db(), { userId: b.id, input: { productId, rating: 4 }, limits: NO_LIMITS });
    expect(await getProduct(db(), productId)).toMatchObject({ averageRating: 4.5, numRatings: 2 });
    await createRating(db(), { userId: a.id, input: { productId, rating: 2 }, limits: NO_LIMITS });
    expect(await getProduct(db(), productId)).toMatchObject({ averageRating: 3, numRatings: 2 });
  });

  it('the rating summary counts each band and agrees with the product page average', async () => {
    const productId = await unratedProduct();
    for (const rating of [5, 4.5, 4, 3, 1]) {
      const user = await newCustomer(db(), 'rater');
      await createRating(db(), {
        userId: user.id,
        input: { productId, rating },
        limits: NO_LIMITS,
      });
    }
    const summary = await ratingSummary(db(), productId);
    expect(summary).toEqual({
      average: 3.5,
      count: 5,
      breakdown: [
        { label: 'Excellent', count: 1 },
        { label: 'Very Good', count: 2 },
        { label: 'Good', count: 1 },
        { label: 'Average', count: 0 },
        { label: 'Poor', count: 1 },
      ],
    });
    expect((await getProduct(db(), productId)).averageRating).toBe(summary.average);
  });

  it('an unrated product has an empty summary with a null average', async () => {
    const summary = await ratingSummary(db(), await unratedProduct());
    expect(summary.average).toBeNull();
    expect(summary.count).toBe(0);
    expect(summary.breakdown.every((b) => b.count === 0)).toBe(true);
  });

  it('reviews, ratings and summaries of an unknown product are 404s', async () => {
    const user = await newCustomer(db());
    const input = { productId: MISSING_ID, review: 'x', rating: 3 };
    await expectRefusal(
      createReview(db(), { userId: user.id, input, limits: NO_LIMITS }),
      'NOT_FOUND',
    );
    await expectRefusal(
      createRating(db(), { userId: user.id, input, limits: NO_LIMITS }),
      'NOT_FOUND',
    );
    await expectRefusal(reviewsByProduct(db(), MISSING_ID), 'NOT_FOUND');
    await expectRefusal(ratingsByProduct(db(), MISSING_ID), 'NOT_FOUND');
    await expectRefusal(ratingSummary(db(), MISSING_ID), 'NOT_FOUND', 'Product not found');
  });

  it('the declared inputs take half-star ratings from 0.5 to 5 and a non-blank review', () => {
    const productId = MISSING_ID;
    expect(ratingInput.safeParse({ productId, rating: 3.5 }).success).toBe(true);
    for (const rating of [0, 5.5, 4.3, Number.NaN])
      expect(ratingInput.safeParse({ productId, rating }).success).toBe(false);
    expect(reviewInput.safeParse({ productId, review: '   ' }).success).toBe(false);
    expect(reviewInput.safeParse({ productId, review: 'x'.repeat(2001) }).success).toBe(false);
  });

  it('a review and a rating each count against the limits, before anything is written', async () => {
    const user = await newCustomer(db());
    const productId = await unratedProduct();
    const counted: string[] = [];
    const refusing: ActionLimits = {
      consume: async (action, key) => {
        counted.push(`${action}:${key}`);
        throw tooManyActions(action, 60_000);
      },
    };
    await expectRefusal(
      createReview(db(), {
        userId: user.id,
        input: { productId, review: 'x', rating: 4 },
        limits: refusing,
      }),
      'TOO_MANY_REQUESTS',
      /Too many reviews/,
    );
    await expectRefusal(
      createRating(db(), { userId: user.id, input: { productId, rating: 4 }, limits: refusing }),
      'TOO_MANY_REQUESTS',
      /Too many ratings/,
    );
    expect(counted).toEqual([`review:${user.id}`, `rating:${user.id}`]);
    expect(await reviewsByProduct(db(), productId)).toEqual([]);
    expect(await ratingsByProduct(db(), productId)).toEqual([]);
  });
});
