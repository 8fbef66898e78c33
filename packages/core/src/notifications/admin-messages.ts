import { sql, type Kysely } from 'kysely';
import type { Database, NotificationStatus } from '@kanak/db';
import {
  MESSAGES_PAGE_SIZE,
  type AdminMessagesInput,
  type AdminMessagesView,
  type MessageGroup,
} from '@kanak/shared';

/** Stored statuses behind each group the Messages page shows. */
const GROUP_STATUSES: Record<MessageGroup, NotificationStatus[]> = {
  sent: ['sent'],
  failed: ['failed'],
  // Not yet accepted by the mail server and not given up on: waiting, handed to the queue, or in flight.
  pending: ['pending', 'queued', 'connecting', 'sending'],
  unknown: ['unknown'],
};

const groupOf = (status: NotificationStatus): MessageGroup =>
  (Object.keys(GROUP_STATUSES) as MessageGroup[]).find((group) =>
    GROUP_STATUSES[group].includes(status),
  ) ?? 'pending';

/** The Messages page: mails counted by group and the newest first, one page, filtered by group. */
export async function listAdminMessages(
  db: Kysely<Database>,
  input: AdminMessagesInput,
): Promise<AdminMessagesView> {
  const statuses = input.status ? GROUP_STATUSES[input.status] : null;
  const [byStatus, matching] = await Promise.all([
    db
      .selectFrom('notifications')
      .select(['status', sql<string>`count(*)`.as('n')])
      .groupBy('status')
      .execute(),
    db
      .selectFrom('notifications')
      .select(sql<string>`count(*)`.as('n'))
      .$if(statuses !== null, (q) => q.where('status', 'in', statuses!))
      .executeTakeFirstOrThrow(),
  ]);
  const counts = { sent: 0, failed: 0, pending: 0, unknown: 0 };
  for (const row of byStatus) counts[groupOf(row.status)] += Number(row.n);
  const total = Number(matching.n);
  const totalPages = Math.max(1, Math.ceil(total / MESSAGES_PAGE_SIZE));
  const page = Math.min(input.page ?? 1, totalPages);
  const rows = await db
    .selectFrom('notifications')
    .select([
      'id',
      'kind',
      'recipient',
      'subject',
      'status',
      'attempts',
      'last_error',
      'created_at',
      'sent_at',
    ])
    .$if(statuses !== null, (q) => q.where('status', 'in', statuses!))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(MESSAGES_PAGE_SIZE)
    .offset((page - 1) * MESSAGES_PAGE_SIZE)
    .execute();
  return {
    counts,
    total,
    page,
    totalPages,
    messages: rows.map((row) => ({
      id: Number(row.id),
      kind: row.kind,
      recipient: row.recipient,
      subject: row.subject,
      status: row.status,
      group: groupOf(row.status),
      attempts: row.attempts,
      lastError: row.last_error,
      createdAt: row.created_at.toISOString(),
      sentAt: row.sent_at?.toISOString() ?? null,
    })),
  };
}
