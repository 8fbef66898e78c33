// The login and sign-up limiter against a real Redis (each test under its own key prefix), and
// with Redis unreachable (the memory fallback).
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { DomainError } from '../common';
import { createAuthRateLimiter, type AuthRateLimits, type LoginAttempt } from './rate-limit';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
afterAll(async () => {
  const keys = await redis.keys('test-auth-rl-*');
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

const LIMITS: AuthRateLimits = {
  perAddressPerMinute: 1000,
  failedPerEmail: 5,
  failedPerEmailPerHour: 1000,
  signupsPerHour: 1000,
};
const newPrefix = () => `test-auth-rl-${randomBytes(4).toString('hex')}`;
const limiterWith = (
  limits: Partial<AuthRateLimits>,
  client: Redis = redis,
  prefix: string = newPrefix(),
) => createAuthRateLimiter(client, prefix, { ...LIMITS, ...limits });

/** Each outcome: the attempt (allowed) or the refusal's Retry-After in seconds. */
async function outcomes(attempts: Promise<LoginAttempt | void>[]) {
  const settled = await Promise.allSettled(attempts);
  const allowed = settled.filter((s) => s.status === 'fulfilled');
  const refused = settled.flatMap((s) => {
    if (s.status === 'fulfilled') return [];
    const error: unknown = s.reason;
    if (!(error instanceof DomainError) || error.kind !== 'TOO_MANY_REQUESTS') throw error;
    return [(error.details as { retryAfter: number }).retryAfter];
  });
  return { allowed: allowed.length, refused };
}
const times = <T>(n: number, make: (i: number) => T) =>
  Array.from({ length: n }, (_, i) => make(i));

describe('login limits', () => {
  it('lets a parallel burst for one e-mail and address through only up to the limit', async () => {
    const limiter = limiterWith({ failedPerEmail: 5 });
    const burst = await outcomes(times(60, () => limiter.login('10.0.0.1', 'Owner@Example.com')));
    expect(burst.allowed).toBe(5);
    expect(burst.refused).toHaveLength(55);
    for (const wait of burst.refused) expect(wait).toBeGreaterThan(800); // the 15-minute window
    // The same e-mail in other case, same address: the same pair, still locked.
    await expect(limiter.login('10.0.0.1', ' owner@example.COM')).rejects.toMatchObject({
      kind: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/^Too many attempts\. Please try again in 1[45] minutes\.$/),
    });
    // Another address has its own budget for that e-mail.
    const elsewhere = await outcomes(
      times(6, () => limiter.login('10.0.0.2', 'owner@example.com')),
    );
    expect(elsewhere.allowed).toBe(5);
  });

  it('clears the pair on success; attempts whose password was not checked give their point back', async () => {
    const limiter = limiterWith({ failedPerEmail: 3 });
    const email = 'clear@example.com';
    await limiter.login('10.0.1.1', email);
    await limiter.login('10.0.1.1', email);
    const third = await limiter.login('10.0.1.1', email);
    await expect(limiter.login('10.0.1.1', email)).rejects.toBeInstanceOf(DomainError);
    await third.succeeded();
    const again = await outcomes(times(4, () => limiter.login('10.0.1.1', email)));
    expect(again.allowed).toBe(3);

    const other = 'unchecked@example.com';
    for (let i = 0; i < 10; i++) await (await limiter.login('10.0.1.1', other)).notChecked();
    expect((await outcomes(times(4, () => limiter.login('10.0.1.1', other)))).allowed).toBe(3);
  });

  it('limits an e-mail across addresses per hour, but not from addresses it has logged in from', async () => {
    // Two server processes sharing Redis: the owner logged in through the other one.
    const prefix = newPrefix();
    const limits = { failedPerEmail: 100, failedPerEmailPerHour: 4 };
    const limiter = limiterWith(limits, redis, prefix);
    const email = 'owner.hour@example.com';
    await (await limiterWith(limits, redis, prefix).login('192.0.2.10', email)).succeeded();
    // A stranger from many addresses: 4 wrong passwords get checked, then the e-mail is locked.
    const stranger = await outcomes(times(20, (i) => limiter.login(`198.51.100.${i}`, email)));
    expect(stranger.allowed).toBe(4);
    expect(stranger.refused[0]).toBeGreaterThan(3000); // the hour window
    await expect(limiter.login('203.0.113.7', email)).rejects.toMatchObject({
      kind: 'TOO_MANY_REQUESTS',
    });
    // The owner's address is not held by the hour limit, only by its own pair limit.
    const owner = await outcomes(times(3, () => limiter.login('192.0.2.10', email)));
    expect(owner.allowed).toBe(3);
  });

  it('refusals by the address limit do not count against the e-mail', async () => {
    const limiter = limiterWith({ perAddressPerMinute: 3, failedPerEmail: 3 });
    const email = 'busy@example.com';
    const burst = await outcomes(times(20, () => limiter.login('10.0.2.1', email)));
    expect(burst.allowed).toBe(3);
    // A second address: the e-mail's pair there is untouched by the first address's refusals.
    expect((await outcomes(times(5, () => limiter.login('10.0.2.2', email)))).allowed).toBe(3);
  });
});

describe('sign-up limits', () => {
  it('refuses sign-ups from one address past the hourly limit, with Retry-After', async () => {
    const limiter = limiterWith({ signupsPerHour: 4 });
    const burst = await outcomes(times(12, () => limiter.signup('10.0.3.1')));
    expect(burst.allowed).toBe(4);
    expect(burst.refused).toHaveLength(8);
    expect(Math.min(...burst.refused)).toBeGreaterThan(3000);
    await expect(limiter.signup('10.0.3.2')).resolves.toBeUndefined();
  });

  it('shares the per-minute address limit with logins', async () => {
    const limiter = limiterWith({ perAddressPerMinute: 2 });
    await limiter.login('10.0.4.1', 'a@example.com');
    await limiter.signup('10.0.4.1');
    await expect(limiter.signup('10.0.4.1')).rejects.toMatchObject({ kind: 'TOO_MANY_REQUESTS' });
  });
});

describe('Redis unreachable', () => {
  it('keeps counting the same limits in memory', async () => {
    const down = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    try {
      const limiter = limiterWith({ failedPerEmail: 3, failedPerEmailPerHour: 5 }, down);
      const burst = await outcomes(times(10, () => limiter.login('10.0.5.1', 'm@example.com')));
      expect(burst.allowed).toBe(3);
      const first = await limiter.login('10.0.5.2', 'owner.m@example.com');
      await first.succeeded();
      // The owner's address is remembered in memory too: the hour limit does not hold it.
      await outcomes(times(10, (i) => limiter.login(`10.0.6.${i}`, 'owner.m@example.com')));
      await expect(limiter.login('10.0.7.1', 'owner.m@example.com')).rejects.toMatchObject({
        kind: 'TOO_MANY_REQUESTS',
      });
      await expect(limiter.login('10.0.5.2', 'owner.m@example.com')).resolves.toBeDefined();
    } finally {
      down.disconnect();
    }
  });
});
