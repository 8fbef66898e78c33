import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { RatingInput } from '@kanak/shared';
import type { RatingView } from '../catalog';
import { requireProduct } from '../catalog';
import type { ActionLimits } from '../limits';
import { reviewerFirstName } from './reviewer-name';
import { upsertRating } from './upsert-rating';
import { requireBuyer, type ReviewPolicy } from './verified-buyer';

export interface CreateRatingOptions {
  userId: string;
  input: RatingInput;
  limits: ActionLimits;
  policy?: ReviewPolicy;
}

/**
 * POST /api/ratings/create: one rating per user and product, half steps 0.5 to 5. Counted apart
 * from reviews with the same budget: the review form posts both for one review.
 */
export async function createRating(
  db: Kysely<Database>,
  { userId, input, limits, policy = { buyersOnly: false } }: CreateRatingOptions,
): Promise<RatingView> {
  await limits.consume('rating', userId);
  const productId = await requireProduct(db, input.productId);
  await requireBuyer(db, { userId, productId, policy });
  const rating = await upsertRating(db, { userId, productId, rating: input.rating });
  return {
    _id: rating.id,
    rating: Number(rating.rating),
    createdAt: new Date(rating.created_at).toISOString(),
    user: { _id: userId, firstName: await reviewerFirstName(db, userId) },
    product: productId,
  };
}
