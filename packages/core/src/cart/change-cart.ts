import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import { ensureCart, getCart, type CartView } from './cart-view';

/** The cart row locked for the rest of the transaction, so concurrent changes queue up. */
async function lockCart(trx: Transaction<Database>, userId: string): Promise<string> {
  const cartId = await ensureCart(trx, userId);
  await trx.selectFrom('carts').select('id').where('id', '=', cartId).forUpdate().execute();
  return cartId;
}

/** Marks the cart changed (its lines were added, changed or removed). */
async function touchCart(trx: Transaction<Database>, cartId: string) {
  await trx.updateTable('carts').set({ updated_at: new Date() }).where('id', '=', cartId).execute();
}

/**
 * One change of the user's cart: in a transaction with the cart row locked (so concurrent
 * changes queue up), then the cart's update time is bumped and the whole cart is answered.
 */
export async function changeCart(
  db: Kysely<Database>,
  userId: string,
  change: (trx: Transaction<Database>, cartId: string) => Promise<void>,
): Promise<CartView> {
  return db.transaction().execute(async (trx) => {
    const cartId = await lockCart(trx, userId);
    await change(trx, cartId);
    await touchCart(trx, cartId);
    return getCart(trx, userId);
  });
}
