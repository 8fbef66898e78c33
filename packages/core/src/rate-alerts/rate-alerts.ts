import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import {
  canonicalPurity,
  formatRupees,
  purityLabel,
  RATE_ALERT_TOKEN,
  type RateAlertInput,
} from '@kanak/shared';
import { DomainError, notFound } from '../common';
import type { AuthUser } from '../auth';
import { signedInEmail } from '../auth';
import type { MailLimits } from '../auth';
import { queueNotification } from '../mail-queue';
import { endAlertByToken } from '../notifications';

export interface RateAlertDeps {
  db: Kysely<Database>;
  mailLimits: MailLimits;
}

const rupeesPerGram = (paise: number) => `${formatRupees(paise / 100)}/g`;

export interface AskRateAlertOptions {
  deps: RateAlertDeps;
  user: AuthUser | null;
  address: string;
  input: RateAlertInput;
}

/**
 * "Tell me when 22K gold is below ₹X/g". One alert per e-mail, metal and purity: asking again
 * sets the new figure and re-arms it (an alert fires once). Only an address proven to be the
 * asker's — the e-mail of a signed-in account that verified it — is armed or changed at once.
 * For any other (a visitor naming an address, an account whose e-mail nobody has proven) the
 * request waits for the link mailed to that address, whether or not an alert exists there, so
 * nobody can sign a stranger up, re-arm a stranger's alert or lift their unsubscribe; and the
 * answer reads the same either way, so it tells nothing about the address. Limited per client
 * address and per e-mail like the back-in-stock alerts (the same budgets).
 */
export async function askRateAlert({
  deps,
  user,
  address,
  input,
}: AskRateAlertOptions): Promise<{ message: string }> {
  const purity = canonicalPurity(input.metal, input.purity)!;
  let email = input.email?.toLowerCase();
  if (user) email = await signedInEmail(deps.db, user);
  if (!email) throw new DomainError('BAD_REQUEST', 'email is required');
  await deps.mailLimits.stockAlertByAddress(address);
  await deps.mailLimits.stockAlertByEmail(email);
  const belowPaise = Math.round(input.below * 100);
  const what = `${purityLabel(input.metal, purity)} ${input.metal === 'gold' ? 'gold' : ''}`.trim();
  const alert = { email, userId: user?.id ?? null, metal: input.metal, purity, belowPaise };
  if (user && (await verifiedAccount(deps.db, user.id))) {
    await armAlert(deps.db, alert);
    return {
      message: `We will e-mail ${email} once when ${what} is below ${rupeesPerGram(belowPaise)}.`,
    };
  }
  const token = randomBytes(24).toString('base64url');
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('rate_alert_requests')
      .values({
        token,
        email,
        user_id: alert.userId,
        metal: input.metal,
        purity,
        below_paise: belowPaise,
      })
      .execute();
    await queueNotification(trx, {
      kind: 'rate-alert-confirm',
      recipient: email,
      eventKey: `rate-alert-confirm:${token}`,
      userId: alert.userId,
      payload: { token, what, below: rupeesPerGram(belowPaise) },
    });
  });
  return {
    message: `Please confirm the alert from the e-mail we sent to ${email}: then we will write once when ${what} is below ${rupeesPerGram(belowPaise)}.`,
  };
}

async function verifiedAccount(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('email_verified_at')
    .where('id', '=', userId)
    .executeTakeFirst();
  return Boolean(row?.email_verified_at);
}

interface AlertFigure {
  email: string;
  userId: string | null;
  metal: string;
  purity: string;
  belowPaise: number;
}

/** Sets the alert's figure and arms it: confirmed, not fired, not unsubscribed. */
async function armAlert(db: Kysely<Database> | Transaction<Database>, alert: AlertFigure) {
  await sql`
    INSERT INTO rate_alerts (email, user_id, metal, purity, below_paise, token, confirmed_at)
    VALUES (${alert.email}, ${alert.userId}, ${alert.metal}, ${alert.purity}, ${alert.belowPaise},
      ${randomBytes(24).toString('base64url')}, now())
    ON CONFLICT (lower(email), metal, purity) DO UPDATE
      SET below_paise = excluded.below_paise, fired_at = NULL, unsubscribed_at = NULL,
        user_id = coalesce(excluded.user_id, rate_alerts.user_id),
        confirmed_at = coalesce(rate_alerts.confirmed_at, excluded.confirmed_at)`.execute(db);
}

/**
 * The mailed confirm link: the request it was mailed for is applied (the alert set, armed and
 * subscribed again). Asking twice answers the same. A link mailed before requests were kept
 * apart names the alert itself, and arms it as it always did.
 */
export async function confirmRateAlert(db: Kysely<Database>, token: string) {
  if (!RATE_ALERT_TOKEN.test(token)) throw notFound('Alert');
  const request = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('rate_alert_requests')
      .selectAll()
      .where('token', '=', token)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return null;
    if (!row.confirmed_at) {
      await armAlert(trx, {
        email: row.email,
        userId: row.user_id,
        metal: row.metal,
        purity: row.purity,
        belowPaise: Number(row.below_paise),
      });
      await trx
        .updateTable('rate_alert_requests')
        .set({ confirmed_at: sql<Date>`now()` })
        .where('token', '=', token)
        .execute();
    }
    return row;
  });
  const row =
    request ??
    (await db
      .updateTable('rate_alerts')
      .set({ confirmed_at: sql<Date>`coalesce(confirmed_at, now())` })
      .where('token', '=', token)
      .where('unsubscribed_at', 'is', null)
      .returning(['metal', 'purity', 'below_paise'])
      .executeTakeFirst());
  if (!row) throw notFound('Alert');
  return {
    message: `Alert confirmed: we will e-mail you once when ${purityLabel(row.metal, row.purity)} is below ${rupeesPerGram(Number(row.below_paise))}.`,
  };
}

/** The one-click unsubscribe link (no login). */
export async function unsubscribeRateAlert(db: Kysely<Database>, token: string) {
  await endAlertByToken(db, { table: 'rate_alerts', token, pattern: RATE_ALERT_TOKEN });
  return { message: 'You will not get this rate alert any more.' };
}

/**
 * Part of a rate publish, in its transaction: every armed alert the new rates bring below its
 * figure fires once (disarmed in the same statement, so two publishes cannot mail it twice) and
 * its mail goes through the notifications outbox.
 */
export async function fireRateAlerts(
  trx: Transaction<Database>,
  rates: { metal: string; purity: string; ratePaise: number }[],
  publicationId: number,
): Promise<number> {
  let fired = 0;
  for (const rate of rates) {
    const alerts = await trx
      .updateTable('rate_alerts')
      .set({ fired_at: sql<Date>`now()` })
      .where('metal', '=', rate.metal)
      .where('purity', '=', rate.purity)
      .where('below_paise', '>', rate.ratePaise)
      .where('confirmed_at', 'is not', null)
      .where('fired_at', 'is', null)
      .where('unsubscribed_at', 'is', null)
      .returning(['id', 'email', 'user_id', 'token', 'below_paise'])
      .execute();
    for (const alert of alerts)
      await queueNotification(trx, {
        kind: 'rate-alert',
        recipient: alert.email,
        eventKey: `rate-alert:${alert.id}:${publicationId}`,
        userId: alert.user_id,
        payload: {
          token: alert.token,
          what: purityLabel(rate.metal, rate.purity),
          metal: rate.metal,
          rate: rupeesPerGram(rate.ratePaise),
          below: rupeesPerGram(alert.below_paise),
        },
      });
    fired += alerts.length;
  }
  return fired;
}
