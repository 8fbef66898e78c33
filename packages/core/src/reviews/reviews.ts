import { sql, type Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { RatingInput, ReviewInput } from '@kanak/shared';
import type { RatingView, ReviewView } from '../catalog/product-view';
import type { ActionLimits } from '../limits/action-limits';
import { requireProduct } from '../catalog/require-product';

async function upsertRating(
  db: Kysely<Database>,
  userId: string,
  productId: string,
  rating: number,
) {
  return db
    .insertInto('ratings')
    .values({ user_id: userId, product_id: productId, rating })
    .onConflict((oc) =>
      oc.columns(['user_id', 'product_id']).doUpdateSet({ rating, created_at: sql`now()` }),
    )
    .returning(['id', 'rating', 'created_at'])
    .executeTakeFirstOrThrow();
}

async function firstName(db: Kysely<Database>, userId: string) {
  const user = await db
    .selectFrom('users')
    .select('first_name')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return user.first_name;
}

/**
 * POST /api/reviews/create: one review per user and product (a second replaces the first). Each
 * attempt counts against the customer's hourly review budget (`limits`, passed by the server).
 */
export async function createReview(
  db: Kysely<Database>,
  userId: string,
  input: ReviewInput,
  limits: ActionLimits,
): Promise<ReviewView> {
  await limits.consume('review', userId);
  const productId = await requireProduct(db, input.productId);
  const review = await db
    .insertInto('reviews')
    .values({ user_id: userId, product_id: productId, review: input.review })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'product_id'])
        .doUpdateSet({ review: input.review, created_at: sql`now()` }),
    )
    .returning(['id', 'review', 'created_at'])
    .executeTakeFirstOrThrow();
  if (input.rating !== undefined && input.rating !== null)
    await upsertRating(db, userId, productId, input.rating);
  return {
    _id: review.id,
    review: review.review,
    createdAt: new Date(review.created_at).toISOString(),
    user: { _id: userId, firstName: await firstName(db, userId) },
    product: productId,
  };
}

/**
 * POST /api/ratings/create: one rating per user and product, half steps 0.5 to 5. Counted apart
 * from reviews with the same budget: the review form posts both for one review.
 */
export async function createRating(
  db: Kysely<Database>,
  userId: string,
  input: RatingInput,
  limits: ActionLimits,
): Promise<RatingView> {
  await limits.consume('rating', userId);
  const productId = await requireProduct(db, input.productId);
  const rating = await upsertRating(db, userId, productId, input.rating);
  return {
    _id: rating.id,
    rating: Number(rating.rating),
    createdAt: new Date(rating.created_at).toISOString(),
    user: { _id: userId, firstName: await firstName(db, userId) },
    product: productId,
  };
}

/** GET /api/reviews/product/{id}: newest first. */
export async function reviewsByProduct(
  db: Kysely<Database>,
  productId: unknown,
): Promise<ReviewView[]> {
  const id = await requireProduct(db, productId);
  const rows = await db
    .selectFrom('reviews')
    .innerJoin('users', 'users.id', 'reviews.user_id')
    .select([
      'reviews.id',
      'reviews.review',
      'reviews.created_at',
      'users.id as user_id',
      'users.first_name',
    ])
    .where('reviews.product_id', '=', id)
    .orderBy('reviews.created_at', 'desc')
    .orderBy('reviews.id')
    .execute();
  return rows.map((r) => ({
    _id: r.id,
    review: r.review,
    createdAt: new Date(r.created_at).toISOString(),
    user: { _id: r.user_id, firstName: r.first_name },
    product: id,
  }));
}

/** GET /api/ratings/product/{id}: newest first. */
export async function ratingsByProduct(
  db: Kysely<Database>,
  productId: unknown,
): Promise<RatingView[]> {
  const id = await requireProduct(db, productId);
  const rows = await db
    .selectFrom('ratings')
    .innerJoin('users', 'users.id', 'ratings.user_id')
    .select([
      'ratings.id',
      'ratings.rating',
      'ratings.created_at',
      'users.id as user_id',
      'users.first_name',
    ])
    .where('ratings.product_id', '=', id)
    .orderBy('ratings.created_at', 'desc')
    .orderBy('ratings.id')
    .execute();
  return rows.map((r) => ({
    _id: r.id,
    rating: Number(r.rating),
    createdAt: new Date(r.created_at).toISOString(),
    user: { _id: r.user_id, firstName: r.first_name },
    product: id,
  }));
}
