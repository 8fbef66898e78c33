import * as z from 'zod/mini';
import { dbSafeText, int32, textField } from '../validation/db-values';
import { withExample } from '../validation/examples';

export const MAX_CART_QUANTITY = 99;

const quantity = int32({
  type: 'quantity must be a number',
  whole: 'Quantity must be a whole number',
  min: [1, 'Quantity must be at least 1'],
  max: [MAX_CART_QUANTITY, `Quantity must be at most ${MAX_CART_QUANTITY}`],
});

export const addToCartInput = z.object({
  productId: withExample(
    textField('productId is required').check(z.maxLength(100, 'Product id is not valid')),
    '0f8b6c2e-3a51-4d7e-9c1a-5b2f7e4d8a10',
  ),
  weight: withExample(
    z
      .string('weight is required')
      .check(dbSafeText, z.trim(), z.minLength(1, 'weight is required'), z.maxLength(40)),
    '6 g',
  ),
  quantity: z.optional(quantity),
});
export type AddToCartInput = z.infer<typeof addToCartInput>;

/** Body of PUT /api/cart_item/{id}. */
export const cartQuantityInput = z.object({ quantity });

const cartItemId = textField('cartItemId is required').check(
  z.maxLength(100, 'Cart item id is not valid'),
);
export const cartItemIdInput = z.object({ cartItemId });
export const updateCartItemInput = z.object({ cartItemId, quantity });
export type UpdateCartItemInput = z.infer<typeof updateCartItemInput>;

/** A guest cart kept in the browser until login, then merged into the account's cart. */
export const guestCartInput = z.object({
  items: z.array(addToCartInput).check(z.maxLength(100, 'At most 100 cart lines')),
});
export type GuestCartInput = z.infer<typeof guestCartInput>;
