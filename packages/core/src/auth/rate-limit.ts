import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { RateLimiterRedis } from 'rate-limiter-flexible';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { DomainError } from '../common';
import { redisLimiter } from '../limits';
import { addressKey } from '../limits';
import { waitText } from '../limits';

export interface AuthRateLimits {
  /** Sign-up and login attempts per client address per minute. */
  perAddressPerMinute: number;
  /** Failed logins per e-mail from one address per 15 minutes; that pair is then locked. */
  failedPerEmail: number;
  /**
   * Failed logins per e-mail from all addresses per hour (the slower limit). It does not hold
   * addresses the e-mail has logged in from before, so a stranger cannot lock the owner out.
   */
  failedPerEmailPerHour: number;
  /** Sign-up attempts per client address per hour. */
  signupsPerHour: number;
}

const PAIR_WINDOW_SECONDS = 15 * 60;
const HOUR_SECONDS = 60 * 60;
/** How long an address an e-mail logged in from stays exempt from the per-e-mail limit. */
const KNOWN_ADDRESS_SECONDS = 90 * 24 * 60 * 60;

const tooMany = (ms: number) => {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return new DomainError(
    'TOO_MANY_REQUESTS',
    `Too many attempts. Please try again in ${waitText(seconds)}.`,
    { retryAfter: seconds },
  );
};

/** E-mails are keyed by a hash: Redis never holds the addresses of the shop's customers. */
const emailId = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/** One counted point; `refusedMs` is set when it went past the limit. */
interface Counted {
  refusedMs: number | null;
}

/** What happened to a login attempt once it has been allowed; each settles its points. */
export interface LoginAttempt {
  /** The password matched: clears the (e-mail, address) failures and remembers the address. */
  succeeded(): Promise<void>;
  /** The password was not checked (the database failed): the attempt's e-mail points go back. */
  notChecked(): Promise<void>;
}

/**
 * Login and sign-up limits in Redis, counted BEFORE the password is checked: each attempt
 * consumes its points atomically, so a parallel burst gets no more password checks than the
 * limit, and a success afterwards clears its pair's count.
 *
 * - every login and sign-up: `perAddressPerMinute` per client address;
 * - login: `failedPerEmail` per (e-mail, address) per 15 minutes: failures from one address lock
 *   only that address out of that e-mail;
 * - login: `failedPerEmailPerHour` per e-mail from all addresses, except from the addresses that
 *   e-mail has logged in from in the last 90 days (remembered under a hash of the e-mail);
 * - sign-up: `signupsPerHour` per client address.
 *
 * A refused attempt gives back the e-mail points it took, so only attempts that reached the
 * password check count as failures.
 *
 * While Redis is unreachable, login and sign-up keep working with the same limits counted in this
 * process's memory (rate-limiter-flexible's `insuranceLimiter`), rather than answering 503: they
 * need only PostgreSQL, and a shop whose customers cannot log in during a Redis blip loses more
 * than a limit that is per process for a while (N processes allow N times the attempts). Counts
 * do not carry over in either direction when Redis comes back; known addresses are also kept in
 * memory for that while. Pass a client made by `createRequestRedis` (no offline queue, command
 * timeout): a command then fails at once, or within its timeout when Redis hangs (all of an
 * attempt's commands run at once: one timeout), and the memory limiter answers instead.
 */
