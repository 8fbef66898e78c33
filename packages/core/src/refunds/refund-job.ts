import type { z } from 'zod';
import type { ProviderRefund } from '../payment-providers';
import type { JOBS, ParsedJob } from '../queues';

/** What a `refunds` job asks: one attempt of one refund row. */
export type RefundIntent = z.output<typeof JOBS.refund.payload>;

export type RefundJob = ParsedJob<typeof JOBS.refund>;

/** One outbox row per refund attempt. */
export const refundJobKey = (refundId: string, attempt: number) => `refund-${refundId}-${attempt}`;

/**
 * The provider's idempotency key of an attempt's try (Razorpay: ≥ 10 of [A-Za-z0-9_-], and it
 * is the receipt too, at most 40 characters): a re-run of the job asks for the same refund; the
 * next try after a refusal asks for a fresh one (the first try keeps the key it always had).
 */
export const refundIdempotencyKey = (refundId: string, attempt: number, tries = 1) =>
  `kj${refundId.replace(/-/g, '')}-${attempt}${tries > 1 ? `t${tries}` : ''}`;

/**
 * A refund row's columns as the provider answered it (an order's refund and an instalment's
 * alike): its state, the provider's id, why it failed, and when it was processed.
 */
export const providerAnswerColumns = (answer: ProviderRefund, now: Date) => ({
  state: answer.status,
  provider_refund_id: answer.id,
  failure: answer.failure,
  updated_at: now,
  processed_at: answer.status === 'processed' ? now : null,
});
