/**
 * Tests make many accounts, orders, reviews and payment returns from 127.0.0.1: every abuse limit
 * raised out of their way. The limits' own tests lower the one they check.
 */
export const RELAXED_LIMITS = {
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  AUTH_FAILED_LOGINS_PER_EMAIL: '100000',
  AUTH_FAILED_LOGINS_PER_EMAIL_PER_HOUR: '100000',
  RATE_LIMIT_SIGNUPS_PER_HOUR: '100000',
  RATE_LIMIT_ORDERS_PER_HOUR: '100000',
  RATE_LIMIT_REVIEWS_PER_HOUR: '100000',
  RATE_LIMIT_UPLOADS_PER_HOUR: '100000',
  RATE_LIMIT_PAYMENT_RETURNS_PER_MINUTE: '100000',
  RATE_LIMIT_WEBHOOKS_PER_MINUTE: '100000',
} as const;
