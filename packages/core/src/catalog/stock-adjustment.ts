import { sql, type Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import { stockEdit, stockMovedMessage, type StockEditRow, type StockMove } from '@kanak/shared';
import { conflict } from '../common';

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
  await adjustStockForEdits(trx, [{ productId, rows }]);
}

/**
 * adjustStockForEdit of several products' saves at once (an import's batch): their size rows are
 * locked together in id order, each decided alike, and written in one statement. The first
 * product whose stock moved refuses them all (the caller's transaction rolls back).
 */
export async function adjustStockForEdits(
  trx: Transaction<Database>,
  edits: readonly { productId: string; rows: readonly SizeStockEdit[] }[],
): Promise<void> {
  if (edits.length === 0) return;
  const stored = await trx
    .selectFrom('product_sizes')
    .select(['id', 'product_id', 'weight', 'stock'])
    .where(
      'product_id',
      'in',
      edits.map((e) => e.productId),
    )
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
  const key = (productId: string, weight: string) => `${productId}\n${weight}`;
  const byKey = new Map(stored.map((row) => [key(row.product_id, row.weight), row]));
  const writes: { id: string; stock: number }[] = [];
  for (const { productId, rows } of edits) {
    const moves: StockMove[] = [];
    for (const row of rows) {
      const current = byKey.get(key(productId, row.weight));
      if (!current) continue;
      const edit = stockEdit(current.stock, row);
      if (edit.kind === 'moved')
        moves.push({ weight: row.weight, loaded: edit.loaded, current: edit.current });
      else if (edit.kind === 'set') writes.push({ id: current.id, stock: edit.stock });
    }
    if (moves.length > 0) throw conflict(stockMovedMessage(moves), { stock: moves });
  }
  if (writes.length === 0) return;
  await sql`
    UPDATE product_sizes AS s SET stock = w.stock
    FROM jsonb_to_recordset(${JSON.stringify(writes)}::jsonb) AS w(id uuid, stock integer)
    WHERE s.id = w.id`.execute(trx);
}
