import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { DomainError } from '../common';
import type { AuthUser } from './tokens';

/**
 * The e-mail of a signed-in caller's account, lower-cased: an alert a signed-in shopper asks for
 * goes to the account, whatever was typed. A token whose account is gone must log in again.
 */
export async function signedInEmail(db: Kysely<Database>, user: AuthUser): Promise<string> {
  const account = await db
    .selectFrom('users')
    .select('email')
    .where('id', '=', user.id)
    .executeTakeFirst();
  if (!account) throw new DomainError('UNAUTHORIZED', 'Please log in to continue');
  return account.email.toLowerCase();
}
