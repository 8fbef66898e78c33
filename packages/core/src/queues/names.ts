/** BullMQ queues of the order pipeline; the outbox relay enqueues, the worker applies. */
export const QUEUES = {
  paymentConfirmations: 'payment-confirmations',
  orderMoves: 'order-moves',
  /** A repeatable job: asks the provider about orders whose return and webhook never came. */
  paymentReconciliation: 'payment-reconciliation',
  /** Reprices the catalogue after a publish of metal rates. */
  metalRepricing: 'metal-repricing',
  /** Applies a bulk edit of the products table. */
  catalogueBulkEdits: 'catalogue-bulk-edits',
  /** Mails: fed from the notifications table by the worker's mail relay. */
  notifications: 'notifications',
  /** Refunds asked of the payment provider: one job per attempt of a refund. */
  refunds: 'refunds',
  /** Applies an owner's catalogue import, row by row. */
  catalogueImports: 'catalogue-imports',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
