import type { Redis } from 'ioredis';
import type { RateLimiterRedis } from 'rate-limiter-flexible';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { redisLimiter } from '../limits';
import { DomainError } from '../common';
import { addressKey } from '../limits';
import { waitText } from '../limits';

/** Budgets of the routes that send mail to an address someone typed (spam cannons otherwise). */
export interface MailLimitBudgets {
  /** "Forgot password" requests per client address per hour. */
  resetsPerAddressPerHour: number;
  /** Reset mails per e-mail per hour; more are answered the same and not sent. */
  resetsPerEmailPerHour: number;
  /** Back-in-stock sign-ups per client address per hour. */
  stockAlertsPerAddressPerHour: number;
  /** Back-in-stock sign-ups per e-mail per day. */
  stockAlertsPerEmailPerDay: number;
}

export interface MailLimits {
  /** 429 past the per-address budget (says nothing about accounts). */
  resetByAddress(address: string): Promise<void>;
  /** false past the per-e-mail budget: the caller answers as usual and sends nothing. */
  resetByEmail(email: string): Promise<boolean>;
  stockAlertByAddress(address: string): Promise<void>;
  stockAlertByEmail(email: string): Promise<void>;
}

/** Counted in Redis (shared by every server), in memory while Redis is away. */
export function createMailLimits(
  redis: Redis,
  prefix: string,
  budgets: MailLimitBudgets,
): MailLimits {
  const limiter = (name: string, points: number, duration: number) =>
    redisLimiter({ redis, keyPrefix: `${prefix}:rl:${name}`, points, duration });
  const resetAddress = limiter('reset-address', budgets.resetsPerAddressPerHour, 3600);
  const resetEmail = limiter('reset-email', budgets.resetsPerEmailPerHour, 3600);
  const alertAddress = limiter('alert-address', budgets.stockAlertsPerAddressPerHour, 3600);
  const alertEmail = limiter('alert-email', budgets.stockAlertsPerEmailPerDay, 86_400);
  const refuse = async (l: RateLimiterRedis, key: string, what: string) => {
    try {
      await l.consume(key);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw new DomainError(
        'TOO_MANY_REQUESTS',
        `Too many ${what}. Please try again in ${waitText(seconds)}.`,
        { retryAfter: seconds },
      );
    }
  };
  return {
    resetByAddress: (address) =>
      refuse(resetAddress, addressKey(address), 'password reset requests'),
    async resetByEmail(email) {
      try {
        await resetEmail.consume(email.toLowerCase());
        return true;
      } catch (error) {
        if (error instanceof RateLimiterRes) return false;
        throw error;
      }
    },
    stockAlertByAddress: (address) => refuse(alertAddress, addressKey(address), 'alert sign-ups'),
    stockAlertByEmail: (email) => refuse(alertEmail, email.toLowerCase(), 'alerts for this e-mail'),
  };
}
