import * as z from 'zod/mini';
import { productView } from '../catalog/views';

export const wishItemView = z.object({ _id: z.string(), product: productView });
export type WishItemView = z.infer<typeof wishItemView>;

/** The wishlist has no row of its own: its id is the user's. */
export const wishlistView = z.object({ _id: z.string(), wishItems: z.array(wishItemView) });
export type WishlistView = z.infer<typeof wishlistView>;

export const wishlistRemoval = z.object({ message: z.string(), productId: z.string() });
