import type { Transaction } from 'kysely';
import type { Database, RefundRow } from '@kanak/db';
import type { RefundReason } from '@kanak/shared';
import { badRequest, conflict, notFound } from '../common';
import { writeOutbox, type OutboxRef } from '../outbox';
import { refundJobKey, type RefundIntent } from './refund-job';
import { JOBS } from '../queues';

/** What a caller asks to pay back: part or all of one captured payment. */
export interface RefundPaymentRequest {
  /** Our payments row (payments.id), not the provider's id. */
  paymentId: string;
  /** Whole rupees, at most what the payment has left after its other refunds. */
  amount: number;
  reason: RefundReason;
  /**
   * What the refund is for, unique within the payment: `refund-due` (REFUND_DUE_PURPOSE) for
   * money owed back; a return passes its own (`return-{returnId}`). A second ask with the same
   * purpose changes nothing while the first is processing or done.
   */
  purpose: string;
  /** The admin who asked; null for the system. */
  requestedBy: string | null;
}

export interface RefundAsked {
  refund: RefundRow;
  /** The job now asking the provider; null when this call changed nothing (already asked). */
  job: OutboxRef | null;
}

/**
 * Asks the provider to pay back (part of) a payment, durably: the refund row and the outbox row
 * of its job are written in the caller's transaction, and the worker's `refunds` job asks the
 * provider once per attempt (its idempotency key), however often it runs. Idempotent per payment
 * and purpose: while a refund is processing or processed, a second call answers it unchanged; a
 * failed one is asked again as a new attempt. Lock what decides the amount (the order row) first.
 */
export async function refundPayment(
  trx: Transaction<Database>,
  request: RefundPaymentRequest,
): Promise<RefundAsked> {
  if (!Number.isInteger(request.amount) || request.amount <= 0)
    throw badRequest('A refund is a whole number of rupees above 0');
  const payment = await trx
    .selectFrom('payments')
    .select(['id', 'order_id', 'provider', 'provider_payment_id', 'amount', 'status'])
    .where('id', '=', request.paymentId)
    .forUpdate()
    .executeTakeFirst();
  if (!payment) throw notFound('Payment');
  if (!payment.provider_payment_id || !['PAID', 'REFUND_PENDING'].includes(payment.status))
    throw conflict('Only a captured payment can be refunded');
  const existing = await trx
    .selectFrom('refunds')
    .selectAll()
    .where('payment_id', '=', payment.id)
    .where('purpose', '=', request.purpose)
    .executeTakeFirst();
  if (existing && existing.state !== 'failed') return { refund: existing, job: null };
  const others = await trx
    .selectFrom('refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
    .where('payment_id', '=', payment.id)
    .where('purpose', '!=', request.purpose)
    .where('state', '!=', 'failed')
    .executeTakeFirstOrThrow();
  const left = payment.amount - Number(others.total);
  if (request.amount > left)
    throw conflict(`Only ₹${left} of this payment is left to refund, not ₹${request.amount}`);
  const now = new Date();
  const refund = existing
    ? await trx
        .updateTable('refunds')
        .set((eb) => ({
          state: 'processing',
          attempt: eb('attempt', '+', 1),
          amount: request.amount,
          reason: request.reason,
          provider_refund_id: null,
          failure: null,
          requested_by: request.requestedBy,
          updated_at: now,
        }))
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow()
    : await trx
        .insertInto('refunds')
        .values({
          payment_id: payment.id,
          order_id: payment.order_id,
          purpose: request.purpose,
          reason: request.reason,
          amount: request.amount,
          state: 'processing',
          provider: payment.provider,
          provider_payment_id: payment.provider_payment_id,
          requested_by: request.requestedBy,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
  const payload: RefundIntent = {
    refundId: refund.id,
    attempt: refund.attempt,
    orderId: refund.order_id,
  };
  const job = await writeOutbox(trx, {
    job: JOBS.refund,
    jobKey: refundJobKey(refund.id, refund.attempt),
    payload,
  });
  return { refund, job };
}
