import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface CaughtMail {
  to: string;
  subject: string;
  messageId: string;
  /** X-Kanak-Notification: event + recipient + kind. */
  key: string;
  html: string;
  text: string;
  attachments: { filename: string; contentType: string; size: number }[];
  parsed: ParsedMail;
}

export interface TestSmtp {
  port: number;
  url: string;
  mails: CaughtMail[];
  /** Stops taking connections (the mail server is "down"); start() brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** A real SMTP server (smtp-server) that parses every accepted mail with mailparser. */
export async function startTestSmtp(port = 0): Promise<TestSmtp> {
  const mails: CaughtMail[] = [];
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
            mails.push({
              to: to?.value[0]?.address ?? '',
              subject: parsed.subject ?? '',
              messageId: parsed.messageId ?? '',
              key: String(parsed.headers.get('x-kanak-notification') ?? ''),
              html: typeof parsed.html === 'string' ? parsed.html : '',
              text: parsed.text ?? '',
              attachments: parsed.attachments.map((a) => ({
                filename: a.filename ?? '',
                contentType: a.contentType,
                size: a.size,
              })),
              parsed,
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
  let server = make();
  const listen = () =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () =>
        resolve((server.server.address() as AddressInfo).port),
      );
    });
  port = await listen();
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async start() {
      server = make();
      await listen();
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
