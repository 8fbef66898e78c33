import { sql, type Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { ReviewInput } from '@kanak/shared';
import type { ReviewView } from '../catalog';
import { requireProduct } from '../catalog';
import { forbidden } from '../common';
import type { ActionLimits } from '../limits';
import { reviewerFirstName } from './reviewer-name';
import { upsertRating } from './upsert-rating';
import { BUYERS_ONLY_MESSAGE, hasBought, type ReviewPolicy } from './verified-buyer';

export interface CreateReviewOptions {
  userId: string;
  input: ReviewInput;
  limits: ActionLimits;
  policy?: ReviewPolicy;
}

/**
 * POST /api/reviews/create: one review per user and product (a second replaces the first). Each
 * attempt counts against the customer's hourly review budget (`limits`, passed by the server).
 */
export async function createReview(
  db: Kysely<Database>,
  { userId, input, limits, policy = { buyersOnly: false } }: CreateReviewOptions,
): Promise<ReviewView> {
  await limits.consume('review', userId);
  const productId = await requireProduct(db, input.productId);
  const verifiedBuyer = await hasBought(db, userId, productId);
  if (policy.buyersOnly && !verifiedBuyer) throw forbidden(BUYERS_ONLY_MESSAGE);
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
  // No stars, no rating: a starless review counts in no rating figure (an earlier rating stays).
  if (input.rating !== undefined && input.rating !== null)
    await upsertRating(db, { userId, productId, rating: input.rating });
  return {
    _id: review.id,
    review: review.review,
    createdAt: new Date(review.created_at).toISOString(),
    user: { _id: userId, firstName: await reviewerFirstName(db, userId) },
    product: productId,
    verifiedBuyer,
  };
}
