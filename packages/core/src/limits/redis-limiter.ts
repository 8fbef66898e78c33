import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';

export interface RedisLimiterOptions {
  redis: Redis;
  keyPrefix: string;
  points: number;
  duration: number;
}

/**
 * A counter kept in Redis (shared by every server) with this process's memory as insurance:
 * while Redis is not connected the memory limiter answers at once instead of the command
 * waiting, so a Redis blip limits per process for a while rather than failing the request.
 */
export function redisLimiter({ redis, keyPrefix, points, duration }: RedisLimiterOptions) {
  return new RateLimiterRedis({
    storeClient: redis,
    keyPrefix,
    points,
    duration,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration }),
  });
}
