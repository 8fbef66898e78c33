import type { Queue } from 'bullmq';

/**
 * A BullMQ Queue with no 'error' listener prints each error's whole stack to the console (a
 * dozen raw lines per reconnect attempt while Redis is down: 600 in a 30-minute chaos soak).
 * The connection's own report (createRedis, createRequestRedis) already says once when Redis is
 * lost and once when it is back, and every caller of the queue gets its error, so a producer
 * queue's errors are kept off the console.
 */
export function quietQueue<Q extends Queue>(queue: Q): Q {
  queue.on('error', () => {});
  return queue;
}
