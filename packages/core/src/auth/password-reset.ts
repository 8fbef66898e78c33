import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import {
  FORGOT_PASSWORD_ANSWER,
  type AuthAnswer,
  type ChangePasswordInput,
  type ForgotPasswordInput,
  type ResetPasswordInput,
} from '@kanak/shared';
import { badRequest } from '../common/errors';
import { queueNotification } from '../notifications/queue-notification';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { signToken, type AuthUser, type TokenSettings } from './tokens';
import type { MailLimits } from './account-limits';

/** A reset link works once, for 30 minutes; asking again replaces it. */
export const RESET_TTL_MS = 30 * 60_000;
export const BAD_RESET_LINK = 'This reset link is not valid any more. Please ask for a new one.';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

export interface PasswordDeps {
  db: Kysely<Database>;
  tokens: TokenSettings;
  mailLimits: MailLimits;
  /** The shop's address for the link in the mail. */
  linkBaseUrl: string;
}

/**
 * "Forgot password?": one answer for every e-mail. An account (not removed) gets a one-use
 * link; only its hash is stored (one row per account, so the latest link is the only one).
 */
export async function requestPasswordReset(
  deps: PasswordDeps,
  address: string,
  input: ForgotPasswordInput,
): Promise<{ message: string }> {
  await deps.mailLimits.resetByAddress(address);
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'email', 'first_name'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', input.email.toLowerCase()))
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  // Past the per-e-mail budget the answer is the same and no mail goes.
  const allowed = await deps.mailLimits.resetByEmail(input.email);
  if (user && allowed) {
    const token = randomBytes(32).toString('base64url');
    const tokenHash = sha256(token);
    // Written after the answer, so an account's answer takes no longer than a stranger's (a
    // lost write costs the shopper one more click on "Forgot password?").
    void deps.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('password_resets')
          .values({
            user_id: user.id,
            token_hash: tokenHash,
            expires_at: new Date(Date.now() + RESET_TTL_MS),
          })
          .onConflict((oc) =>
            oc.column('user_id').doUpdateSet((eb) => ({
              token_hash: eb.ref('excluded.token_hash'),
              expires_at: eb.ref('excluded.expires_at'),
              created_at: new Date(),
            })),
          )
          .execute();
        await queueNotification(trx, {
          kind: 'password-reset',
          recipient: user.email,
          eventKey: `reset:${tokenHash.slice(0, 24)}`,
          userId: user.id,
          payload: {
            firstName: user.first_name,
            link: `${deps.linkBaseUrl.replace(/\/$/, '')}/reset-password?token=${token}`,
          },
        });
      })
      .catch((error: Error) =>
        console.warn(`password reset for a user not written: ${error.message}`),
      );
  }
  return { message: FORGOT_PASSWORD_ANSWER };
}

const changedMail = (
  trx: Kysely<Database>,
  user: { id: string; email: string; first_name: string },
  version: number,
) =>
  queueNotification(trx, {
    kind: 'password-changed',
    recipient: user.email,
    eventKey: `password:${user.id}:${version}`,
    userId: user.id,
    payload: {
      firstName: user.first_name,
      at:
        new Date().toLocaleString('en-IN', {
          timeZone: 'Asia/Kolkata',
          dateStyle: 'medium',
          timeStyle: 'short',
        }) + ' IST',
    },
  });

/**
 * A reset link's new password: the link is used up (deleted) in the same transaction, every
 * older token ends (the users trigger bumps token_version), and the caller is signed in anew.
 */
export async function resetPassword(
  deps: PasswordDeps,
  input: ResetPasswordInput,
): Promise<AuthAnswer> {
  // A made-up or spent token costs one indexed read, not an argon2 hash.
  const live = await deps.db
    .selectFrom('password_resets')
    .select('expires_at')
    .where('token_hash', '=', sha256(input.token))
    .executeTakeFirst();
  if (!live || live.expires_at.getTime() < Date.now()) throw badRequest(BAD_RESET_LINK);
  const hash = await hashPassword(input.password);
  const user = await deps.db.transaction().execute(async (trx) => {
    const used = await trx
      .deleteFrom('password_resets')
      .where('token_hash', '=', sha256(input.token))
      .returning(['user_id', 'expires_at'])
      .executeTakeFirst();
    if (!used || used.expires_at.getTime() < Date.now()) return null;
    const updated = await trx
      .updateTable('users')
      .set({ password_hash: hash })
      .where('id', '=', used.user_id)
      .where('removed_at', 'is', null)
      .returning(['id', 'role', 'email', 'first_name', 'token_version'])
      .executeTakeFirst();
    if (updated) await changedMail(trx, updated, updated.token_version);
    return updated ?? null;
  });
  if (!user) throw badRequest(BAD_RESET_LINK);
  return { jwt: await signToken(deps.tokens, user), message: 'Your password is changed' };
}

/** Change password on the account page: needs the current one; ends every other session. */
export async function changePassword(
  deps: Pick<PasswordDeps, 'db' | 'tokens'>,
  caller: AuthUser,
  input: ChangePasswordInput,
): Promise<AuthAnswer> {
  const row = await deps.db
    .selectFrom('users')
    .select(['password_hash'])
    .where('id', '=', caller.id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  const ok = await verifyPassword(
    row?.password_hash ?? (await dummyPasswordHash()),
    input.currentPassword,
  );
  if (!row || !ok) throw badRequest('Your current password is not right');
  const hash = await hashPassword(input.newPassword);
  const user = await deps.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('users')
      .set({ password_hash: hash })
      .where('id', '=', caller.id)
      .returning(['id', 'role', 'email', 'first_name', 'token_version'])
      .executeTakeFirstOrThrow();
    await changedMail(trx, updated, updated.token_version);
    return updated;
  });
  // The role the caller's token carried (an admin's token stays an admin's).
  return {
    jwt: await signToken(deps.tokens, { ...user, role: caller.role }),
    message: 'Your password is changed',
  };
}

/** "Log out of all devices": every token of the account, this one too, answers 401 from now. */
export async function logoutEverywhere(db: Kysely<Database>, caller: AuthUser): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
    .where('id', '=', caller.id)
    .execute();
}

/** The admin's "new sign-in" mail, written after a successful admin login. */
export async function noteAdminSignIn(db: Kysely<Database>, email: string, address: string) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'role'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (user?.role !== 'ADMIN') return;
  await queueNotification(db, {
    kind: 'admin-sign-in',
    recipient: user.email,
    eventKey: `signin:${randomBytes(12).toString('hex')}`,
    userId: user.id,
    payload: {
      firstName: user.first_name,
      address,
      at:
        new Date().toLocaleString('en-IN', {
          timeZone: 'Asia/Kolkata',
          dateStyle: 'medium',
          timeStyle: 'short',
        }) + ' IST',
    },
  });
}
