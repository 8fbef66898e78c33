import * as z from 'zod/mini';

const reviewer = z.object({ _id: z.string(), firstName: z.string() });

/** Reviews carry `user: { firstName }` (design.md); `product` is the product's id. */
export const reviewView = z.object({
  _id: z.string(),
  review: z.string(),
  createdAt: z.string(),
  user: reviewer,
  product: z.string(),
  /** The author has a paid order holding this product. */
  verifiedBuyer: z.boolean(),
});
export type ReviewView = z.infer<typeof reviewView>;

export const ratingView = z.object({
  _id: z.string(),
  rating: z.number(),
  createdAt: z.string(),
  user: reviewer,
  product: z.string(),
});
export type RatingView = z.infer<typeof ratingView>;
