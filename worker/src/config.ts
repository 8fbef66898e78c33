import { z } from 'zod';
import {
  DEFAULT_LINK_TTL_MINUTES,
  IMPORT_ANNOUNCE_MS,
  IMPORT_BATCH_SIZE,
  LINK_GRACE_MS,
  parseEnv,
  sharedEnvShape,
} from '@kanak/core';

/** Every environment variable the worker reads (its own and those it shares with the server). */
export const workerConfigSchema = z.object({
  ...sharedEnvShape,
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /**
   * Payment confirmations applied in one transaction at most (1: each alone). The confirmations
   * queue then takes WORKER_CONCURRENCY × this many jobs at once, in WORKER_CONCURRENCY batches.
   */
  WORKER_CONFIRM_BATCH: z.coerce.number().int().min(1).max(100).default(25),
  // Off by default: /metrics (WORKER_METRICS_PORT) has these numbers; a line every 30 s was noise.
  WORKER_METRICS_INTERVAL_MS: z.coerce.number().int().min(0).default(0),
  /** The worker's /metrics port (on METRICS_HOST); unset: no metrics endpoint. */
  WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /**
   * How long a job's lock lives without renewal (renewed every half of it while the job runs);
   * a killed worker's job is taken up again after it (queue-locks.ts). Every queue but repricing.
   */
  WORKER_LOCK_DURATION_MS: z.coerce.number().int().min(500).default(6000),
  /** How often stalled (orphaned) jobs are looked for, on every queue but repricing. */
  WORKER_STALLED_INTERVAL_MS: z.coerce.number().int().min(200).default(3000),
  /** The repricing queue's lock: its batches are long transactions, so it keeps longer ones. */
  REPRICING_LOCK_DURATION_MS: z.coerce.number().int().min(500).default(30_000),
  REPRICING_STALLED_INTERVAL_MS: z.coerce.number().int().min(200).default(30_000),
  /** Products repriced per batch (one transaction and UPDATE each) after a publish of metal rates. */
  REPRICING_BATCH_SIZE: z.coerce.number().int().min(1).max(100_000).default(5000),
  /**
   * Catalogue import rows applied per transaction (one statement per table each). At most 400:
   * 400 products of 20 sizes stay within PostgreSQL's 65,535 parameters per statement.
   */
  IMPORT_BATCH_SIZE: z.coerce.number().int().min(1).max(400).default(IMPORT_BATCH_SIZE),
  /** Least time between two announcements of an import's batches to the servers' caches. */
  IMPORT_ANNOUNCE_MS: z.coerce.number().int().min(0).default(IMPORT_ANNOUNCE_MS),
  /** How often orders still PENDING with an open payment link are checked with the provider (0: never). */
  RECONCILE_EVERY_MS: z.coerce.number().int().min(0).default(60_000),
  /** How often savings schemes' reminders and maturity are run (0: never). */
  SCHEME_SCHEDULE_EVERY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(15 * 60_000),
  /** Only links older than this are checked: younger ones still expect their return or webhook. */
  RECONCILE_AFTER_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(5 * 60_000),
  /**
   * A PENDING order older than this, with no open payment link and its last link run out (plus
   * the grace), is cancelled by the reconciliation run. Default: the link's life plus the grace.
   */
  UNPAID_ORDER_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(DEFAULT_LINK_TTL_MINUTES + LINK_GRACE_MS / 60_000),
  /**
   * The shop's own HOST and PORT (the server's): mail links use them when PUBLIC_URL is unset,
   * as `pnpm start` runs both with one environment.
   */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  /** The support address every mail names (the server's SUPPORT_EMAIL). */
  SUPPORT_EMAIL: z.string().trim().min(1).default('care@kanak.shop'),
  /** How often the mail relay looks for due mails. */
  MAIL_POLL_MS: z.coerce.number().int().min(50).default(500),
  /** A mail queued or connecting this long without progress is tried again (its job or sender was lost). */
  MAIL_SEND_LEASE_MS: z.coerce.number().int().min(500).default(120_000),
  /** Longest SMTP wait (connect, greeting, each reply). */
  MAIL_TIMEOUT_MS: z.coerce.number().int().min(500).default(30_000),
});
export type WorkerConfig = z.infer<typeof workerConfigSchema>;

export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  // Mail links would name localhost to every shopper: production says where the shop is.
  return parseEnv(workerConfigSchema, env, (config) =>
    config.PUBLIC_URL || config.MAIL_LINK_BASE_URL
      ? []
      : [
          "PUBLIC_URL is not set; set the shop's public origin (https://shop.example.com) for mail links",
        ],
  );
}
