import type { Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import { announceRestocks } from '../stock-alerts';

/**
 * Puts the returned pieces back on their size rows (rows no longer sold are skipped), in id
 * order as the order ledger does: `pieces` is how many of each order line came back. Called
 * once, by the refund move.
 */
export async function returnStock(
  trx: Transaction<Database>,
  pieces: ReadonlyMap<string, number>,
): Promise<void> {
  if (pieces.size === 0) return;
  const rows = await trx
    .selectFrom('order_items')
    .select(['id', 'size_id'])
    .where('id', 'in', [...pieces.keys()])
    .where('size_id', 'is not', null)
    .orderBy('size_id')
    .execute();
  const bySize = new Map<string, number>();
  for (const l of rows)
    bySize.set(l.size_id!, (bySize.get(l.size_id!) ?? 0) + (pieces.get(l.id) ?? 0));
  for (const [sizeId, quantity] of bySize)
    await trx
      .updateTable('product_sizes')
      .set((eb) => ({ stock: eb('stock', '+', quantity) }))
      .where('id', '=', sizeId)
      .execute();
  await announceRestocks(trx, [...bySize.keys()]);
}
