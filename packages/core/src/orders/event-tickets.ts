import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { AuthUser } from '../auth';

/**
 * A browser's EventSource cannot send an Authorization header, and a token in its URL would land
 * in proxy and server logs. It trades its token for a ticket instead: random, good for one
 * connection within a minute, kept in Redis so any server can take it.
 */
const TICKET_TTL_SECONDS = 60;
const key = (prefix: string, ticket: string) => `${prefix}:event-ticket:${ticket}`;

export interface IssueEventTicketOptions {
  redis: Redis;
  prefix: string;
  user: AuthUser;
  /** The account's token version now: a ticket outlives no "log out everywhere". */
  tokenVersion?: number | null;
}

export async function issueEventTicket({
  redis,
  prefix,
  user,
  tokenVersion,
}: IssueEventTicketOptions) {
  const ticket = randomBytes(24).toString('base64url');
  await redis.set(
    key(prefix, ticket),
    JSON.stringify({ ...user, tokenVersion: tokenVersion ?? null }),
    'EX',
    TICKET_TTL_SECONDS,
  );
  return { ticket };
}

export interface RedeemEventTicketOptions {
  redis: Redis;
  db: Kysely<Database>;
  prefix: string;
  ticket: string;
}

/**
 * The ticket's user, once: a second use (or an expired or made-up ticket) is null. The account is
 * checked again, as a token is: removed since is refused, and admin needs the role both when the
 * ticket was issued and now.
 */
export async function redeemEventTicket({
  redis,
  db,
  prefix,
  ticket,
}: RedeemEventTicketOptions): Promise<(AuthUser & { tokenVersion: number }) | null> {
  if (!/^[\w-]{32}$/.test(ticket)) return null;
  const stored = await redis.getdel(key(prefix, ticket));
  if (!stored) return null;
  const issued = JSON.parse(stored) as AuthUser & { tokenVersion?: number | null };
  const now = await db
    .selectFrom('users')
    .select(['role', 'token_version'])
    .where('id', '=', issued.id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!now) return null;
  if (typeof issued.tokenVersion === 'number' && issued.tokenVersion !== now.token_version)
    return null;
  return {
    id: issued.id,
    role: issued.role === 'ADMIN' && now.role === 'ADMIN' ? 'ADMIN' : 'CUSTOMER',
    // The version this ticket was checked against: a stream compares later reads with it, so a
    // "log out everywhere" just after the check still ends it.
    tokenVersion: Number(now.token_version),
  };
}
