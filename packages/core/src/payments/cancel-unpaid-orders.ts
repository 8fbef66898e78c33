import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { applyMove, type LedgerEntry } from '../ledger/order-ledger';
import { LINK_GRACE_MS } from './link-expiry';
import { systemClock, type Clock } from '../common/clock';

export interface UnpaidOrderOptions {
  /** An order younger than this is never cancelled for want of payment (UNPAID_ORDER_TTL_MINUTES). */
  unpaidTtlMs: number;
  limit?: number;
  clock?: Clock;
}

/** What the shopper reads on an order cancelled for want of payment. */
export const unpaidCancelNote = (ttlMs: number) =>
  `Cancelled: not paid within ${Math.round(ttlMs / 60_000)} minutes`;

/**
 * Cancels, through the ledger, PENDING orders older than the unpaid TTL that either
 * - nobody can pay any more: no open payment link, and the last link (if any) ran out more than
 *   the grace ago (a link without an expiry counts as running out a TTL after it was made); or
 * - had their first link more than the TTL ago: renewing the link ("Pay now" just before each
 *   one runs out) does not hold the stock for ever. Its open links are closed with the order.
 */
/** A link of the order (any status) made before `cutoff`: its first link is older than that. */
const firstLinkBefore = (
  selectFrom: ExpressionBuilder<Database & { orders: Database['orders'] }, 'orders'>['selectFrom'],
  cutoff: Date,
) =>
  selectFrom('payments')
    .select('payments.id')
    .whereRef('payments.order_id', '=', 'orders.id')
    .where('payments.created_at', '<', cutoff);

export async function cancelUnpaidOrders(
  db: Kysely<Database>,
  options: UnpaidOrderOptions,
): Promise<LedgerEntry[]> {
  const now = (options.clock ?? systemClock)().getTime();
  const ttlCutoff = new Date(now - options.unpaidTtlMs);
  const graceCutoff = new Date(now - LINK_GRACE_MS);
  const candidates = await db
    .selectFrom('orders')
    .select('orders.id')
    .where('orders.status', '=', 'PENDING')
    .where('orders.order_date', '<', ttlCutoff)
    .where(({ or, not, exists, selectFrom }) =>
      or([
        exists(firstLinkBefore(selectFrom, ttlCutoff)),
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
                    eb('payments.created_at', '>=', ttlCutoff),
                  ]),
                ]),
              ),
          ),
        ),
      ]),
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
      // Deleted, paid or cancelled since the query: not ours to cancel.
      if (order?.status !== 'PENDING') return null;
      // Given a fresh (first) link since the query, while its TTL has not run out: still paying.
      const [open, overdue] = await Promise.all([
        trx
          .selectFrom('payments')
          .select('id')
          .where('order_id', '=', id)
          .where('status', '=', 'CREATED')
          .executeTakeFirst(),
        trx
          .selectFrom('orders')
          .select('id')
          .where('id', '=', id)
          .where(({ exists, selectFrom }) => exists(firstLinkBefore(selectFrom, ttlCutoff)))
          .executeTakeFirst(),
      ]);
      if (open && !overdue) return null;
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
