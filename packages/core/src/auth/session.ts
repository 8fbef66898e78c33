import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { unauthorized } from '../common';
import {
  signToken,
  verifyTokenClaims,
  type AuthUser,
  type TokenScope,
  type TokenSettings,
} from './tokens';

export interface AuthenticateOptions {
  settings: TokenSettings;
  token: string;
  /** A scoped token's place (see TokenScope); absent: an API token. */
  audience?: string;
}

/**
 * Resolves a token to a live user: a valid token of a deleted user is refused, and the role
 * is checked against the database.
 */
export async function authenticate(
  db: Kysely<Database>,
  { settings, token, audience }: AuthenticateOptions,
): Promise<AuthUser> {
  const claims = await verifyTokenClaims(settings, token, audience);
  const user = await db
    .selectFrom('users')
    .select(['id', 'role', 'token_version'])
    .where('id', '=', claims.id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!user) throw unauthorized('Your account no longer exists. Please sign up again.');
  // A reset, a change, "log out of all devices" or a demotion ended every older token.
  if (user.token_version !== claims.tokenVersion)
    throw unauthorized('You were signed out. Please log in again.');
  // Admin needs both: a demoted admin loses access at once, and a token issued while the
  // account was a customer's stays a customer token after `admin:create` promotes it.
  return {
    id: user.id,
    role: user.role === 'ADMIN' && claims.role === 'ADMIN' ? 'ADMIN' : 'CUSTOMER',
  };
}

/** The account's current token version (null: no such live account). */
export async function currentTokenVersion(
  db: Kysely<Database>,
  userId: string,
): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .select('token_version')
    .where('id', '=', userId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return row?.token_version ?? null;
}

export interface SignScopedTokenOptions {
  settings: TokenSettings;
  user: AuthUser;
  scope: TokenScope;
}

/**
 * A short token good only at `scope.audience`, for a user `authenticate` just resolved: it
 * carries the account's current token version, so logging out everywhere ends it too.
 */
export async function signScopedToken(
  db: Kysely<Database>,
  { settings, user, scope }: SignScopedTokenOptions,
): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select(['email', 'token_version'])
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  return signToken(
    settings,
    { ...user, email: row.email, token_version: row.token_version },
    scope,
  );
}

/** When a scoped token runs out (ms since the epoch); null when it is not valid there at all. */
export async function scopedTokenExpiry(
  settings: TokenSettings,
  token: string,
  audience: string,
): Promise<number | null> {
  return verifyTokenClaims(settings, token, audience).then(
    (claims) => claims.expiresAt,
    () => null,
  );
}
