import * as z from 'zod/mini';

export const userIdInput = z.object({
  id: z.string('User id is required').check(z.maxLength(100, 'User id is not valid')),
});

/** Wishlist calls name the product (DELETE /api/wish/{productId} takes the product id). */
export const wishProductInput = z.object({
  productId: z.string('productId is required').check(z.maxLength(100, 'Product id is not valid')),
});
export type WishProductInput = z.infer<typeof wishProductInput>;
