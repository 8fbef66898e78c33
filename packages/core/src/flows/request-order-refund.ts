import type { AuthUser } from '../auth';
import { conflict } from '../common';
import { requireId } from '../common';
import { issueCreditNote } from '../invoices';
import { waitForOutboxOutcome, type OutboxRef } from '../outbox';
import type { OutboxDeps } from '../outbox';
import { lockOrder } from '../common';
import { REFUND_DUE_PURPOSE } from '../common';
import { refundPayment } from '../refunds';
import { cashOutRefusal } from '../tenders';

/**
 * The owner refunds what an order owes back (POST /api/admin/orders/{id}/refund): every
 * REFUND_PENDING payment of it through the provider it came from, each once (refundPayment). A
 * double click, or a second call while one is in flight or done, changes nothing. An invoiced
 * order that is cancelled has its credit note (issued once: most already have it from the
 * cancellation). Waits a bounded time for the worker, like an admin's move; the order then shows
 * the refund processing or settled. 409 when nothing is owed and nothing was refunded. It crosses
 * refunds, invoices, tenders and the outbox, so it lives with the flows.
 */
export async function requestOrderRefund(
  deps: OutboxDeps,
  admin: AuthUser,
  id: unknown,
): Promise<{ orderId: string; asked: number }> {
  const orderId = requireId(id, 'Order');
  const jobs = await deps.db.transaction().execute(async (trx) => {
    // The order row serialises two clicks: the second finds the first's refund rows.
    const order = await lockOrder(trx, orderId);
    const owed = await trx
      .selectFrom('payments')
      .select(['id', 'amount', 'refund_reason'])
      .where('order_id', '=', orderId)
      .where('status', '=', 'REFUND_PENDING')
      .where('provider_payment_id', 'is not', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    // A balance that paid it went back to the scheme or credit: it is never paid out as cash.
    if (owed.length === 0)
      throw conflict((await cashOutRefusal(trx, orderId)) ?? 'This order has no refund due');
    const made: OutboxRef[] = [];
    for (const payment of owed) {
      const { job } = await refundPayment(trx, {
        paymentId: payment.id,
        amount: payment.amount,
        // Rows from before migration 006 carry no reason (as the order view reads them).
        reason: payment.refund_reason ?? 'ORDER_NOT_PENDING',
        purpose: REFUND_DUE_PURPOSE,
        requestedBy: admin.id,
      });
      if (job) made.push(job);
    }
    // The money of a cancelled sale goes back: its invoice is reversed, once.
    if (made.length && order.status === 'CANCELLED')
      await issueCreditNote(trx, { orderId, reason: 'Payment refunded to the buyer' });
    return made;
  });
  if (jobs.length) {
    deps.relay.wake();
    if (deps.relay.connected())
      await Promise.all(
        jobs.map((job) => waitForOutboxOutcome(deps.db, { ref: job, timeoutMs: deps.waitMs })),
      );
  }
  return { orderId, asked: jobs.length };
}
