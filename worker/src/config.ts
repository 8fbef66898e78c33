import { z } from 'zod';

export const workerConfigSchema = z.object({
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/kanak'),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  QUEUE_PREFIX: z.string().min(1).default('kanak'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  WORKER_METRICS_INTERVAL_MS: z.coerce.number().int().min(0).default(30_000),
});
export type WorkerConfig = z.infer<typeof workerConfigSchema>;

export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const result = workerConfigSchema.safeParse(env);
  if (!result.success) {
    throw new Error(`Invalid configuration: ${result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return result.data;
}
