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

/**
 * removeBoughtFromCart for a batch of paid orders in one statement: what each buyer's orders of
 * the batch bought, added up per size, is taken out of their cart (a line bought in full is
 * deleted, the rest reduced), as the orders one after another would.
 */
export async function removeBoughtFromCarts(
  trx: Transaction<Database>,
  orderIds: readonly string[],
): Promise<void> {
  if (orderIds.length === 0) return;
  await sql`
    WITH bought AS (
      SELECT o.user_id, oi.size_id, sum(oi.quantity)::int AS quantity
      FROM order_items oi JOIN orders o ON o.id = oi.order_id
      WHERE oi.order_id = ANY(${orderIds}::uuid[]) AND oi.size_id IS NOT NULL
      GROUP BY o.user_id, oi.size_id
    ), lines AS (
      SELECT ci.id, ci.quantity, b.quantity AS bought
      FROM cart_items ci
      JOIN carts c ON c.id = ci.cart_id
      JOIN bought b ON b.user_id = c.user_id AND b.size_id = ci.size_id
    ), gone AS (
      DELETE FROM cart_items WHERE id IN (SELECT id FROM lines WHERE bought >= quantity)
    )
    UPDATE cart_items ci SET quantity = ci.quantity - l.bought
    FROM lines l WHERE ci.id = l.id AND l.bought < l.quantity`.execute(trx);
}
