import type { OrderStatus } from '@kanak/shared';
import type { OutboxRef } from '../outbox/outbox';
import type { PaymentConfirmation } from '../payments/confirm-payment';

/** Payload of a 'payment-confirmations' job (relayed from the outbox). */
export type PaymentConfirmationJob = PaymentConfirmation & OutboxRef;

/** An admin's status move, as written to the outbox. */
export interface OrderTransitionIntent {
  orderId: string;
  to: OrderStatus;
  actorUserId: string;
}

/** Payload of an 'order-transitions' job (relayed from the outbox). */
export type OrderTransitionJob = OrderTransitionIntent & OutboxRef;

/** Retries with exponential backoff (0.5 s, 1 s, 2 s, 4 s) before a job is dead-lettered. */
export const JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: { age: 24 * 3600, count: 5000 },
  removeOnFail: { age: 7 * 24 * 3600, count: 5000 },
} as const;

/**
 * Outbox keys: one row per order and provider payment id (a return naming another order is a
 * row of its own, so it cannot decide the real one); one per admin move.
 */
export const paymentJobKey = (orderId: string, paymentId: string) => `pay-${orderId}-${paymentId}`;
export const moveJobKey = (moveId: string) => `move-${moveId}`;
