import type { OrderStatus } from '@kanak/shared';
import { DomainError, type DomainErrorKind } from '../shared/errors';
import type { PaymentConfirmation } from '../payments/confirm-payment';

/** Payload of a 'payment-confirmations' job. */
export type PaymentConfirmationJob = PaymentConfirmation;

/** Payload of an 'order-transitions' job. */
export interface OrderTransitionJob {
  orderId: string;
  to: OrderStatus;
  actorUserId: string;
}

/** Retries with exponential backoff (0.5 s, 1 s, 2 s, 4 s) before a job is dead-lettered. */
export const JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: { age: 24 * 3600, count: 5000 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

/** Payment jobs are keyed by the provider's payment id: duplicates while one is queued collapse. */
export const paymentJobId = (paymentId: string) => `pay-${paymentId}`;

// A domain refusal crosses the queue as its failure reason: "[CONFLICT] Cannot move …".
const REFUSAL =
  /^\[(BAD_REQUEST|UNAUTHORIZED|FORBIDDEN|NOT_FOUND|CONFLICT|TOO_MANY_REQUESTS)\] ([\s\S]*)$/;

export const encodeRefusal = (error: DomainError) => `[${error.kind}] ${error.message}`;

/** The DomainError a worker's failure reason carries, or null for a real fault. */
export function decodeRefusal(reason: string | undefined): DomainError | null {
  const match = reason ? REFUSAL.exec(reason) : null;
  return match ? new DomainError(match[1] as DomainErrorKind, match[2]!) : null;
}
