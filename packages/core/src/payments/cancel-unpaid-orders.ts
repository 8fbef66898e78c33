import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import { applyMove, type LedgerEntry } from '../ledger';
import { LINK_GRACE_MS } from './link-expiry';
import { lockOrderIfAny, systemClock, type Clock } from '../common';

export interface UnpaidOrderOptions {
  /** An order younger than this is never cancelled for want of payment (UNPAID_ORDER_TTL_MINUTES). */
  unpaidTtlMs: number;
  limit?: number;
  clock?: Clock;
}

export interface CancelBySystemOptions {
  order: Parameters<typeof applyMove>[1];
  /** Both the reason kept and what the shopper reads. */
  note: string;
  jobKey: string;
}

/** The shop cancels an order itself. */
const cancelBySystem = (
  trx: Transaction<Database>,
  { order, note, jobKey }: CancelBySystemOptions,
) =>
  applyMove(trx, order, {
    to: 'CANCELLED',
    by: 'system',
    actorUserId: null,
    reason: note,
    statusNote: note,
    jobKey,
  });

/** What the shopper reads on an order cancelled for want of payment. */
export const unpaidCancelNote = (ttlMs: number) =>
  `Cancelled: not paid within ${Math.round(ttlMs / 60_000)} minutes`;

/**
 * Cancels, through the ledger, PENDING orders older than the unpaid TTL that either
 * - nobody can pay any more: no open payment link, and the last link (if any) ran out more than
 *   the grace ago (a link without an expiry counts as running out a TTL after it was made); or
 * - had their first link more than the TTL ago: renewing the link ("Pay now" just before each
 *   one runs out) does not hold the stock for ever. Its open links are closed with the order.
 * An order waiting for its cash-on-delivery code is cancelled once the code's deadline passed
 * (whatever its age), and not for want of a link before that.
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

/** The order's cash-on-delivery choice, not confirmed yet. */
const codChoiceOf = (
  selectFrom: ExpressionBuilder<Database & { orders: Database['orders'] }, 'orders'>['selectFrom'],
) =>
  selectFrom('cod_orders')
    .select('cod_orders.order_id')
    .whereRef('cod_orders.order_id', '=', 'orders.id')
    .where('cod_orders.confirmed_at', 'is', null);

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
    // Cash on delivery chosen: its code's deadline decides instead (below).
    .where(({ not, exists, selectFrom }) => not(exists(codChoiceOf(selectFrom))))
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
  const unconfirmed = await db
    .selectFrom('orders')
    .innerJoin('cod_orders', 'cod_orders.order_id', 'orders.id')
    .select(['orders.id', 'cod_orders.confirm_by', 'cod_orders.created_at'])
    .where('orders.status', '=', 'PENDING')
    .where('cod_orders.confirmed_at', 'is', null)
    .where('cod_orders.confirm_by', '<=', new Date(now))
    .orderBy('cod_orders.confirm_by')
    .limit(options.limit ?? 100)
    .execute();
  const entries: LedgerEntry[] = [];
  for (const { id, confirm_by, created_at } of unconfirmed) {
    const minutes = Math.round((confirm_by.getTime() - created_at.getTime()) / 60_000);
    const entry = await db.transaction().execute(async (trx) => {
      const order = await lockOrderIfAny(trx, id);
      if (order?.status !== 'PENDING') return null;
      // A fresh code asked for since the query, or confirmed meanwhile: not ours to cancel.
      const still = await trx
        .selectFrom('cod_orders')
        .select('order_id')
        .where('order_id', '=', id)
        .where('confirmed_at', 'is', null)
        .where('confirm_by', '<=', new Date(now))
        .executeTakeFirst();
      if (!still) return null;
      const note = `Cancelled: cash on delivery not confirmed within ${minutes} minutes`;
      return cancelBySystem(trx, {
        order,
        note,
        jobKey: `cod-unconfirmed:${id}:${confirm_by.getTime()}`,
      });
    });
    if (entry?.event) entries.push(entry);
  }
  for (const { id } of candidates) {
    const entry = await db.transaction().execute(async (trx) => {
      const order = await lockOrderIfAny(trx, id);
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
      // Cash on delivery chosen since the query: its code's deadline decides.
      const codChosen = await trx
        .selectFrom('cod_orders')
        .select('order_id')
        .where('order_id', '=', id)
        .where('confirmed_at', 'is', null)
        .executeTakeFirst();
      if (codChosen) return null;
      return cancelBySystem(trx, {
        order,
        note: unpaidCancelNote(options.unpaidTtlMs),
        jobKey: `unpaid:${id}`,
      });
    });
    if (entry?.event) entries.push(entry);
  }
  return entries;
}
