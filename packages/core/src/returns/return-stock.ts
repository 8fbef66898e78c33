import type { Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import { announceRestocks } from '../stock-alerts/restock-mails';

/**
 * Puts the returned lines' pieces back on their size rows (rows no longer sold are skipped),
 * in id order as the order ledger does. Called once, by the refund move.
 */
export async function returnStock(
  trx: Transaction<Database>,
  orderItemIds: readonly string[],
): Promise<void> {
  if (orderItemIds.length === 0) return;
  const lines = await trx
    .selectFrom('order_items')
    .select(['size_id', 'quantity'])
    .where('id', 'in', orderItemIds)
    .where('size_id', 'is not', null)
    .orderBy('size_id')
    .execute();
  const bySize = new Map<string, number>();
  for (const l of lines) bySize.set(l.size_id!, (bySize.get(l.size_id!) ?? 0) + l.quantity);
  for (const [sizeId, quantity] of bySize)
    await trx
      .updateTable('product_sizes')
      .set((eb) => ({ stock: eb('stock', '+', quantity) }))
      .where('id', '=', sizeId)
      .execute();
  await announceRestocks(trx, [...bySize.keys()]);
}
