import type { Queue } from 'bullmq';
import type { Kysely } from 'kysely';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { registerProcessMetrics, registerQueueMetrics } from '@kanak/core';
import type { Database } from '@kanak/db';

/**
 * Every metric family the worker exposes, in one place. The job wrapper in `worker.ts` counts
 * mails by their send result and times repricing runs; `pendingMails` reads the notifications
 * table at each scrape.
 */
export interface WorkerMetrics {
  registry: Registry;
  /** Each job: its queue, how it ended (completed, failed, refused, deferred) and how long it took. */
  jobs: Counter<'queue' | 'outcome'>;
  jobDuration: Histogram<'queue' | 'outcome'>;
  /** Payment confirmations applied, by the provider's answer (PAID, FAILED, PENDING…). */
  payments: Counter<'result'>;
  repricingRuns: Counter<'outcome'>;
  repricingDuration: Histogram<'outcome'>;
  observeRepricing(outcome: 'done' | 'failed', seconds: number): void;
  mailsSent: Counter;
  mailsFailed: Counter;
  pendingMails: (() => Promise<number>) | null;
}

export function createWorkerMetrics(deps: {
  db: Kysely<Database>;
  queues: Queue[];
  redisUp: () => boolean;
}): WorkerMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ process: 'worker' });
  registerProcessMetrics(registry, { db: deps.db, redisUp: deps.redisUp });
  registerQueueMetrics(registry, deps.queues);
  const durationBuckets = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
  const repricingRuns = new Counter({
    name: 'kanak_repricing_runs_total',
    help: 'Metal-rate repricing runs, by outcome',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const repricingDuration = new Histogram({
    name: 'kanak_repricing_duration_seconds',
    help: 'Time a metal-rate repricing run took',
    labelNames: ['outcome'],
    buckets: durationBuckets,
    registers: [registry],
  });
  const metrics: WorkerMetrics = {
    registry,
    jobs: new Counter({
      name: 'kanak_jobs_total',
      help: 'Jobs processed, by queue and outcome (completed, failed: will retry or dead-letter, refused: a domain answer, deferred: PostgreSQL or the provider unreachable, no attempt spent)',
      labelNames: ['queue', 'outcome'],
      registers: [registry],
    }),
    jobDuration: new Histogram({
      name: 'kanak_job_duration_seconds',
      help: 'Time a job took, by queue and outcome (payment confirmations: the confirmation duration)',
      labelNames: ['queue', 'outcome'],
      buckets: durationBuckets,
      registers: [registry],
    }),
    payments: new Counter({
      name: 'kanak_payments_total',
      help: 'Payment confirmations applied by the worker, by result',
      labelNames: ['result'],
      registers: [registry],
    }),
    repricingRuns,
    repricingDuration,
    observeRepricing(outcome, seconds) {
      repricingRuns.inc({ outcome });
      repricingDuration.observe({ outcome }, seconds);
    },
    mailsSent: new Counter({
      name: 'kanak_mails_sent_total',
      help: 'Mails handed to the mail server',
      registers: [registry],
    }),
    mailsFailed: new Counter({
      name: 'kanak_mails_failed_total',
      help: 'Mail sends that failed (retried until their last attempt)',
      registers: [registry],
    }),
    pendingMails: null,
  };
  new Gauge({
    name: 'kanak_mails_pending',
    help: 'Mails waiting to be sent (pending, queued or connecting in the notifications table)',
    registers: [registry],
    async collect() {
      // Unknown while PostgreSQL is away: NaN, not a reassuring 0.
      if (metrics.pendingMails) this.set(await metrics.pendingMails().catch(() => Number.NaN));
    },
  });
  // Zero series from the start, so a dashboard and alert rules see the families before any event.
  for (const outcome of ['done', 'failed'] as const) repricingRuns.inc({ outcome }, 0);
  return metrics;
}
