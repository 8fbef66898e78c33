import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import type { OrderStatus } from '@kanak/shared';
import { notFound } from '../common/errors';
import { requireId } from '../common/ids';
import { assertOrderMove } from './state-machine';
import { lockOrder } from './lock-order';

export interface TransitionRequest {
  orderId: string;
  to: OrderStatus;
  actor: 'admin' | 'system';
  actorUserId: string | null;
  /** The queued job's id: a job re-run after a crash finds its move already applied. */
  jobKey: string;
  note?: string | null;
}

/** What the worker records of an applied move: no order view is built for it. */
export interface AppliedMove {
  orderId: string;
  orderStatus: OrderStatus;
}

/**
 * Applies one admin status move in a transaction with the order row locked, writing the event
 * log. Idempotent per jobKey: a re-run answers the order as it is instead of refusing.
 */
export async function applyOrderTransition(
  db: Kysely<Database>,
  request: TransitionRequest,
): Promise<AppliedMove> {
  const orderId = requireId(request.orderId, 'Order');
  const row = await db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId);
    const done = await trx
      .selectFrom('order_events')
      .select('id')
      .where('job_key', '=', request.jobKey)
      .executeTakeFirst();
    if (done) return order;
    assertOrderMove(order.status, request.to, request.actor);
    const updated = await trx
      .updateTable('orders')
      .set({
        status: request.to,
        updated_at: new Date(),
        ...(request.to === 'DELIVERED' ? { delivered_at: new Date() } : {}),
        ...(request.to === 'CANCELLED'
          ? { status_note: request.note ?? 'Cancelled by the shop' }
          : {}),
      })
      .where('id', '=', orderId)
      .returningAll()
      .executeTakeFirstOrThrow();
    // A paid order cancelled before shipping gives its pieces back and is owed a refund.
    if (request.to === 'CANCELLED' && order.status !== 'PENDING')
      await releasePaidOrder(trx, orderId);
    await trx
      .insertInto('order_events')
      .values({
        order_id: orderId,
        actor: request.actor,
        actor_user_id: request.actorUserId,
        from_status: order.status,
        to_status: request.to,
        note: request.note ?? null,
        job_key: request.jobKey,
      })
      .execute();
    return updated;
  });
  return { orderId: row.id, orderStatus: row.status };
}

/**
 * Checks a move's order exists before it is queued. The state machine itself is applied by the
 * worker under the row lock (a pre-check here could pass and still lose a race).
 */
export async function requireOrderId(db: Kysely<Database>, orderId: unknown): Promise<string> {
  const id = requireId(orderId, 'Order');
  const order = await db.selectFrom('orders').select('id').where('id', '=', id).executeTakeFirst();
  if (!order) throw notFound('Order');
  return id;
}

async function releasePaidOrder(trx: Transaction<Database>, orderId: string) {
  const items = await trx
    .selectFrom('order_items')
    .select(['size_id', 'quantity'])
    .where('order_id', '=', orderId)
    .orderBy('size_id')
    .execute();
  for (const item of items) {
    if (!item.size_id) continue;
    await trx
      .updateTable('product_sizes')
      .set((eb) => ({ stock: eb('stock', '+', item.quantity) }))
      .where('id', '=', item.size_id)
      .execute();
  }
  await trx
    .updateTable('payments')
    .set({
      status: 'REFUND_PENDING',
      refund_reason: 'CANCELLED_BY_SHOP',
      note: 'Order cancelled by the shop: refund due',
      updated_at: new Date(),
    })
    .where('order_id', '=', orderId)
    .where('status', '=', 'PAID')
    .execute();
}
