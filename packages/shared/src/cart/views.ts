import * as z from 'zod/mini';
import { productView } from '../catalog/views';

/** price and discountedPrice are line totals (unit price × quantity). */
export const cartItemView = z.object({
  _id: z.string(),
  product: productView,
  quantity: z.number(),
  weight: z.string(),
  size: z.string(),
  /** The number inside size ("16 MM" → 16), null for pieces without a size. */
  width: z.nullable(z.number()),
  stock: z.number(),
  price: z.number(),
  discountedPrice: z.number(),
  /** The unit price (discounted) the line was added at, when the price has moved since; else null. */
  priceWhenAdded: z.optional(z.nullable(z.number())),
});
export type CartItemView = z.infer<typeof cartItemView>;

export const cartView = z.object({
  _id: z.string(),
  cartItems: z.array(cartItemView),
  totalItem: z.number(),
  totalPrice: z.number(),
  discount: z.number(),
  totalDiscountedPrice: z.number(),
});
export type CartView = z.infer<typeof cartView>;
