import { Queue, QueueEvents, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { createRedis } from './redis';
import {
  JOB_OPTIONS,
  decodeRefusal,
  type OrderTransitionJob,
  type PaymentConfirmationJob,
} from './jobs';
import { QUEUES } from './names';

export interface OrderPipeline {
  payments: Queue<PaymentConfirmationJob>;
  transitions: Queue<OrderTransitionJob>;
  /** Waits for a job's outcome: its return value, a DomainError it was refused with, or 'timeout'. */
  waitFor<T>(job: Job, timeoutMs: number): Promise<{ done: true; value: T } | { done: false }>;
  close(): Promise<void>;
}

/**
 * The producer side of the queues (server). QueueEvents holds a blocking Redis connection of
 * its own, so it is created on first wait only.
 */
export function createOrderPipeline(redis: Redis, redisUrl: string, prefix: string): OrderPipeline {
  const payments = new Queue<PaymentConfirmationJob>(QUEUES.paymentConfirmations, {
    connection: redis,
    prefix,
    defaultJobOptions: JOB_OPTIONS,
  });
  const transitions = new Queue<OrderTransitionJob>(QUEUES.orderTransitions, {
    connection: redis,
    prefix,
    defaultJobOptions: JOB_OPTIONS,
  });
  const events = new Map<string, Promise<QueueEvents>>();
  const eventsFor = (queue: string) => {
    let ready = events.get(queue);
    if (!ready) {
      const qe = new QueueEvents(queue, { connection: createRedis(redisUrl), prefix });
      ready = qe.waitUntilReady().then(() => qe);
      events.set(queue, ready);
    }
    return ready;
  };
  return {
    payments,
    transitions,
    async waitFor<T>(job: Job, timeoutMs: number) {
      const queueEvents = await eventsFor(job.queueName);
      try {
        const value = (await job.waitUntilFinished(queueEvents, timeoutMs)) as T;
        return { done: true as const, value };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const refusal = decodeRefusal(message);
        if (refusal) throw refusal;
        if (/timed out/i.test(message)) return { done: false as const };
        throw error;
      }
    },
    async close() {
      await Promise.all([...events.values()].map(async (p) => (await p).close()));
      await Promise.all([payments.close(), transitions.close()]);
    },
  };
}
