import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { MESSAGES, type LoginInput, type SignupInput } from '@kanak/shared';
import { conflict, unauthorized } from '../shared/errors';
import {
  dummyPasswordHash,
  hashPassword,
  verifyPassword,
  type PasswordVerifier,
} from './passwords';
import { signToken, type TokenSettings } from './tokens';
import type { AuthAnswer } from '@kanak/shared';

/** The answer shapes are declared once, as zod schemas in @kanak/shared. */
export type { AuthAnswer };

export async function signup(
  db: Kysely<Database>,
  settings: TokenSettings,
  input: SignupInput,
): Promise<AuthAnswer> {
  const taken = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', input.email.toLowerCase()))
    .executeTakeFirst();
  if (taken) throw conflict(MESSAGES.signupDuplicate);
  const passwordHash = await hashPassword(input.password);
  const user = await db
    .insertInto('users')
    .values({
      first_name: input.firstName,
      last_name: input.lastName,
      email: input.email,
      password_hash: passwordHash,
    })
    .onConflict((oc) => oc.doNothing())
    .returning(['id', 'role', 'email'])
    .executeTakeFirst();
  // A concurrent sign-up with the same e-mail won the unique index.
  if (!user) throw conflict(MESSAGES.signupDuplicate);
  return { jwt: await signToken(settings, user), message: 'Signup success' };
}

/**
 * Every login costs one argon2 verification: an unknown e-mail or a removed account is checked
 * against a dummy hash, so the time taken does not tell which e-mails have accounts.
 */
export async function login(
  db: Kysely<Database>,
  settings: TokenSettings,
  input: LoginInput,
  verify: PasswordVerifier = verifyPassword,
): Promise<AuthAnswer> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'role', 'email', 'password_hash'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', input.email.toLowerCase()))
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  const matches = await verify(user?.password_hash ?? (await dummyPasswordHash()), input.password);
  if (!user || !matches) throw unauthorized(MESSAGES.loginFailed);
  return { jwt: await signToken(settings, user), message: 'Login success' };
}
