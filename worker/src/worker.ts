import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { createDb } from '@kanak/db';
import { createPaymentProvider, createRedis } from '@kanak/core';
import type { WorkerConfig } from './config';
import { buildProcessors } from './processors';

export interface RunningWorker {
  close(): Promise<void>;
  counts: { completed: number; failed: number; deadLettered: number };
  metricsLine(): Promise<string>;
}

/** BullMQ workers for every queue of the order pipeline, with dead letters and a metrics line. */
export function startWorker(
  config: WorkerConfig,
  log: (msg: string) => void = console.log,
): RunningWorker {
  const db = createDb(config.DATABASE_URL, config.WORKER_CONCURRENCY + 2);
  const connection: Redis = createRedis(config.REDIS_URL);
  const provider = createPaymentProvider(config);
  const counts = { completed: 0, failed: 0, deadLettered: 0 };

  // After its last attempt a job is kept in dead_letters for an operator; refusals (a domain
  // answer, not a fault) are not dead letters.
  const deadLetter = async (queue: string, job: Job, error: Error) => {
    if (!job.finishedOn || error.name === 'UnrecoverableError') return;
    counts.deadLettered++;
    await db
      .insertInto('dead_letters')
      .values({
        queue,
        job_id: String(job.id),
        payload: JSON.stringify(job.data),
        error: error.message,
        attempts: job.attemptsMade,
      })
      .execute()
      .catch((e: Error) => log(`could not dead-letter ${queue}/${job.id}: ${e.message}`));
  };

  const workers = Object.entries(buildProcessors(db, provider, config.WORKER_ACK_DELAY_MS)).map(
    ([queue, processor]) => {
      const worker = new Worker(queue, processor, {
        connection,
        prefix: config.QUEUE_PREFIX,
        concurrency: config.WORKER_CONCURRENCY,
        lockDuration: config.WORKER_LOCK_DURATION_MS,
        stalledInterval: config.WORKER_STALLED_INTERVAL_MS,
        maxStalledCount: 2,
      });
      worker.on('completed', () => counts.completed++);
      worker.on('failed', (job, error) => {
        counts.failed++;
        log(`job ${queue}/${job?.id} failed (attempt ${job?.attemptsMade}): ${error.message}`);
        if (job) void deadLetter(queue, job, error);
      });
      worker.on('error', (error) => log(`worker ${queue} error: ${error.message}`));
      return worker;
    },
  );
  const queues = workers.map((w) => new Queue(w.name, { connection, prefix: config.QUEUE_PREFIX }));

  const metricsLine = async () => {
    const waiting = (await Promise.all(queues.map((q) => q.getWaitingCount()))).reduce(
      (a, b) => a + b,
      0,
    );
    return `metrics done=${counts.completed} failed=${counts.failed} dead=${counts.deadLettered} waiting=${waiting}`;
  };
  const timer =
    config.WORKER_METRICS_INTERVAL_MS > 0
      ? setInterval(
          () =>
            void metricsLine().then(log, (e: Error) => log(`metrics unavailable: ${e.message}`)),
          config.WORKER_METRICS_INTERVAL_MS,
        )
      : null;
  timer?.unref();

  log(
    `worker listening on ${workers.map((w) => w.name).join(', ')} (prefix ${config.QUEUE_PREFIX})`,
  );
  return {
    counts,
    metricsLine,
    async close() {
      if (timer) clearInterval(timer);
      // Worker.close waits for running jobs to finish before resolving.
      await Promise.all(workers.map((w) => w.close()));
      await Promise.all(queues.map((q) => q.close()));
      connection.disconnect();
      await db.destroy();
    },
  };
}
