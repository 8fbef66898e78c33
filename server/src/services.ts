import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  createAuthRateLimiter,
  createOrderPipeline,
  createPaymentProvider,
  createRedis,
  startOutboxRelay,
  type AuthRateLimiter,
  type OutboxDeps,
  type OutboxRelay,
  type OrderPipeline,
  type PaymentProvider,
  type TokenSettings,
} from '@kanak/core';
import { createDb, type Database } from '@kanak/db';
import type { Config } from './config';

/** Long-lived resources the adapters share; closed by the app's onClose hook. */
export interface AppServices {
  config: Config;
  db: Kysely<Database>;
  redis: Redis;
  tokens: TokenSettings;
  authRateLimit: AuthRateLimiter;
  /** Producer side of the order pipeline's queues (payments, transitions, reconciliation). */
  pipeline: OrderPipeline;
  /** Moves outbox rows (payment returns, webhooks, admin moves) to the queues. */
  relay: OutboxRelay;
  /** The queues' own connection: fails fast instead of queueing commands while Redis is away. */
  queueRedis: Redis;
  payments: PaymentProvider;
}

/** `log` is the app's logger (pino), so relay state changes land in the server's log. */
export function createServices(
  config: Config,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): AppServices {
  const redis = createRedis(config.REDIS_URL);
  const queueRedis = new Redis(config.REDIS_URL, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
  });
  queueRedis.on('error', () => undefined); // reported by the relay when it changes state
  const pipeline = createOrderPipeline(queueRedis, config.QUEUE_PREFIX);
  const db = createDb(config.DATABASE_URL);
  return {
    config,
    db,
    redis,
    tokens: { secret: config.JWT_SECRET, expiresIn: config.JWT_EXPIRES_IN },
    authRateLimit: createAuthRateLimiter(redis, config.QUEUE_PREFIX, {
      perAddressPerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
      failedPerEmail: config.AUTH_FAILED_LOGINS_PER_EMAIL,
    }),
    pipeline,
    relay: startOutboxRelay({
      db,
      queues: pipeline.byName,
      connected: () => queueRedis.status === 'ready',
      log: (level, message) => log[level](message),
      pollMs: config.OUTBOX_POLL_MS,
    }),
    queueRedis,
    payments: createPaymentProvider(config),
  };
}

/** What the use cases that go through the outbox need (payment returns, webhooks, admin moves). */
export const outboxDeps = (services: AppServices): OutboxDeps => ({
  db: services.db,
  relay: services.relay,
  waitMs: services.config.ORDER_WAIT_MS,
});

export async function closeServices(services: AppServices) {
  await services.relay.stop();
  await services.pipeline.close();
  services.queueRedis.disconnect();
  services.redis.disconnect();
  await services.db.destroy();
}

export const authDeps = (services: AppServices) => ({
  db: services.db,
  tokens: services.tokens,
  rateLimit: services.authRateLimit,
});
