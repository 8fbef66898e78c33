import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { MESSAGES, type LoginInput, type SignupInput } from '@kanak/shared';
import { conflict, unauthorized } from '../shared/errors';
import { hashPassword, verifyPassword } from './passwords';
import { signToken, type TokenSettings } from './tokens';

export interface AuthAnswer {
  jwt: string;
  message: string;
}

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

export async function login(
  db: Kysely<Database>,
  settings: TokenSettings,
  input: LoginInput,
): Promise<AuthAnswer> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'role', 'email', 'password_hash'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', input.email.toLowerCase()))
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!user || !(await verifyPassword(user.password_hash, input.password)))
    throw unauthorized(MESSAGES.loginFailed);
  return { jwt: await signToken(settings, user), message: 'Login success' };
}
