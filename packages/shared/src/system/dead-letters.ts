import * as z from 'zod/mini';
import { textField } from '../validation/db-values';

/** A dead letter, as the admin names it in a path: its number. */
export const deadLetterRefInput = z.object({
  deadLetterId: textField('deadLetterId is required').check(
    z.regex(/^[1-9]\d{0,17}$/, 'deadLetterId must be a positive whole number'),
  ),
});
export type DeadLetterRefInput = z.infer<typeof deadLetterRefInput>;

export const deadLetterRow = z.object({
  id: z.string(),
  queue: z.string(),
  /** The order the job was about (payments and moves name one). */
  orderId: z.nullable(z.string()),
  /** Why its last attempt failed. */
  reason: z.string(),
  attempts: z.number(),
  /** When it was dead-lettered. */
  failedAt: z.string(),
  /** Null while open. */
  resolution: z.nullable(z.enum(['retried', 'dismissed'])),
  resolvedBy: z.nullable(z.object({ id: z.string(), email: z.string() })),
  resolvedAt: z.nullable(z.string()),
  /** The job a retry added (null when the work had already been done since). */
  retryJobId: z.nullable(z.string()),
});
export type DeadLetterRow = z.infer<typeof deadLetterRow>;

export const deadLettersView = z.object({
  /** Failed after their last attempt and not yet retried or dismissed, oldest first. */
  open: z.array(deadLetterRow),
  /** The 20 last resolved, newest first. */
  resolved: z.array(deadLetterRow),
});
export type DeadLettersView = z.infer<typeof deadLettersView>;
