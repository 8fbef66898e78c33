import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { DomainError } from '../shared/errors';

export interface AuthRateLimits {
  /** Sign-up and login attempts per client address per minute. */
  perAddressPerMinute: number;
  /** Failed logins per e-mail per 15 minutes before that e-mail is locked for the rest of the window. */
  failedPerEmail: number;
  /** Failed logins per e-mail from all addresses per hour (the slower limit). */
  failedPerEmailPerHour: number;
  /** Accounts created per client address per hour. */
  signupsPerHour: number;
}

const tooMany = (ms: number) => {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return new DomainError(
    'TOO_MANY_REQUESTS',
    `Too many attempts. Please try again in ${seconds} seconds.`,
    { retryAfter: seconds },
  );
};

/**
 * Sign-up and login attempts limited per client address, failed logins per e-mail, in Redis.
 *
 * While Redis is unreachable, login and sign-up keep working with the same limits counted in this
 * process's memory (rate-limiter-flexible's `insuranceLimiter`), rather than answering 503: they
 * need only PostgreSQL, and a shop whose customers cannot log in during a Redis blip loses more
 * than a limit that is per process for a while (N processes allow N times the attempts). Counts
 * do not carry over in either direction when Redis comes back. Pass a client made by
 * `createRequestRedis` (no offline queue, command timeout): a command then fails at once, or
 * within its timeout when Redis hangs, and the memory limiter answers instead of the request
 * waiting for Redis.
 */
export function createAuthRateLimiter(redis: Redis, prefix: string, limits: AuthRateLimits) {
  const limiter = (keyPrefix: string, points: number, duration: number) =>
    new RateLimiterRedis({
      storeClient: redis,
      keyPrefix,
      points,
      duration,
      // Not connected: go straight to the memory limiter instead of trying the command.
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration }),
    });
  const byAddress = limiter(`${prefix}:rl:auth-ip`, limits.perAddressPerMinute, 60);
  const byEmail = limiter(`${prefix}:rl:auth-email`, limits.failedPerEmail, 15 * 60);
  const emailKey = (email: string) => email.trim().toLowerCase();
  return {
    /** Counts one attempt; refuses when the address or the e-mail is over its limit. */
    async attempt(address: string, email: string | undefined) {
      // Both at once: while Redis hangs, one command timeout instead of two.
      const [counted, state] = await Promise.all([
        byAddress.consume(address).then(
          () => null,
          (error: unknown) => {
            if (error instanceof RateLimiterRes) return tooMany(error.msBeforeNext);
            throw error;
          },
        ),
        email ? byEmail.get(emailKey(email)) : null,
      ]);
      if (counted) throw counted;
      if (state && state.consumedPoints >= limits.failedPerEmail) throw tooMany(state.msBeforeNext);
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
