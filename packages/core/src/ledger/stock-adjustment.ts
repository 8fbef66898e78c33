import type { Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import { stockEdit, stockMovedMessage, type StockEditRow, type StockMove } from '@kanak/shared';
import { conflict } from '../common/errors';

/** A size row of a product save: its weight as stored ("5 g") and the stock edit it carries. */
export interface SizeStockEdit extends StockEditRow {
  weight: string;
}

/**
 * An admin's save of one product's stock figures, on the size rows that already exist (rows of
 * new weights are inserted with their stock by the catalog). Each row is decided by stockEdit
 * against the stored figure, under a row lock, so a payment taking stock either lands before
 * (and is seen) or waits until the save is done (and is applied on top).
 *
 * Every size row of the product is locked, in id order as payment confirmation locks them, so a
 * save that then deletes dropped weights cannot deadlock with a payment; FOR NO KEY UPDATE as
 * theirs, so a checkout's foreign-key checks (FOR KEY SHARE) are not waited for.
 *
 * Refuses with CONFLICT (nothing written) when a stock the admin changed moved meanwhile; the
 * details carry each such row's weight, the loaded and the current figure.
 */
export async function adjustStockForEdit(
  trx: Transaction<Database>,
  productId: string,
  rows: readonly SizeStockEdit[],
): Promise<void> {
  const stored = await trx
    .selectFrom('product_sizes')
    .select(['id', 'weight', 'stock'])
    .where('product_id', '=', productId)
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
  const byWeight = new Map(stored.map((row) => [row.weight, row]));
  const writes: { id: string; stock: number }[] = [];
  const moves: StockMove[] = [];
  for (const row of rows) {
    const current = byWeight.get(row.weight);
    if (!current) continue;
    const edit = stockEdit(current.stock, row);
    if (edit.kind === 'moved')
      moves.push({ weight: row.weight, loaded: edit.loaded, current: edit.current });
    else if (edit.kind === 'set') writes.push({ id: current.id, stock: edit.stock });
  }
  if (moves.length > 0) throw conflict(stockMovedMessage(moves), { stock: moves });
  for (const write of writes) {
    await trx
      .updateTable('product_sizes')
      .set({ stock: write.stock })
      .where('id', '=', write.id)
      .execute();
  }
}
