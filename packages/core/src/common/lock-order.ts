import type { Transaction } from 'kysely';
import type { Database, OrderRow } from '@kanak/db';
import { notFound } from './errors';

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
