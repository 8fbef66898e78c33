import type { Redis } from 'ioredis';
import type { RateLimiterRedis } from 'rate-limiter-flexible';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { redisLimiter } from './redis-limiter';
import { DomainError } from '../common';
import { addressKey } from './address-key';
import { waitText } from './wait-text';

/** Budgets of the routes that create work (rows, files, jobs), from the configuration. */
export interface ActionBudgets {
  /** Orders placed per customer per hour. */
  ordersPerHour: number;
  /** Reviews (and, counted apart, ratings) written per customer per hour. */
  reviewsPerHour: number;
  /** Images uploaded per admin per hour. */
  uploadsPerHour: number;
  /** Payment returns per client address per minute. */
  paymentReturnsPerMinute: number;
  /** Payment webhooks per client address per minute. */
  webhooksPerMinute: number;
}

/** Each action, who it is counted per, its window and what a refusal calls it. */
const ACTIONS = {
  order: { per: 'customer', seconds: 3600, budget: 'ordersPerHour', what: 'orders' },
  review: { per: 'customer', seconds: 3600, budget: 'reviewsPerHour', what: 'reviews' },
  rating: { per: 'customer', seconds: 3600, budget: 'reviewsPerHour', what: 'ratings' },
  upload: { per: 'admin', seconds: 3600, budget: 'uploadsPerHour', what: 'uploads' },
  paymentReturn: {
    per: 'address',
    seconds: 60,
    budget: 'paymentReturnsPerMinute',
    what: 'payment confirmations',
  },
  webhook: { per: 'address', seconds: 60, budget: 'webhooksPerMinute', what: 'webhook calls' },
} as const satisfies Record<
  string,
  { per: string; seconds: number; budget: keyof ActionBudgets; what: string }
>;

export type LimitedAction = keyof typeof ACTIONS;

/** The refusal: 429 on REST (with Retry-After) and TOO_MANY_REQUESTS on tRPC. */
export function tooManyActions(action: LimitedAction, msBeforeNext: number): DomainError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  const what = ACTIONS[action].what;
  return new DomainError(
    'TOO_MANY_REQUESTS',
    `Too many ${what}. Please try again in ${waitText(seconds)}.`,
    { retryAfter: seconds },
  );
}

export interface ActionLimits {
  /**
   * Counts one `action` for `key` (a user id for customer and admin actions, the client address
   * for the payment return and the webhook); throws TOO_MANY_REQUESTS past its budget.
   */
  consume(action: LimitedAction, key: string): Promise<void>;
}

/**
 * Limits on the routes that create work, counted in Redis under `${prefix}:rl:<action>` so every
 * server process shares them. As with the login limits (auth/rate-limit.ts), an unreachable
 * Redis does not stop orders or payments: each process counts in memory meanwhile
 * (`insuranceLimiter`, N processes allow N times the budget) rather than answering 503. Pass a
 * client made by `createRequestRedis`, so a hanging Redis costs one command timeout at most.
 */
export function createActionLimits(
  redis: Redis,
  prefix: string,
  budgets: ActionBudgets,
): ActionLimits {
  const limiterFor = (action: LimitedAction) => {
    const rule = ACTIONS[action];
    const keyPrefix = `${prefix}:rl:${action}`;
    return redisLimiter({ redis, keyPrefix, points: budgets[rule.budget], duration: rule.seconds });
  };
  const limiters: Record<LimitedAction, RateLimiterRedis> = {
    order: limiterFor('order'),
    review: limiterFor('review'),
    rating: limiterFor('rating'),
    upload: limiterFor('upload'),
    paymentReturn: limiterFor('paymentReturn'),
    webhook: limiterFor('webhook'),
  };
  return {
    async consume(action, key) {
      try {
        await limiters[action].consume(ACTIONS[action].per === 'address' ? addressKey(key) : key);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw tooManyActions(action, error.msBeforeNext);
        throw error;
      }
    },
  };
}
