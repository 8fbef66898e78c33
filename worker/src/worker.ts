import { Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { createDb } from '@kanak/db';
import { createRedis, QUEUES, type QueueName } from '@kanak/core';
import type { WorkerConfig } from './config';

type Handler = (job: Job) => Promise<unknown>;

/** The processors of each queue; filled in by the order pipeline. */
export function buildHandlers(): Record<QueueName, Handler> {
  return {
    [QUEUES.paymentConfirmations]: async (job) => {
      throw new Error(`No payment confirmation processor yet (job ${job.id})`);
    },
    [QUEUES.orderTransitions]: async (job) => {
      throw new Error(`No order transition processor yet (job ${job.id})`);
    },
  };
}

export interface RunningWorker {
  close(): Promise<void>;
  counts: { completed: number; failed: number };
}

export function startWorker(config: WorkerConfig, log: (msg: string) => void = console.log): RunningWorker {
  const db = createDb(config.DATABASE_URL, config.WORKER_CONCURRENCY + 2);
  const connection: Redis = createRedis(config.REDIS_URL);
  const counts = { completed: 0, failed: 0 };
  const workers = Object.entries(buildHandlers()).map(([queue, handler]) => {
    const worker = new Worker(queue, handler, {
      connection,
      prefix: config.QUEUE_PREFIX,
      concurrency: config.WORKER_CONCURRENCY,
    });
    worker.on('completed', () => counts.completed++);
    worker.on('failed', (job, error) => {
      counts.failed++;
      log(`job ${queue}/${job?.id} failed: ${error.message}`);
    });
    return worker;
  });
  log(`worker listening on ${workers.map((w) => w.name).join(', ')} (prefix ${config.QUEUE_PREFIX})`);
  return {
    counts,
    async close() {
      // Worker.close waits for running jobs to finish before resolving.
      await Promise.all(workers.map((w) => w.close()));
      connection.disconnect();
      await db.destroy();
    },
  };
}
