import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { MESSAGES, PASSWORD_PATTERN, signupInput } from '@kanak/shared';
import { hashPassword } from '../auth';
import { badRequest } from '../common';

/**
 * The first administrator of a fresh shop (and later ones): `pnpm admin:create`. Nothing in the
 * HTTP API can make an ADMIN, so an operator with database access does it here.
 */
export interface CreateAdminInput {
  email: string;
  /** Absent: a new account gets a generated password (returned once); an existing one keeps its own. */
  password?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
}

export interface CreateAdminResult {
  /** created: a new ADMIN account; promoted: a customer became ADMIN; already-admin: nothing to promote. */
  outcome: 'created' | 'promoted' | 'already-admin';
  userId: string;
  email: string;
  /** Set only when this call generated the password: shown to the operator once, stored nowhere. */
  generatedPassword?: string;
  /** Whether the account's password was (re)set by this call. */
  passwordSet: boolean;
}

const DEFAULT_NAMES = { firstName: 'Shop', lastName: 'Admin' } as const;

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SPECIAL = '!@#$%^&*_=+-';

/**
 * A random password the sign-up and login rules accept: the spec allows at most 12 characters,
 * so all 12 are used, one from each required class and the rest from all of them (about 70 bits).
 */
export function generateAdminPassword(): string {
  const all = LOWER + UPPER + DIGITS + SPECIAL;
  const pick = (set: string) => set[randomInt(set.length)]!;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SPECIAL)];
  while (chars.length < 12) chars.push(pick(all));
  // Fisher-Yates, so the required classes are not always in front.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/** The sign-up rules of spec section 5, with their messages, for the fields given. */
function validated(input: CreateAdminInput) {
  const { shape } = signupInput;
  const email = shape.email.safeParse(input.email);
  if (!email.success) throw badRequest(MESSAGES.email);
  if (input.password !== undefined && !PASSWORD_PATTERN.test(input.password))
    throw badRequest(MESSAGES.password);
  const name = (value: string | undefined) => {
    if (value === undefined) return undefined;
    const parsed = shape.firstName.safeParse(value);
    if (!parsed.success) throw badRequest(MESSAGES.name);
    return parsed.data;
  };
  return {
    email: email.data,
    password: input.password,
    firstName: name(input.firstName),
    lastName: name(input.lastName),
  };
}

/** Creates an ADMIN account, or makes the account with this e-mail ADMIN with a new password. */
export async function createAdmin(
  db: Kysely<Database>,
  input: CreateAdminInput,
): Promise<CreateAdminResult> {
  const fields = validated(input);

  const existing = () =>
    db
      .selectFrom('users')
      .select(['id', 'email', 'role'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', fields.email))
      .where('removed_at', 'is', null)
      .executeTakeFirst();

  let user = await existing();
  if (!user) {
    const generatedPassword = fields.password === undefined ? generateAdminPassword() : undefined;
    const created = await db
      .insertInto('users')
      .values({
        first_name: fields.firstName ?? DEFAULT_NAMES.firstName,
        last_name: fields.lastName ?? DEFAULT_NAMES.lastName,
        email: fields.email,
        password_hash: await hashPassword(fields.password ?? generatedPassword!),
        role: 'ADMIN',
      })
      .onConflict((oc) => oc.doNothing())
      .returning(['id', 'email'])
      .executeTakeFirst();
    if (created)
      return {
        outcome: 'created',
        userId: created.id,
        email: created.email,
        passwordSet: true,
        ...(generatedPassword ? { generatedPassword } : {}),
      };
    // Someone signed up with this e-mail meanwhile (the unique index won): promote that account.
    user = await existing();
    if (!user) throw new Error(`The account ${fields.email} could neither be created nor found`);
  }

  // Sign-up is open and e-mails are not verified: the account being promoted may be someone
  // else's, made in the owner's name. It gets a password only the operator knows (given or
  // generated), and tokens issued before stay customer tokens (auth/session.ts), so whoever made
  // it cannot use it as an admin. An account that is already ADMIN keeps its password.
  const promoting = user.role !== 'ADMIN';
  const generatedPassword =
    promoting && fields.password === undefined ? generateAdminPassword() : undefined;
  const newPassword = fields.password ?? generatedPassword;
  await db
    .updateTable('users')
    .set({
      role: 'ADMIN',
      ...(newPassword !== undefined ? { password_hash: await hashPassword(newPassword) } : {}),
      ...(fields.firstName !== undefined ? { first_name: fields.firstName } : {}),
      ...(fields.lastName !== undefined ? { last_name: fields.lastName } : {}),
    })
    .where('id', '=', user.id)
    .execute();
  return {
    outcome: promoting ? 'promoted' : 'already-admin',
    userId: user.id,
    email: user.email,
    passwordSet: newPassword !== undefined,
    ...(generatedPassword ? { generatedPassword } : {}),
  };
}
