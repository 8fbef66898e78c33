import { z } from 'zod';

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
  PAYMENT_PROVIDER: z.enum(['sandbox', 'razorpay']).default('sandbox'),
  PAYMENT_SANDBOX_SECRET: z.string().min(8).default('dev-sandbox-payments-secret'),
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
  return result.data;
}
