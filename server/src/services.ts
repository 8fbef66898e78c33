import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import {
  createAuthRateLimiter,
  createOrderPipeline,
  createPaymentProvider,
  createRedis,
  type AuthRateLimiter,
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
  /** Producer side of the order pipeline's queues (payments, transitions). */
  pipeline: OrderPipeline;
  payments: PaymentProvider;
}

export function createServices(config: Config): AppServices {
  const redis = createRedis(config.REDIS_URL);
  return {
    config,
    db: createDb(config.DATABASE_URL),
    redis,
    tokens: { secret: config.JWT_SECRET, expiresIn: config.JWT_EXPIRES_IN },
    authRateLimit: createAuthRateLimiter(redis, config.QUEUE_PREFIX, {
      perAddressPerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
      failedPerEmail: config.AUTH_FAILED_LOGINS_PER_EMAIL,
    }),
    pipeline: createOrderPipeline(redis, config.REDIS_URL, config.QUEUE_PREFIX),
    payments: createPaymentProvider(config),
  };
}

export async function closeServices(services: AppServices) {
  await services.pipeline.close();
  services.redis.disconnect();
  await services.db.destroy();
}

export const authDeps = (services: AppServices) => ({
  db: services.db,
  tokens: services.tokens,
  rateLimit: services.authRateLimit,
});
