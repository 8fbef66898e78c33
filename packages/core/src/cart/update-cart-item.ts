import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { cartQuantityRefusal, type UpdateCartItemInput } from '@kanak/shared';
import { conflict } from '../common';
import { ownLine } from './cart-lines';
import { CART_TOTAL_MESSAGE, MAX_CART_TOTAL, totalWith } from './cart-total';
import type { CartView } from './cart-view';
import { changeCart } from './change-cart';

/** PUT /api/cart_item/{id}: sets the quantity (1 to the size row's stock). */
export async function updateCartItem(
  db: Kysely<Database>,
  userId: string,
  input: UpdateCartItemInput,
): Promise<CartView> {
  return changeCart(db, userId, async (trx, cartId) => {
    const line = await ownLine(trx, cartId, input.cartItemId);
    const refusal = cartQuantityRefusal(input.quantity, line.stock);
    if (refusal) throw conflict(refusal);
    if (
      (await totalWith(trx, { cartId, sizeId: line.size_id, quantity: input.quantity })) >
      MAX_CART_TOTAL
    )
      throw conflict(CART_TOTAL_MESSAGE);
    await trx
      .updateTable('cart_items')
      .set({ quantity: input.quantity })
      .where('id', '=', line.id)
      .execute();
  });
}
