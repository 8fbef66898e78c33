import { sql, type Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import { notificationKey } from '../mail-queue';

/**
 * A size at 0 stock arms its alerts again (notified_at cleared), so the next restock mails
 * those who did not unsubscribe. Called by whatever takes stock, in its transaction, for the
 * size rows it holds locked (so two transactions never update the same alerts in other orders).
 */
export async function rearmStockAlerts(
  trx: Transaction<Database>,
  sizeIds: readonly string[],
): Promise<void> {
  if (sizeIds.length === 0) return;
  await sql`UPDATE stock_alerts a SET notified_at = NULL
    FROM product_sizes s
    WHERE s.id IN (${sql.join(sizeIds)}) AND s.stock = 0
      AND a.product_id = s.product_id AND a.weight = s.weight AND a.notified_at IS NOT NULL`.execute(
    trx,
  );
}

/**
 * A size in stock whose active alerts have not been mailed since it sold out: one back-in-stock
 * mail per alert, written in the stock change's transaction (sent only if it commits). The key
 * names the alert and this restock's time, so a restock mails each once and a later one again.
 * Answers how many mails were written.
 */
export async function announceRestocks(
  trx: Transaction<Database>,
  sizeIds: readonly string[],
): Promise<number> {
  if (sizeIds.length === 0) return 0;
  const { rows } = await sql<{
    id: string;
    email: string;
    user_id: string | null;
    token: string;
    product_id: string;
    weight: string;
    title: string;
    at: string;
  }>`UPDATE stock_alerts a SET notified_at = now()
    FROM product_sizes s JOIN products p ON p.id = s.product_id
    WHERE s.id IN (${sql.join(sizeIds)}) AND s.stock > 0
      AND a.product_id = s.product_id AND a.weight = s.weight
      AND a.notified_at IS NULL AND a.unsubscribed_at IS NULL
    RETURNING a.id, a.email, a.user_id, a.token, a.product_id, a.weight, p.title,
      (extract(epoch FROM now()) * 1000000)::bigint::text AS at`.execute(trx);
  if (rows.length === 0) return 0;
  const values = rows.map((r) => ({
    idempotency_key: notificationKey({
      eventKey: `restock:${r.id}:${r.at}`,
      recipient: r.email,
      kind: 'back-in-stock',
    }),
    kind: 'back-in-stock',
    recipient: r.email.trim(),
    user_id: r.user_id,
    payload: JSON.stringify({
      title: r.title,
      weight: r.weight,
      productId: r.product_id,
      unsubscribeToken: r.token,
    }),
  }));
  // Chunks keep each statement well under PostgreSQL's parameter limit.
  for (let i = 0; i < values.length; i += 1000)
    await trx
      .insertInto('notifications')
      .values(values.slice(i, i + 1000))
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .execute();
  return rows.length;
}

/** Both, for a change that may move a size either way (an admin's save). */
export async function syncStockAlerts(
  trx: Transaction<Database>,
  sizeIds: readonly string[],
): Promise<number> {
  await rearmStockAlerts(trx, sizeIds);
  return announceRestocks(trx, sizeIds);
}
