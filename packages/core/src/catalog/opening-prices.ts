import { sql, type Kysely } from 'kysely';
import type { Database } from '@kanak/db';

/**
 * After stock moved (a sale, a cancellation giving stock back): the stored prices of the
 * metal-priced products among `productIds` become their opening size's again (the first in
 * stock), so listings sort and filter by the price their cards show. Its own short
 * statement after the stock's transaction, never inside it: it locks product rows, which a
 * payment holding size rows must not wait for (the lock order of admin saves is product first).
 */
export async function settleOpeningPrices(
  db: Kysely<Database>,
  productIds: readonly string[],
): Promise<number> {
  if (productIds.length === 0) return 0;
  const { rows } = await sql<{ n: number }>`
    SELECT settle_opening_prices(${[...productIds]}::uuid[]) AS n`.execute(db);
  return rows[0]?.n ?? 0;
}
