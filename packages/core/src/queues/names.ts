/** BullMQ queues of the order pipeline; the server enqueues, the worker applies. */
export const QUEUES = {
  paymentConfirmations: 'payment-confirmations',
  orderTransitions: 'order-transitions',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
