import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { AuthUser } from '../auth/tokens';
import { canSeeRecordOf } from '../auth/access';
import { notFound } from '../common/errors';
import { requireId } from '../common/ids';
import { toOrderView, toOrderViews, type OrderView } from './order-view';

/** One order, for its owner or an admin; another user's order is a 404 (no existence leak). */
export async function getOrderFor(
  db: Kysely<Database>,
  user: AuthUser,
  id: unknown,
): Promise<OrderView> {
  const orderId = requireId(id, 'Order');
  const row = await db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!row || !canSeeRecordOf(user, row.user_id)) throw notFound('Order');
  return toOrderView(db, row);
}

/** The user's orders, newest first. */
export async function listUserOrders(db: Kysely<Database>, userId: string): Promise<OrderView[]> {
  const rows = await db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('order_date', 'desc')
    .orderBy('id')
    .execute();
  return toOrderViews(db, rows);
}

/** Every order, newest first (admin). */
export async function listAllOrders(db: Kysely<Database>, limit = 500): Promise<OrderView[]> {
  const rows = await db
    .selectFrom('orders')
    .selectAll()
    .orderBy('order_date', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return toOrderViews(db, rows);
}

/** Deletes an order with its items, payments and events (admin). */
export async function removeOrder(db: Kysely<Database>, id: unknown): Promise<{ message: string }> {
  const orderId = requireId(id, 'Order');
  const deleted = await db.deleteFrom('orders').where('id', '=', orderId).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound('Order');
  return { message: 'Order deleted successfully' };
}
