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
import { DomainError, notFound } from '../common/errors';
import type { AuthUser } from '../auth/tokens';
import { signedInEmail } from '../auth/signed-in-email';
import type { MailLimits } from '../auth/account-limits';
import { queueNotification } from '../notifications/queue-notification';
import { endAlertByToken } from '../notifications/unsubscribe';

export interface RateAlertDeps {
  db: Kysely<Database>;
  mailLimits: MailLimits;
}

const rupeesPerGram = (paise: number) => `${formatRupees(paise / 100)}/g`;

/**
 * "Tell me when 22K gold is below ₹X/g". One alert per e-mail, metal and purity: asking again
 * sets the new figure and re-arms it (an alert fires once). A signed-in shopper's alert is armed
 * at once, for the account's e-mail; a visitor's waits for the confirm link mailed to the address
 * named, so nobody can sign a stranger up. Limited per client address and per e-mail like the
 * back-in-stock alerts (the same budgets).
 */
export async function askRateAlert(
  deps: RateAlertDeps,
  user: AuthUser | null,
  address: string,
  input: RateAlertInput,
): Promise<{ message: string }> {
  const purity = canonicalPurity(input.metal, input.purity)!;
  let email = input.email?.toLowerCase();
  if (user) email = await signedInEmail(deps.db, user);
  if (!email) throw new DomainError('BAD_REQUEST', 'email is required');
  await deps.mailLimits.stockAlertByAddress(address);
  await deps.mailLimits.stockAlertByEmail(email);
  const belowPaise = Math.round(input.below * 100);
  const what = `${purityLabel(input.metal, purity)} ${input.metal === 'gold' ? 'gold' : ''}`.trim();
  return deps.db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: number; token: string; confirmed: boolean }>`
      INSERT INTO rate_alerts (email, user_id, metal, purity, below_paise, token, confirmed_at)
      VALUES (${email}, ${user?.id ?? null}, ${input.metal}, ${purity}, ${belowPaise},
        ${randomBytes(24).toString('base64url')}, ${user ? sql`now()` : null})
      ON CONFLICT (lower(email), metal, purity) DO UPDATE
        SET below_paise = excluded.below_paise, fired_at = NULL, unsubscribed_at = NULL,
          user_id = coalesce(excluded.user_id, rate_alerts.user_id),
          confirmed_at = coalesce(rate_alerts.confirmed_at, excluded.confirmed_at)
      RETURNING id, token, confirmed_at IS NOT NULL AS confirmed`.execute(trx);
    const alert = rows[0]!;
    if (alert.confirmed)
      return {
        message: `We will e-mail ${email} once when ${what} is below ${rupeesPerGram(belowPaise)}.`,
      };
    await queueNotification(trx, {
      kind: 'rate-alert-confirm',
      recipient: email,
      eventKey: `rate-alert-confirm:${alert.id}:${belowPaise}`,
      userId: user?.id ?? null,
      payload: { token: alert.token, what, below: rupeesPerGram(belowPaise) },
    });
    return {
      message: `Please confirm the alert from the e-mail we sent to ${email}: then we will write once when ${what} is below ${rupeesPerGram(belowPaise)}.`,
    };
  });
}

/** The mailed confirm link: the alert is armed. Asking twice answers the same. */
export async function confirmRateAlert(db: Kysely<Database>, token: string) {
  if (!RATE_ALERT_TOKEN.test(token)) throw notFound('Alert');
  const row = await db
    .updateTable('rate_alerts')
    .set({ confirmed_at: sql<Date>`coalesce(confirmed_at, now())` })
    .where('token', '=', token)
    .where('unsubscribed_at', 'is', null)
    .returning(['metal', 'purity', 'below_paise'])
    .executeTakeFirst();
  if (!row) throw notFound('Alert');
  return {
    message: `Alert confirmed: we will e-mail you once when ${purityLabel(row.metal, row.purity)} is below ${rupeesPerGram(row.below_paise)}.`,
  };
}

/** The one-click unsubscribe link (no login). */
export async function unsubscribeRateAlert(db: Kysely<Database>, token: string) {
  await endAlertByToken(db, 'rate_alerts', token, RATE_ALERT_TOKEN);
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
