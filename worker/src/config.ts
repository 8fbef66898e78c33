import { z } from 'zod';
import { assertProductionReady, DEVELOPMENT_SECRETS, envFlag } from '@kanak/core';

export const workerConfigSchema = z.object({
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/kanak'),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  QUEUE_PREFIX: z.string().min(1).default('kanak'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  WORKER_METRICS_INTERVAL_MS: z.coerce.number().int().min(0).default(30_000),
  /** How long a job's lock lives without renewal; a killed worker's job is retried after it. */
  WORKER_LOCK_DURATION_MS: z.coerce.number().int().min(500).default(30_000),
  /** How often stalled (orphaned) jobs are looked for. */
  WORKER_STALLED_INTERVAL_MS: z.coerce.number().int().min(200).default(30_000),
  /** Fault injection for crash tests: wait this long after applying a job, before acknowledging it. */
  WORKER_ACK_DELAY_MS: z.coerce.number().int().min(0).default(0),
  /** How often orders still PENDING with an open payment link are checked with the provider (0: never). */
  RECONCILE_EVERY_MS: z.coerce.number().int().min(0).default(60_000),
  /** Only links older than this are checked: younger ones still expect their return or webhook. */
  RECONCILE_AFTER_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(5 * 60_000),
  /** Longest wait for a PostgreSQL connection (new, or a free one from the pool). */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  /** PostgreSQL statement_timeout; the client gives up 1 s later if no answer comes at all. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** PostgreSQL idle_in_transaction_session_timeout. */
  DB_IDLE_TX_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /**
   * After SIGTERM the worker exits at the latest this long after: running jobs get up to this
   * minus 3 s to finish; unfinished ones are left to the stalled-job check of another worker.
   */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(4000).max(120_000).default(9000),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'razorpay']).default('sandbox'),
  PAYMENT_SANDBOX_SECRET: z.string().min(8).default(DEVELOPMENT_SECRETS.PAYMENT_SANDBOX_SECRET),
  /** Production refuses the sandbox provider unless this is true (as the server does). */
  ALLOW_SANDBOX_PAYMENTS: envFlag.default(false),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  RAZORPAY_API_URL: z.string().url().default('https://api.razorpay.com'),
});
export type WorkerConfig = z.infer<typeof workerConfigSchema>;

export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const result = workerConfigSchema.safeParse(env);
  if (!result.success) {
    throw new Error(
      `Invalid configuration: ${result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  assertProductionReady(result.data);
  return result.data;
}
