import type { Kysely } from 'kysely';
import type { CodOutcome, Database } from '@kanak/db';
import { conflict, lockOrder } from '../common';
import { requireId } from '../common';
import { systemClock, type Clock } from '../common';
import { lockInvoiceCounter } from '../invoices';
import { applyMove, type LedgerEntry } from '../ledger';

export const COD_REFUSED_NOTE = 'Cash on delivery refused at the door: the parcel returns to us';

export interface RecordCodOutcomeOptions {
  input: { orderId: unknown; outcome: CodOutcome };
  actorUserId: string;
  clock?: Clock;
}

/**
 * What the carrier reported of a shipped cash-on-delivery parcel, as the owner records it:
 * - `collected`: delivered with the cash, which the carrier now owes the shop (its remittance
 *   file records the payment); the order moves to DELIVERED (already DELIVERED: only recorded).
 * - `refused`: return to origin. The order is cancelled through the ledger as the carrier's move,
 *   so its stock comes back and its invoice gets its credit note; the shopper may not choose cash
 *   on delivery again for COD_BLOCK_DAYS.
 * Recording the same outcome again changes nothing; the other one afterwards is a 409.
 */
export async function recordCodOutcome(
  db: Kysely<Database>,
  { input, actorUserId, clock = systemClock }: RecordCodOutcomeOptions,
): Promise<{ orderId: string; entry: LedgerEntry | null }> {
  const orderId = requireId(input.orderId, 'Order');
  const entry = await db.transaction().execute(async (trx) => {
    const now = clock();
    // Delivering may number the invoice: the counter first, as a payment takes it.
    if (input.outcome === 'collected') await lockInvoiceCounter(trx, now);
    const order = await lockOrder(trx, orderId);
    const cod = await trx
      .selectFrom('cod_orders')
      .select(['confirmed_at', 'outcome'])
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    if (!cod?.confirmed_at) throw conflict('This order is not paid by cash on delivery');
    if (cod.outcome === input.outcome) return null;
    if (cod.outcome) throw conflict(`This parcel was already recorded as ${cod.outcome}`);
    let entry: LedgerEntry | null = null;
    if (input.outcome === 'collected') {
      if (order.status === 'SHIPPED')
        entry = await applyMove(trx, order, {
          to: 'DELIVERED',
          by: 'admin',
          actorUserId,
          reason: 'Delivered: cash collected by the carrier',
        });
      else if (order.status !== 'DELIVERED')
        throw conflict(`Order is ${order.status}: cash is collected only on a shipped order`);
    } else {
      if (order.status !== 'SHIPPED')
        throw conflict(`Order is ${order.status}: only a shipped parcel can be refused`);
      entry = await applyMove(trx, order, {
        to: 'CANCELLED',
        by: 'carrier',
        actorUserId,
        reason: COD_REFUSED_NOTE,
        statusNote: COD_REFUSED_NOTE,
      });
    }
    await trx
      .updateTable('cod_orders')
      .set({ outcome: input.outcome, outcome_at: now })
      .where('order_id', '=', orderId)
      .execute();
    return entry;
  });
  return { orderId, entry };
}
