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
import { badRequest } from '../common';
import { queueNotification } from '../mail-queue';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { signToken, type AuthUser, type TokenSettings } from './tokens';
import type { MailLimits } from './account-limits';
import type { AuthRateLimiter } from './rate-limit';

/** A reset link works once, for 30 minutes; asking again replaces it. */
export const RESET_TTL_MS = 30 * 60_000;
export const BAD_RESET_LINK = 'This reset link is not valid any more. Please ask for a new one.';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Who a security mail greets. Anyone can sign up with someone else's address and a "first name"
 * of their choosing, then ask for a reset: until the address's owner has proved it (used a
 * mailed link), the mail greets the address itself, never text a stranger may have typed.
 */
export const securityGreeting = (user: {
  email: string;
  first_name: string;
  email_verified_at: Date | null;
}) => (user.email_verified_at ? user.first_name : user.email);

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
    .select(['id', 'email', 'first_name', 'email_verified_at', 'token_version'])
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
            // A later password change or log-out-everywhere bumps the version: the link ends too.
            token_version: user.token_version,
          })
          .onConflict((oc) =>
            oc.column('user_id').doUpdateSet((eb) => ({
              token_hash: eb.ref('excluded.token_hash'),
              expires_at: eb.ref('excluded.expires_at'),
              token_version: eb.ref('excluded.token_version'),
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
            firstName: securityGreeting(user),
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

/** "27 Nov 2026, 11:14 pm IST": when a security mail's event happened, in the shop's time. */
const istNow = () =>
  new Date().toLocaleString('en-IN', {
    timeZone: 'Asia/Kolkata',
    dateStyle: 'medium',
    timeStyle: 'short',
  }) + ' IST';

const changedMail = (
  trx: Kysely<Database>,
  user: { id: string; email: string; first_name: string; email_verified_at: Date | null },
  version: number,
) =>
  queueNotification(trx, {
    kind: 'password-changed',
    recipient: user.email,
    eventKey: `password:${user.id}:${version}`,
    userId: user.id,
    payload: {
      firstName: securityGreeting(user),
      at: istNow(),
    },
  });

/**
 * A reset link's new password: the link is used up (deleted) in the same transaction, every
 * older token ends (the users trigger bumps token_version), and the caller is signed in anew.
 * A link asked before the account's tokens were ended (password changed, logged out everywhere,
 * demoted, removed) ended with them. Using a link proves the address: it is marked verified.
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
      .returning(['user_id', 'expires_at', 'token_version'])
      .executeTakeFirst();
    if (!used || used.expires_at.getTime() < Date.now()) return null;
    const updated = await trx
      .updateTable('users')
      .set({ password_hash: hash, email_verified_at: new Date() })
      .where('id', '=', used.user_id)
      .where('removed_at', 'is', null)
      .where('token_version', '=', used.token_version)
      .returning(['id', 'role', 'email', 'first_name', 'token_version', 'email_verified_at'])
      .executeTakeFirst();
    if (updated) await changedMail(trx, updated, updated.token_version);
    return updated ?? null;
  });
  if (!user) throw badRequest(BAD_RESET_LINK);
  return { jwt: await signToken(deps.tokens, user), message: 'Your password is changed' };
}

/** What a wrong current password answers (400, as the spec's clients read it). */
export const WRONG_CURRENT_PASSWORD = 'Your current password is not right';

export interface ChangePasswordOptions {
  deps: Pick<PasswordDeps, 'db' | 'tokens'> & { rateLimit: AuthRateLimiter };
  address: string;
  caller: AuthUser;
  input: ChangePasswordInput;
}

/**
 * Change password on the account page: needs the current one; ends every other session. Each
 * attempt is counted by the login limiter before the password is checked (per address, per
 * e-mail and address, per e-mail), so a token left on a shared computer cannot be used to guess
 * the password: past the limit the answer is the login's 429 with Retry-After.
 */
export async function changePassword({
  deps,
  address,
  caller,
  input,
}: ChangePasswordOptions): Promise<AuthAnswer> {
  const row = await deps.db
    .selectFrom('users')
    .select(['password_hash', 'email'])
    .where('id', '=', caller.id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  const attempt = await deps.rateLimit.login(address, row?.email ?? caller.id, {
    knownAddressExempt: false,
  });
  let ok: boolean;
  try {
    ok = await verifyPassword(
      row?.password_hash ?? (await dummyPasswordHash()),
      input.currentPassword,
    );
  } catch (error) {
    await attempt.notChecked();
    throw error;
  }
  // A wrong guess keeps its point.
  if (!row || !ok) throw badRequest(WRONG_CURRENT_PASSWORD);
  const hash = await hashPassword(input.newPassword);
  const user = await deps.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('users')
      .set({ password_hash: hash })
      .where('id', '=', caller.id)
      .returning(['id', 'role', 'email', 'first_name', 'token_version', 'email_verified_at'])
      .executeTakeFirstOrThrow();
    await changedMail(trx, updated, updated.token_version);
    return updated;
  });
  await attempt.succeeded();
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

/** Where a sign-in came from: the client's address and its browser (User-Agent), when sent. */
export interface SignInOrigin {
  email: string;
  address: string;
  userAgent?: string | undefined;
}

/**
 * The admin's "new sign-in" mail, written after a successful admin login, once per browser and
 * address: the mail's key names them, so a sign-in from a pair seen before writes nothing (the
 * notification's idempotency key), while a new browser or a new address is told at once.
 */
export async function noteAdminSignIn(db: Kysely<Database>, origin: SignInOrigin) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'role'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', origin.email.toLowerCase()))
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (user?.role !== 'ADMIN') return;
  const browser = createHash('sha256')
    .update(origin.userAgent ?? '')
    .digest('hex')
    .slice(0, 16);
  await queueNotification(db, {
    kind: 'admin-sign-in',
    recipient: user.email,
    eventKey: `signin:${user.id}:${origin.address}:${browser}`,
    userId: user.id,
    payload: {
      firstName: user.first_name,
      address: origin.address,
      at: istNow(),
    },
  });
}
