import type { Transaction } from 'kysely';
import type { Database, OrderRow } from '@kanak/db';
import { conflict, notFound } from './errors';

/** Reads an order with its row locked for the rest of the transaction; 404 when it is gone. */
export async function lockOrder(trx: Transaction<Database>, orderId: string): Promise<OrderRow> {
  const order = await lockOrderIfAny(trx, orderId);
  if (!order) throw notFound('Order');
  return order;
}

/** As lockOrder, for a caller to whom a deleted order is no error (a sweep): undefined then. */
export function lockOrderIfAny(
  trx: Transaction<Database>,
  orderId: string,
): Promise<OrderRow | undefined> {
  return trx
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Locks the shopper's own order that still waits for payment, with the shopper's name and
 * e-mail (the payment and its mails name them): 404 when it is not theirs, 409 once it is no
 * longer PENDING.
 */
export async function lockPayableOrder(
  trx: Transaction<Database>,
  orderId: string,
  userId: string,
) {
  const order = await trx
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .selectAll('orders')
    .select(['users.first_name', 'users.last_name', 'users.email'])
    .where('orders.id', '=', orderId)
    .forUpdate('orders')
    .executeTakeFirst();
  if (!order || order.user_id !== userId) throw notFound('Order');
  if (order.status !== 'PENDING')
    throw conflict(`Order is already ${order.status}: only a PENDING order can be paid`);
  return order;
}
