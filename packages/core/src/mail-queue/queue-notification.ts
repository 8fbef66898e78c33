import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { NotificationKind } from './kinds';

export interface NotificationIntent {
  kind: NotificationKind;
  recipient: string;
  /** The event that causes it (an order event's id, a reset request…): with recipient and kind, the idempotency key. */
  eventKey: string;
  userId?: string | null;
  orderId?: string | null;
  /** What the template needs beyond what it reads at send time. */
  payload?: Record<string, unknown>;
}

export const notificationKey = (i: Pick<NotificationIntent, 'eventKey' | 'recipient' | 'kind'>) =>
  `${i.eventKey}|${i.recipient.trim().toLowerCase()}|${i.kind}`;

/**
 * Writes a mail in the caller's transaction (the event's own): it is sent only if the event
 * commits, and a second write of the same event keeps the first row. Answers the row's id, or
 * null when it was already there. A batch of one (queueNotifications).
 */
export async function queueNotification(
  db: Kysely<Database>,
  intent: NotificationIntent,
): Promise<number | null> {
  const [id] = await queueNotifications(db, [intent]);
  return id ?? null;
}

/**
 * Writes mails in one statement (one event's, or a batch of events in one transaction), each kept
 * once by its idempotency key. Answers the ids of the rows written (not those already there).
 */
export async function queueNotifications(
  db: Kysely<Database>,
  intents: readonly NotificationIntent[],
): Promise<number[]> {
  if (intents.length === 0) return [];
  const rows = await db
    .insertInto('notifications')
    .values(
      intents.map((intent) => ({
        idempotency_key: notificationKey(intent),
        kind: intent.kind,
        recipient: intent.recipient.trim(),
        user_id: intent.userId ?? null,
        order_id: intent.orderId ?? null,
        payload: JSON.stringify(intent.payload ?? {}),
      })),
    )
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
