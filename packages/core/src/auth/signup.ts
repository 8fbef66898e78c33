import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { MESSAGES, type AuthAnswer, type SignupInput } from '@kanak/shared';
import { conflict } from '../common';
import { hashPassword } from './passwords';
import { signToken, type TokenSettings } from './tokens';

/** A new customer account, logged in at once; an e-mail already taken (any case) is refused. */
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
