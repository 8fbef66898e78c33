import { Readable } from 'node:stream';
import type { MailSettings } from '../config';
import { lazy } from '../common';
import type { RenderedMail } from './render-notification';

export interface OutgoingMail extends RenderedMail {
  to: string;
  /** <…@domain>: the same for every try of one notification. */
  messageId: string;
  /** For the test and the Messages page: event + recipient + kind. */
  idempotencyKey: string;
}

/** Why a send failed, and whether the mail server may have taken it anyway. */
export class SendFailure extends Error {
  constructor(
    message: string,
    /** The server answered with this refusal (4xx: try later; 5xx: never). */
    public readonly responseCode: number | null,
    /** The end of data was under way when the connection failed: it may have been delivered. */
    public readonly outcomeUnknown: boolean,
  ) {
    super(message);
  }
}

export interface MailTransport {
  /**
   * Sends one mail. `beforeEnd` runs (and is awaited) after the body is written and before the
   * end of data that commits the message at the server: the sender records "sending" there.
   */
  send(mail: OutgoingMail, beforeEnd: () => Promise<void>): Promise<{ response: string }>;
}

// nodemailer (about 13 MB resident) is loaded by the first mail sent, not by every process start.
const nodemailer = lazy(() => import('nodemailer').then((m) => m.default));
const smtpConnection = lazy(() => import('nodemailer/lib/smtp-connection').then((m) => m.default));

/** The display name of MAIL_FROM ("Kanak Jewellers <orders@…>" → "Kanak Jewellers"). */
export const fromName = (from: string) =>
  /^\s*"?([^"<]+?)"?\s*</.exec(from)?.[1] ?? 'Kanak Jewellers';
export const fromAddress = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

/**
 * SMTP through nodemailer: the message is built (and DKIM-signed) by nodemailer's stream
 * transport, then written over one SMTPConnection, whose body stream lets the sender record the
 * step before the server can accept it.
 */
export function createMailTransport(
  settings: Pick<
    MailSettings,
    'SMTP_URL' | 'MAIL_FROM' | 'MAIL_DKIM_DOMAIN' | 'MAIL_DKIM_SELECTOR' | 'MAIL_DKIM_PRIVATE_KEY'
  > & { SMTP_URL: string },
  timeoutMs = 30_000,
): MailTransport {
  const url = new URL(settings.SMTP_URL);
  const secure = url.protocol === 'smtps:';
  const dkim =
    settings.MAIL_DKIM_DOMAIN && settings.MAIL_DKIM_SELECTOR && settings.MAIL_DKIM_PRIVATE_KEY
      ? {
          domainName: settings.MAIL_DKIM_DOMAIN,
          keySelector: settings.MAIL_DKIM_SELECTOR,
          privateKey: settings.MAIL_DKIM_PRIVATE_KEY.replace(/\\n/g, '\n'),
        }
      : undefined;
  const builder = lazy(async () =>
    (await nodemailer()).createTransport({
      streamTransport: true,
      buffer: true,
      ...(dkim ? { dkim } : {}),
    }),
  );
  const auth = url.username
    ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
    : undefined;

  return {
    async send(mail, beforeEnd) {
      const [mailer, SMTPConnection] = await Promise.all([builder(), smtpConnection()]);
      const built = await mailer.sendMail({
        from: settings.MAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: mail.messageId,
        headers: { 'X-Kanak-Notification': mail.idempotencyKey },
        attachments: mail.attachments,
      });
      const raw = built.message as Buffer;
      const connection = new SMTPConnection({
        host: url.hostname,
        port: Number(url.port) || (secure ? 465 : 587),
        secure,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
      });
      let ending = false;
      const fail = (error: unknown) => {
        const e = error as Error & { responseCode?: number };
        const code = typeof e.responseCode === 'number' ? e.responseCode : null;
        return new SendFailure(e.message, code, ending && code === null);
      };
      try {
        await new Promise<void>((resolve, reject) => {
          connection.once('error', reject);
          connection.connect(() => resolve());
        });
        if (auth)
          await new Promise<void>((resolve, reject) =>
            connection.login(auth, (error) => (error ? reject(error) : resolve())),
          );
        // Read only after the server said "go ahead" (354): the body, then the record, then the end.
        let step = 0;
        const body = new Readable({
          read() {
            if (step++ === 0) {
              this.push(raw);
              return;
            }
            beforeEnd().then(
              () => {
                ending = true;
                this.push(null);
              },
              (error: Error) => this.destroy(error),
            );
          },
        });
        const info = await new Promise<{ response: string }>((resolve, reject) => {
          connection.once('error', reject);
          connection.send(
            { from: fromAddress(settings.MAIL_FROM), to: [mail.to] },
            body,
            (error, result) =>
              error ? reject(error) : resolve({ response: String(result.response ?? '') }),
          );
        });
        connection.quit();
        return info;
      } catch (error) {
        connection.close();
        throw error instanceof SendFailure ? error : fail(error);
      }
    },
  };
}
