import * as z from 'zod/mini';
import { textField } from '../validation/db-values';

export const REVIEW_MAX_LENGTH = 2000;

const productId = textField('productId is required').check(
  z.maxLength(100, 'Product id is not valid'),
);

/** Half-star steps from 0.5 to 5 (spec sections 5 and 9). */
export const ratingValue = z.number('Rating must be a number').check(
  z.gte(0.5, 'Rating must be at least 0.5'),
  z.lte(5, 'Rating must be at most 5'),
  // Whole halves, tested exactly: multipleOf lets some near-halves and 5e-324-like values through.
  z.refine((n: number) => Number.isInteger(n * 2), 'Rating must be in half-star steps'),
);

export const reviewInput = z.object({
  productId,
  review: textField('Review text is required').check(
    z.trim(),
    z.minLength(1, 'Review text is required'),
    z.maxLength(REVIEW_MAX_LENGTH, `Review must be at most ${REVIEW_MAX_LENGTH} characters`),
  ),
  rating: z.optional(z.nullable(ratingValue)),
});
export type ReviewInput = z.infer<typeof reviewInput>;

export const ratingInput = z.object({
  productId,
  rating: ratingValue,
  review: z.optional(
    z.nullable(
      textField().check(
        z.maxLength(REVIEW_MAX_LENGTH, `Review must be at most ${REVIEW_MAX_LENGTH} characters`),
      ),
    ),
  ),
});
export type RatingInput = z.infer<typeof ratingInput>;

export const RATING_BANDS = ['Excellent', 'Very Good', 'Good', 'Average', 'Poor'] as const;

/** Band of one rating: 5 Excellent, 4–4.5 Very Good, 3–3.5 Good, 2–2.5 Average, below Poor. */
export function ratingBand(rating: number): (typeof RATING_BANDS)[number] {
  if (rating >= 5) return 'Excellent';
  if (rating >= 4) return 'Very Good';
  if (rating >= 3) return 'Good';
  if (rating >= 2) return 'Average';
  return 'Poor';
}