export function createAuthRateLimiter(redis: Redis, prefix: string, limits: AuthRateLimits) {
  const limiter = (keyPrefix: string, points: number, duration: number) =>
    redisLimiter({ redis, keyPrefix, points, duration });
  const byAddress = limiter(`${prefix}:rl:auth-ip`, limits.perAddressPerMinute, 60);
  const signupsByAddress = limiter(`${prefix}:rl:signup-ip`, limits.signupsPerHour, HOUR_SECONDS);
  const byPair = limiter(`${prefix}:rl:auth-email-ip`, limits.failedPerEmail, PAIR_WINDOW_SECONDS);
  const byEmail = limiter(`${prefix}:rl:auth-email`, limits.failedPerEmailPerHour, HOUR_SECONDS);
  const known = knownAddresses(redis, `${prefix}:auth-known`);

  const count = (rl: RateLimiterRedis, key: string): Promise<Counted> =>
    rl.consume(key).then(
      () => ({ refusedMs: null }),
      (error: unknown) => {
        if (error instanceof RateLimiterRes) return { refusedMs: error.msBeforeNext };
        throw error;
      },
    );
  // Settling afterwards never fails the request: the answer is already decided.
  const giveBack = (rl: RateLimiterRedis, key: string) =>
    rl.reward(key, 1).then(
      () => undefined,
      () => undefined,
    );
  const refuseIfAny = (counts: (Counted | null)[]) => {
    const waits = counts.flatMap((c) => (c?.refusedMs == null ? [] : [c.refusedMs]));
    return waits.length ? tooMany(Math.max(...waits)) : null;
  };

  return {
    /**
     * Counts one login attempt; throws TOO_MANY_REQUESTS when any of its limits is reached.
     * `knownAddressExempt: false` (password change) counts the e-mail's hourly limit even from an
     * address the account logged in from: that is where a token left behind is used.
     */
    async login(
      clientAddress: string,
      email: string,
      { knownAddressExempt = true }: { knownAddressExempt?: boolean } = {},
    ): Promise<LoginAttempt> {
      const address = addressKey(clientAddress);
      const id = emailId(email);
      const pair = `${id}:${address}`;
      // Known to this process: the e-mail's limit is not counted at all (no Redis round trip).
      const seenHere = knownAddressExempt && known.seenHere(id, address);
      const [perAddress, perPair, perEmail, fromKnownAddress] = await Promise.all([
        count(byAddress, address),
        count(byPair, pair),
        seenHere ? null : count(byEmail, id),
        seenHere || (knownAddressExempt && known.has(id, address)),
      ]);
      const emailCounted = perEmail !== null;
      const refusal = refuseIfAny([perAddress, perPair, fromKnownAddress ? null : perEmail]);
      if (emailCounted && (fromKnownAddress || refusal)) await giveBack(byEmail, id);
      if (refusal) {
        await giveBack(byPair, pair);
        throw refusal;
      }
      return {
        async succeeded() {
          await Promise.all([
            byPair.delete(pair).catch(() => undefined),
            // A success is not a failure: the hour limit counts only wrong passwords.
            fromKnownAddress ? null : giveBack(byEmail, id),
            known.remember(id, address),
          ]);
        },
        async notChecked() {
          await Promise.all([
            giveBack(byPair, pair),
            fromKnownAddress ? null : giveBack(byEmail, id),
          ]);
        },
      };
    },
    /** Counts one sign-up attempt; throws TOO_MANY_REQUESTS past either limit of the address. */
    async signup(clientAddress: string): Promise<void> {
      const address = addressKey(clientAddress);
      const [perAddress, perHour] = await Promise.all([
        count(byAddress, address),
        count(signupsByAddress, address),
      ]);
      const refusal = refuseIfAny([perAddress, perHour]);
      if (!refusal) return;
      if (perHour.refusedMs == null) await giveBack(signupsByAddress, address);
      throw refusal;
    },
  };
}
export type AuthRateLimiter = ReturnType<typeof createAuthRateLimiter>;

/**
 * Addresses an e-mail has logged in from: one key per (e-mail hash, address) with a 90-day TTL,
 * renewed at each login. Also kept in this process's memory, so that while Redis is away the
 * owner's address is still recognised by the process that saw the login.
 */
function knownAddresses(redis: Redis, prefix: string) {
  const key = (id: string, address: string) => `${prefix}:${id}:${address}`;
  const memory = new LRUCache<string, true>({ max: 10_000, ttl: KNOWN_ADDRESS_SECONDS * 1000 });
  return {
    seenHere: (id: string, address: string) => memory.has(key(id, address)),
    async has(id: string, address: string): Promise<boolean> {
      const k = key(id, address);
      if (redis.status !== 'ready') return false;
      try {
        return (await redis.exists(k)) === 1;
      } catch {
        return false;
      }
    },
    async remember(id: string, address: string): Promise<void> {
      const k = key(id, address);
      memory.set(k, true);
      if (redis.status !== 'ready') return;
      await redis.set(k, '1', 'EX', KNOWN_ADDRESS_SECONDS).catch(() => undefined);
    },
  };
}
