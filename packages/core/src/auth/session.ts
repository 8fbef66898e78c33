import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { unauthorized } from '../common/errors';
import { verifyTokenClaims, type AuthUser, type TokenSettings } from './tokens';

/**
 * Resolves a token to a live user: a valid token of a deleted user is refused, and the role
 * is checked against the database.
 */
export async function authenticate(
  db: Kysely<Database>,
  settings: TokenSettings,
  token: string,
): Promise<AuthUser> {
  const claims = await verifyTokenClaims(settings, token);
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
