import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { DomainError } from '../shared/errors';

export interface AuthRateLimits {
  /** Sign-up and login attempts per client address per minute. */
  perAddressPerMinute: number;
  /** Failed logins per e-mail per 15 minutes before that e-mail is locked for the rest of the window. */
  failedPerEmail: number;
}

const tooMany = (ms: number) => {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return new DomainError(
    'TOO_MANY_REQUESTS',
    `Too many attempts. Please try again in ${seconds} seconds.`,
    { retryAfter: seconds },
  );
};

/** Sign-up and login attempts limited per client address, failed logins per e-mail, in Redis. */
export function createAuthRateLimiter(redis: Redis, prefix: string, limits: AuthRateLimits) {
  const byAddress = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${prefix}:rl:auth-ip`,
    points: limits.perAddressPerMinute,
    duration: 60,
  });
  const byEmail = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${prefix}:rl:auth-email`,
    points: limits.failedPerEmail,
    duration: 15 * 60,
  });
  const emailKey = (email: string) => email.trim().toLowerCase();
  return {
    /** Counts one attempt; refuses when the address or the e-mail is over its limit. */
    async attempt(address: string, email: string | undefined) {
      try {
        await byAddress.consume(address);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw tooMany(error.msBeforeNext);
        throw error;
      }
      if (email) {
        const state = await byEmail.get(emailKey(email));
        if (state && state.consumedPoints >= limits.failedPerEmail)
          throw tooMany(state.msBeforeNext);
      }
    },
    async failed(email: string) {
      await byEmail.penalty(emailKey(email), 1);
    },
    async succeeded(email: string) {
      await byEmail.delete(emailKey(email));
    },
  };
}
export type AuthRateLimiter = ReturnType<typeof createAuthRateLimiter>;
