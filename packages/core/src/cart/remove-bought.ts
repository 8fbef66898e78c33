import { sql, type Transaction } from 'kysely';
import type { Database } from '@kanak/db';

/**
 * Takes out of the buyer's cart what a paid order bought: those sizes, up to those quantities.
 * Lines added after the order was placed (or more of a size than it bought) stay in the cart.
 */
export async function removeBoughtFromCart(
  trx: Transaction<Database>,
  userId: string,
  orderId: string,
): Promise<void> {
  const bought = trx
    .selectFrom('order_items')
    .select(['size_id', sql<number>`sum(quantity)::int`.as('quantity')])
    .where('order_id', '=', orderId)
    .where('size_id', 'is not', null)
    .groupBy('size_id');
  const cart = trx.selectFrom('carts').select('id').where('user_id', '=', userId);
  await trx
    .deleteFrom('cart_items')
    .where('cart_id', 'in', cart)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom(bought.as('b'))
          .select('b.size_id')
          .whereRef('b.size_id', '=', 'cart_items.size_id')
          .whereRef('b.quantity', '>=', 'cart_items.quantity'),
      ),
    )
    .execute();
  await trx
    .updateTable('cart_items')
    .from(bought.as('b'))
    .set((eb) => ({ quantity: eb('cart_items.quantity', '-', eb.ref('b.quantity')) }))
    .whereRef('b.size_id', '=', 'cart_items.size_id')
    .where('cart_items.cart_id', 'in', cart)
    .execute();
}
