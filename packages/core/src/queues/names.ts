/** BullMQ queues of the order pipeline; the outbox relay enqueues, the worker applies. */
export const QUEUES = {
  paymentConfirmations: 'payment-confirmations',
  orderMoves: 'order-moves',
  /** A repeatable job: asks the provider about orders whose return and webhook never came. */
  paymentReconciliation: 'payment-reconciliation',
  /** Reprices the catalogue after a publish of metal rates (issue 21). */
  metalRepricing: 'metal-repricing',
  /** Mails: fed from the notifications table by the worker's mail relay (issue 24). */
  notifications: 'notifications',
  /** Refunds asked of the payment provider (issue 31): one job per attempt of a refund. */
  refunds: 'refunds',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
