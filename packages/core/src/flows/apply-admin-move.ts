import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { OrderStatus } from '@kanak/shared';
import { applyMove, type LedgerEntry } from '../ledger';
import { lockOrder } from '../common';
import { lockInvoiceCounter } from '../invoices';
import type { ShipmentIntent } from '../shipments';

export interface AdminMove {
  orderId: string;
  to: OrderStatus;
  actorUserId: string | null;
  /** The queued job's key: a job re-run after a crash finds its move already applied. */
  jobKey: string;
  note?: string | null;
  /** A ship's carrier and AWB. */
  shipment?: ShipmentIntent | null;
}

/** What the worker records of an applied move: no order view is built for it. */
export interface AppliedMove {
  orderId: string;
  orderStatus: OrderStatus;
}

/**
 * Applies one admin move through the order ledger, in a transaction with the order row locked.
 * Idempotent per jobKey: a re-run answers the order as it is instead of refusing. A refusal is
 * the ledger's MoveRefused (409, with the event that tells the admin who asked). It crosses the
 * ledger, invoices (a dispatch numbers one) and shipments, so it lives with the flows.
 */
export async function applyAdminMove(
  db: Kysely<Database>,
  move: AdminMove,
): Promise<{ applied: AppliedMove; entry: LedgerEntry }> {
  // Dispatching a cash-on-delivery order numbers its invoice: the counter is taken before the
  // order, in the order a payment takes them (no deadlock between the two).
  const invoicesHere =
    (move.to === 'SHIPPED' || move.to === 'DELIVERED') &&
    (await db
      .selectFrom('cod_orders')
      .select('order_id')
      .where('order_id', '=', move.orderId)
      .executeTakeFirst()) !== undefined;
  const entry = await db.transaction().execute(async (trx) => {
    if (invoicesHere) await lockInvoiceCounter(trx);
    const order = await lockOrder(trx, move.orderId);
    return applyMove(trx, order, {
      to: move.to,
      by: 'admin',
      actorUserId: move.actorUserId,
      reason: move.note ?? null,
      ...(move.to === 'CANCELLED' ? { statusNote: move.note ?? 'Cancelled by the shop' } : {}),
      jobKey: move.jobKey,
      shipment: move.shipment ?? null,
    });
  });
  return { applied: { orderId: entry.orderId, orderStatus: entry.status }, entry };
}
