import type { Transaction } from 'kysely';
import type { Database, OrderRow } from '@kanak/db';
import { notFound } from './errors';

/** Reads an order with its row locked for the rest of the transaction; 404 when it is gone. */
export async function lockOrder(trx: Transaction<Database>, orderId: string): Promise<OrderRow> {
  const order = await trx
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
  if (!order) throw notFound('Order');
  return order;
}
