import type { OutboxRef } from '../outbox/outbox';
import type { TracedJob } from '../queues/jobs';

/** What a `refunds` job asks: one attempt of one refund row. */
export interface RefundIntent {
  refundId: string;
  attempt: number;
  /** For the System page's dead letters (which order a job was about). */
  orderId: string;
}

export type RefundJob = RefundIntent & OutboxRef & TracedJob;

/** One outbox row per refund attempt. */
export const refundJobKey = (refundId: string, attempt: number) => `refund-${refundId}-${attempt}`;

/**
 * The provider's idempotency key of an attempt's try (Razorpay: ≥ 10 of [A-Za-z0-9_-], and it
 * is the receipt too, at most 40 characters): a re-run of the job asks for the same refund; the
 * next try after a refusal asks for a fresh one (the first try keeps the key it always had).
 */
export const refundIdempotencyKey = (refundId: string, attempt: number, tries = 1) =>
  `kj${refundId.replace(/-/g, '')}-${attempt}${tries > 1 ? `t${tries}` : ''}`;
