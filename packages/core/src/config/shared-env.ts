import { z } from 'zod';
import { envFlag } from './env-values';
import { mailEnvShape, mailProblems, warnMailDisabled, type MailSettings } from './mail-settings';
import { sellerEnvShape, sellerProblems, type SellerSettings } from '../invoices';
import {
  assertProductionReady,
  DEVELOPMENT_SECRETS,
  type ProductionSettings,
} from './production-guard';
import { PROVIDER_NAMES } from '../payment-providers';

/**
 * The environment variables server and worker both read, declared once: the same database, Redis,
 * queue prefix, timeouts and payment provider must mean the same thing in both (README lists them).
 */
export const sharedEnvShape = {
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/kanak'),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  QUEUE_PREFIX: z.string().min(1).default('kanak'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Longest wait for a PostgreSQL connection (new, or a free one from the pool). */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  /** PostgreSQL statement_timeout; the client gives up 1 s later if no answer comes at all. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** PostgreSQL idle_in_transaction_session_timeout. */
  DB_IDLE_TX_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /**
   * Hot reads as named prepared statements (packages/db PREPARED). Off behind a pooler that hands
   * one client several server connections (PgBouncer in transaction mode before 1.21).
   */
  DB_PREPARED_STATEMENTS: envFlag.default(true),
  /** After SIGTERM the process exits at the latest this long after (each process says how it splits it). */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(4000).max(120_000).default(9000),
  /** One provider; PAYMENT_PROVIDERS, when set, names several in order of preference instead. */
  PAYMENT_PROVIDER: z.enum(PROVIDER_NAMES).default('sandbox'),
  /** `razorpay,cashfree`: links are made at the first that answers (failover); empty: PAYMENT_PROVIDER. */
  PAYMENT_PROVIDERS: z
    .string()
    .optional()
    .transform(
      (v) =>
        v
          ?.split(',')
          .map((s) => s.trim())
          .filter(Boolean) ?? [],
    )
    .pipe(
      z
        .array(z.enum(PROVIDER_NAMES))
        .refine((a) => new Set(a).size === a.length, 'PAYMENT_PROVIDERS names a provider twice'),
    ),
  /** Link creations failed in a row that open a provider's circuit breaker (skipped meanwhile). */
  PAYMENT_BREAKER_FAILURES: z.coerce.number().int().min(1).max(100).default(3),
  /** How long an open breaker skips its provider before one trial link. */
  PAYMENT_BREAKER_COOLOFF_MS: z.coerce.number().int().min(1).max(3_600_000).default(60_000),
  /** Signs sandbox payment ids and return signatures: the same value in server and worker. */
  PAYMENT_SANDBOX_SECRET: z.string().min(8).default(DEVELOPMENT_SECRETS.PAYMENT_SANDBOX_SECRET),
  /** Production refuses the sandbox provider (anyone can pay without paying) unless this is true. */
  ALLOW_SANDBOX_PAYMENTS: envFlag.default(false),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  RAZORPAY_API_URL: z.string().url().default('https://api.razorpay.com'),
  CASHFREE_CLIENT_ID: z.string().optional(),
  /** Cashfree's client secret: authenticates the API calls and signs its webhooks. */
  CASHFREE_CLIENT_SECRET: z.string().optional(),
  /** https://sandbox.cashfree.com for Cashfree's test mode. */
  CASHFREE_API_URL: z.string().url().default('https://api.cashfree.com'),
  CASHFREE_API_VERSION: z.string().default('2023-08-01'),
  ...mailEnvShape,
  ...sellerEnvShape,
  /** Asked for (Authorization: Bearer …) by every /metrics; unset: /metrics only on a metrics port. */
  METRICS_TOKEN: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(z.string().min(16, 'METRICS_TOKEN needs at least 16 characters').optional())
    .optional(),
  /** Where a metrics port (METRICS_PORT, WORKER_METRICS_PORT) listens: loopback unless told. */
  METRICS_HOST: z.string().default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * OpenTelemetry: set, traces are exported to this OTLP collector (http/protobuf to
   * <endpoint>/v1/traces unless OTEL_EXPORTER_OTLP_PROTOCOL says otherwise); unset or empty, no
   * OpenTelemetry module is loaded. main.ts reads it before this schema runs (the SDK must start
   * before pg and ioredis load); it is declared here so a malformed value stops start-up.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .union([
      z.literal(''),
      z.url({
        protocol: /^https?$/,
        error: 'expected an http(s) URL such as http://otel-collector:4318',
      }),
    ])
    .transform((v) => v || undefined)
    .optional(),
  /** The traces' service.name; default kanak-server / kanak-worker. */
  OTEL_SERVICE_NAME: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .optional(),
};

/**
 * Parses a process's environment with its schema: every problem in one line, then the production
 * guard (which throws one line naming each unsafe variable).
 */
export function parseEnv<S extends z.ZodType<ProductionSettings & MailSettings & SellerSettings>>(
  schema: S,
  env: Record<string, unknown>,
  /** The process's own production reasons (e.g. the server's PUBLIC_URL), in the same line. */
  moreProblems: (config: z.output<S>) => string[] = () => [],
): z.output<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const more =
    result.data.NODE_ENV === 'production'
      ? [...mailProblems(result.data), ...sellerProblems(result.data), ...moreProblems(result.data)]
      : [];
  assertProductionReady(result.data, console.warn, more);
  warnMailDisabled(result.data);
  return result.data;
}
