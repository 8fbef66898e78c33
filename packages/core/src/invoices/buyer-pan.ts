import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { needsPan, PAN_THRESHOLD, formatRupees } from '@kanak/shared';
import type { AuthUser } from '../auth';
import { canSeeRecordOf } from '../auth';
import { badRequest, conflict, notFound } from '../common';
import { requireId } from '../common';

const PAN_NOT_NEEDED = `A PAN is asked only for an order above ${formatRupees(PAN_THRESHOLD)}`;

export interface RecordOrderPanOptions {
  user: AuthUser;
  id: unknown;
  pan: string;
}

/**
 * The buyer's PAN for an order above the threshold (Income-tax Rule 114B), by its owner or an
 * admin. Kept once: the invoice prints it, so a recorded PAN is not replaced.
 */
export async function recordOrderPan(
  db: Kysely<Database>,
  { user, id, pan }: RecordOrderPanOptions,
): Promise<void> {
  const orderId = requireId(id, 'Order');
  await db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('orders')
      .select(['user_id', 'total_discounted_price', 'buyer_pan', 'status'])
      .where('id', '=', orderId)
      .forUpdate()
      .executeTakeFirst();
    if (!order || !canSeeRecordOf(user, order.user_id)) throw notFound('Order');
    if (!needsPan(order.total_discounted_price)) throw badRequest(PAN_NOT_NEEDED);
    if (order.buyer_pan === pan) return;
    if (order.buyer_pan) throw conflict('A PAN is already recorded for this order');
    if (order.status === 'CANCELLED') throw conflict('This order is cancelled');
    await trx.updateTable('orders').set({ buyer_pan: pan }).where('id', '=', orderId).execute();
  });
}

/** 409 when an order above the threshold has no PAN (PAN_REQUIRED_TO_SHIP). */
export async function requirePan(db: Kysely<Database>, orderId: string): Promise<void> {
  const order = await db
    .selectFrom('orders')
    .select(['total_discounted_price', 'buyer_pan'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (order && needsPan(order.total_discounted_price) && !order.buyer_pan)
    throw conflict(
      `The buyer's PAN is needed before shipping an order above ${formatRupees(PAN_THRESHOLD)}: the shopper is asked for it on the order page`,
    );
}
