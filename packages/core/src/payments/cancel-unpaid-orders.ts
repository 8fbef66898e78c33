import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { applyMove, type LedgerEntry } from '../ledger/order-ledger';
import { LINK_GRACE_MS } from './link-expiry';

export interface UnpaidOrderOptions {
  /** An order younger than this is never cancelled for want of payment (UNPAID_ORDER_TTL_MINUTES). */
  unpaidTtlMs: number;
  limit?: number;
}

/** What the shopper reads on an order cancelled for want of payment. */
export const unpaidCancelNote = (ttlMs: number) =>
  `Cancelled: not paid within ${Math.round(ttlMs / 60_000)} minutes`;

/**
 * Cancels, through the ledger, PENDING orders nobody can pay any more: older than the unpaid
 * TTL, with no open payment link, and whose last link (if any) ran out more than the grace ago.
 * A link without an expiry (made before links expired) counts as running out a TTL after it was
 * made. "Pay now" makes a fresh link, so an order someone is still paying is left alone.
 */
export async function cancelUnpaidOrders(
  db: Kysely<Database>,
  options: UnpaidOrderOptions,
): Promise<LedgerEntry[]> {
  const now = Date.now();
  const graceCutoff = new Date(now - LINK_GRACE_MS);
  const candidates = await db
    .selectFrom('orders')
    .select('orders.id')
    .where('orders.status', '=', 'PENDING')
    .where('orders.order_date', '<', new Date(now - options.unpaidTtlMs))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('payments')
            .select('payments.id')
            .whereRef('payments.order_id', '=', 'orders.id')
            .where((eb) =>
              eb.or([
                eb('payments.status', '=', 'CREATED'),
                eb('payments.expires_at', '>=', graceCutoff),
                eb.and([
                  eb('payments.expires_at', 'is', null),
                  eb('payments.created_at', '>=', new Date(now - options.unpaidTtlMs)),
                ]),
              ]),
            ),
        ),
      ),
    )
    .orderBy('orders.order_date')
    .limit(options.limit ?? 100)
    .execute();
  const entries: LedgerEntry[] = [];
  for (const { id } of candidates) {
    const entry = await db.transaction().execute(async (trx) => {
      const order = await trx
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      // Deleted, paid, cancelled or given a fresh link since the query: not ours to cancel.
      if (order?.status !== 'PENDING') return null;
      const open = await trx
        .selectFrom('payments')
        .select('id')
        .where('order_id', '=', id)
        .where('status', '=', 'CREATED')
        .executeTakeFirst();
      if (open) return null;
      const note = unpaidCancelNote(options.unpaidTtlMs);
      return applyMove(trx, order, {
        to: 'CANCELLED',
        by: 'system',
        actorUserId: null,
        reason: note,
        statusNote: note,
        jobKey: `unpaid:${id}`,
      });
    });
    if (entry?.event) entries.push(entry);
  }
  return entries;
}
