import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { ownLine } from './cart-lines';
import type { CartView } from './cart-view';
import { changeCart } from './change-cart';

/** DELETE /api/cart_item/{id}. */
export async function removeCartItem(
  db: Kysely<Database>,
  userId: string,
  cartItemId: unknown,
): Promise<CartView> {
  return changeCart(db, userId, async (trx, cartId) => {
    const line = await ownLine(trx, cartId, cartItemId);
    await trx.deleteFrom('cart_items').where('id', '=', line.id).execute();
  });
}
