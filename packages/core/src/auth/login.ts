import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { MESSAGES, type AuthAnswer, type LoginInput } from '@kanak/shared';
import { unauthorized } from '../common';
import { dummyPasswordHash, verifyPassword, type PasswordVerifier } from './passwords';
import { signToken, type TokenSettings } from './tokens';

/** The answer shapes are declared once, as zod schemas in @kanak/shared. */
export type { AuthAnswer };

export interface LoginOptions {
  settings: TokenSettings;
  input: LoginInput;
  verify?: PasswordVerifier;
}

/**
 * Every login costs one argon2 verification: an unknown e-mail or a removed account is checked
 * against a dummy hash, so the time taken does not tell which e-mails have accounts.
 */
export async function login(
  db: Kysely<Database>,
  { settings, input, verify = verifyPassword }: LoginOptions,
): Promise<AuthAnswer> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'role', 'email', 'password_hash', 'token_version'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', input.email.toLowerCase()))
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  const matches = await verify(user?.password_hash ?? (await dummyPasswordHash()), input.password);
  if (!user || !matches) throw unauthorized(MESSAGES.loginFailed);
  return { jwt: await signToken(settings, user), message: 'Login success' };
}
