import { z } from 'zod';
import { envFlag } from './env-values';

/**
 * Mail settings server and worker both read (README, "Messages"): the server for the production
 * guard, the worker to send. SMTP_URL unset outside production: mails wait as pending.
 */
export const mailEnvShape = {
  /** smtp://user:pass@host:587 or smtps://…:465; `pnpm start` points it at its mail catcher. */
  SMTP_URL: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(z.url({ protocol: /^smtps?$/, error: 'expected smtp://… or smtps://…' }).optional())
    .optional(),
  MAIL_FROM: z.string().trim().min(3).default('Kanak Jewellers <orders@kanak.shop>'),
  /** Production without SMTP_URL refuses to start unless this is set on purpose. */
  MAIL_DISABLED: envFlag.default(false),
  /** DKIM signing, passed to nodemailer as they are; all three or none. */
  MAIL_DKIM_DOMAIN: z.string().trim().optional(),
  MAIL_DKIM_SELECTOR: z.string().trim().optional(),
  MAIL_DKIM_PRIVATE_KEY: z.string().optional(),
  /**
   * The shop's public origin: payment return links, upload URLs and every mail link (see
   * mailLinkBase). Required in production; unset elsewhere, mails link to HOST:PORT.
   */
  PUBLIC_URL: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(z.url().optional())
    .optional(),
  /** Mail links only, when they must differ from PUBLIC_URL; unset (or empty): PUBLIC_URL. */
  MAIL_LINK_BASE_URL: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(z.url().optional())
    .optional(),
  /** Longest wait between two tries while the mail server refuses or is down. */
  MAIL_RETRY_MAX_MS: z.coerce.number().int().min(100).max(3_600_000).default(300_000),
  /** Tries before a mail is marked failed (the Messages page can send it again). */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(1000).default(100),
};

export interface MailSettings {
  NODE_ENV: 'development' | 'production' | 'test';
  SMTP_URL?: string | undefined;
  MAIL_FROM: string;
  MAIL_DISABLED: boolean;
  MAIL_DKIM_DOMAIN?: string | undefined;
  MAIL_DKIM_SELECTOR?: string | undefined;
  MAIL_DKIM_PRIVATE_KEY?: string | undefined;
  PUBLIC_URL?: string | undefined;
  MAIL_LINK_BASE_URL?: string | undefined;
  MAIL_RETRY_MAX_MS: number;
  MAIL_MAX_ATTEMPTS: number;
}

/** Production without a mail server, unless mail is off on purpose: the reason, or none. */
export function mailProblems(settings: MailSettings): string[] {
  if (settings.NODE_ENV !== 'production' || settings.SMTP_URL || settings.MAIL_DISABLED) return [];
  return [
    'SMTP_URL is not set, so no order, reset or shipping mail would reach anyone; set SMTP_URL, or MAIL_DISABLED=true to run without mail on purpose',
  ];
}

/** Mail off on purpose in production is said loudly at start-up. */
export function warnMailDisabled(settings: MailSettings, warn: (m: string) => void = console.warn) {
  if (settings.NODE_ENV !== 'production' || settings.SMTP_URL || !settings.MAIL_DISABLED) return;
  warn(
    'WARNING: MAIL_DISABLED=true: no e-mail is sent (order confirmations, password resets, back-in-stock). Mails are kept as pending on the Messages page.',
  );
}
