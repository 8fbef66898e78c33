import * as z from 'zod/mini';

/**
 * How the Messages page groups a mail's stored status: `pending` is every mail not yet given to
 * the mail server or in flight (pending, queued, connecting, sending); `unknown` is a send whose
 * outcome was lost (the server may or may not have accepted it).
 */
export const MESSAGE_GROUPS = ['sent', 'failed', 'pending', 'unknown'] as const;
export type MessageGroup = (typeof MESSAGE_GROUPS)[number];

export const MESSAGES_PAGE_SIZE = 25;

export const adminMessagesInput = z.object({
  status: z.optional(
    z.enum(MESSAGE_GROUPS, { error: 'status must be one of sent, failed, pending, unknown' }),
  ),
  page: z.optional(
    z.coerce
      .number('page must be a whole number')
      .check(
        z.int('page must be a whole number'),
        z.minimum(1, 'page must be 1 or more'),
        z.maximum(10_000, 'page must be at most 10000'),
      ),
  ),
});
export type AdminMessagesInput = z.infer<typeof adminMessagesInput>;

export const adminMessageRow = z.object({
  id: z.number(),
  kind: z.string(),
  recipient: z.string(),
  /** Known once rendered (a mail not yet tried has none). */
  subject: z.nullable(z.string()),
  /** The stored status (pending, queued, connecting, sending, sent, failed, unknown). */
  status: z.string(),
  group: z.enum(MESSAGE_GROUPS),
  attempts: z.number(),
  lastError: z.nullable(z.string()),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
});
export type AdminMessageRow = z.infer<typeof adminMessageRow>;

export const adminMessagesView = z.object({
  counts: z.object({
    sent: z.number(),
    failed: z.number(),
    pending: z.number(),
    unknown: z.number(),
  }),
  messages: z.array(adminMessageRow),
  page: z.number(),
  totalPages: z.number(),
  /** Mails matching the filter (all mails without one). */
  total: z.number(),
});
export type AdminMessagesView = z.infer<typeof adminMessagesView>;
