import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { DomainError } from '../common';
import { SendFailure, type MailTransport } from './mail-transport';
import { renderNotification, type RenderOptions } from './render-notification';
import type { ShopIdentity } from './templates/layout';
import type { SellerDetails } from '../invoices';

export interface SendDeps {
  db: Kysely<Database>;
  transport: MailTransport;
  shop: ShopIdentity;
  /** Prints the tax invoice the order mails attach. */
  seller: SellerDetails;
  /** Attachments of the mails whose documents live above notifications (a scheme receipt). */
  attach?: RenderOptions['attach'];
  /** The Message-ID's domain (MAIL_FROM's). */
  domain: string;
  retryMaxMs: number;
  maxAttempts: number;
  /** A row left "connecting" this long (its sender died before the end of data) may be sent again. */
  leaseMs: number;
}

export type SendResult = 'sent' | 'retry' | 'failed' | 'unknown' | 'skipped';

export const mailBackoffMs = (attempts: number, maxMs: number) =>
  Math.min(maxMs, 1000 * 2 ** Math.max(0, attempts - 1));

/** Kinds whose payload holds a secret (the reset link): kept only until the mail left. */
const SECRET_PAYLOAD = new Set(['password-reset']);

/**
 * Sends one notification at most once. Its row records each step: "connecting" before the
 * SMTP conversation (a sender that dies here never reached the end of data, so the row is sent
 * again after the lease), "sending" just before the end of data (a sender that dies here may
 * have been accepted: the row becomes "unknown" and is never sent again by itself), then "sent".
 * A refusal or an unreachable server puts it back to pending with a backoff.
 */
export async function sendNotification(deps: SendDeps, id: number): Promise<SendResult> {
  const { db } = deps;
  const claimed = await db
    .updateTable('notifications')
    .set({ status: 'connecting', attempts: sql<number>`attempts + 1`, queued_at: new Date() })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['pending', 'queued']),
        eb.and([
          eb('status', '=', 'connecting'),
          eb('queued_at', '<', sql<Date>`now() - ${deps.leaseMs} * interval '1 millisecond'`),
        ]),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
  if (!claimed) {
    // A sender died after starting the end of data: it may have arrived, so it is not sent again.
    const marked = await db
      .updateTable('notifications')
      .set({
        status: 'unknown',
        last_error:
          'the sender stopped while the mail server was taking it: it may have arrived; not sent again',
      })
      .where('id', '=', id)
      .where('status', '=', 'sending')
      .executeTakeFirst();
    return Number(marked.numUpdatedRows) ? 'unknown' : 'skipped';
  }
  const messageId = `<n${claimed.id}.${createHash('sha256').update(claimed.idempotency_key).digest('hex').slice(0, 16)}@${deps.domain}>`;
  let mail;
  try {
    mail = await renderNotification(db, claimed, deps);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    await db
      .updateTable('notifications')
      .set({ status: 'failed', last_error: error.message })
      .where('id', '=', id)
      .execute();
    return 'failed';
  }
  try {
    const info = await deps.transport.send(
      { ...mail, to: claimed.recipient, messageId, idempotencyKey: claimed.idempotency_key },
      async () => {
        const moved = await db
          .updateTable('notifications')
          .set({ status: 'sending', subject: mail.subject, message_id: messageId })
          .where('id', '=', id)
          .where('status', '=', 'connecting')
          .executeTakeFirst();
        // Someone else took the row over (its lease ran out): abort before the end of data.
        if (!Number(moved.numUpdatedRows))
          throw new Error('the row was taken over by another sender');
      },
    );
    await db
      .updateTable('notifications')
      .set({
        status: 'sent',
        sent_at: new Date(),
        last_error: null,
        message_id: messageId,
        subject: mail.subject,
        ...(SECRET_PAYLOAD.has(claimed.kind) ? { payload: JSON.stringify({ sent: true }) } : {}),
      })
      .where('id', '=', id)
      .execute();
    void info;
    return 'sent';
  } catch (error) {
    const failure =
      error instanceof SendFailure ? error : new SendFailure((error as Error).message, null, false);
    if (failure.outcomeUnknown) {
      await db
        .updateTable('notifications')
        .set({ status: 'unknown', last_error: `outcome unknown: ${failure.message}` })
        .where('id', '=', id)
        .execute();
      return 'unknown';
    }
    const permanent = (failure.responseCode ?? 0) >= 500 || claimed.attempts >= deps.maxAttempts;
    await db
      .updateTable('notifications')
      .set({
        status: permanent ? 'failed' : 'pending',
        last_error: failure.responseCode
          ? `${failure.responseCode}: ${failure.message}`
          : failure.message,
        next_attempt_at: sql<Date>`now() + ${mailBackoffMs(claimed.attempts, deps.retryMaxMs)} * interval '1 millisecond'`,
      })
      .where('id', '=', id)
      .where('status', 'in', ['connecting', 'sending'])
      .execute();
    return permanent ? 'failed' : 'retry';
  }
}
