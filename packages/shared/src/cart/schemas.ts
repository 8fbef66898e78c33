import * as z from 'zod/mini';

export const MAX_CART_QUANTITY = 99;

export const addToCartInput = z.object({
  productId: z.string('productId is required'),
  weight: z.string('weight is required').check(z.trim(), z.minLength(1, 'weight is required'), z.maxLength(40)),
  quantity: z.optional(
    z.number().check(z.multipleOf(1, 'Quantity must be a whole number'), z.gte(1, 'Quantity must be at least 1'), z.lte(MAX_CART_QUANTITY, `Quantity must be at most ${MAX_CART_QUANTITY}`)),
  ),
});
export type AddToCartInput = z.infer<typeof addToCartInput>;

export const cartQuantityInput = z.object({
  quantity: z.number('quantity must be a number').check(
    z.multipleOf(1, 'Quantity must be a whole number'),
    z.gte(1, 'Quantity must be at least 1'),
    z.lte(MAX_CART_QUANTITY, `Quantity must be at most ${MAX_CART_QUANTITY}`),
  ),
});

/** A guest cart kept in the browser until login, then merged into the account's cart. */
export const guestCartInput = z.object({
  items: z.array(addToCartInput).check(z.maxLength(100, 'At most 100 cart lines')),
});
export type GuestCartInput = z.infer<typeof guestCartInput>;
