import { sql, type Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { notFound } from '../common';

export interface EndAlertByTokenOptions {
  table: 'rate_alerts' | 'stock_alerts';
  token: string;
  pattern: RegExp;
}

/**
 * A mail's one-click unsubscribe (no login) for the alert tables: the alert ends once, and
 * asking again answers the same. A token that is not one we made (a mangled link, a NUL
 * PostgreSQL would refuse) is no such alert.
 */
export async function endAlertByToken(
  db: Kysely<Database>,
  { table, token, pattern }: EndAlertByTokenOptions,
): Promise<void> {
  if (!pattern.test(token)) throw notFound('Alert');
  const row = await db
    .updateTable(table)
    .set({ unsubscribed_at: sql<Date>`coalesce(unsubscribed_at, now())` })
    .where('token', '=', token)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw notFound('Alert');
}
