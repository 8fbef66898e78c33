import { sql, type Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { BulkEditUndo } from '@kanak/shared';
import { conflict, notFound } from '../common';
import { repriceStatement } from '../pricing';
import { syncStockAlerts } from '../stock-alerts';
import {
  bulkEditOf,
  lockProducts,
  RESTORED_COLUMNS,
  sameVersion,
  snapshotProducts,
  type ProductSnapshot,
} from '../catalog';

const BATCH = 500;

export interface TouchedSinceOptions {
  now: ProductSnapshot;
  leftAt: string | null;
  leftStock: Record<string, number>;
  weights: Map<string, string>;
}

/** Why a product cannot be put back: something newer touched it (null when nothing did). */
function touchedSince({ now, leftAt, leftStock, weights }: TouchedSinceOptions): string | null {
  for (const [sizeId, stock] of Object.entries(leftStock)) {
    const current = now.stock[sizeId];
    if (current === undefined) return 'a size was removed since the bulk edit';
    if (current !== stock)
      return `stock of ${weights.get(sizeId) ?? 'a size'} is ${current}, not the ${stock} the bulk edit left (a sale or another change since); kept as it is`;
  }
  if (leftAt !== null && !sameVersion(now.updatedAt, leftAt))
    return 'the product was saved after the bulk edit; kept as it is';
  return null;
}

/**
 * POST /api/admin/catalogue/bulk-edits/{id}/undo: puts back each product the edit changed, as
 * long as nothing newer touched it (a save, a sale or restock, another bulk edit); those are
 * refused one by one with the reason, and keep what they hold now (a sale's stock stays sold).
 * It puts back prices and stock across catalog, pricing and stock alerts, so it lives with the flows.
 */
export async function undoBulkEdit(db: Kysely<Database>, id: string): Promise<BulkEditUndo> {
  const edit = await bulkEditOf(db, id);
  if (!edit) throw notFound(`No bulk edit ${id}`);
  if (edit.state !== 'done')
    throw conflict('This bulk edit is still running: undo it once it is done');
  if (edit.undoneAt) throw conflict('This bulk edit was already undone');
  const result: BulkEditUndo = { undone: 0, refused: [] };
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await db
      .selectFrom('bulk_edit_products')
      .select(['product_id', 'before', 'after_updated_at', 'after_stock'])
      .where('bulk_edit_id', '=', id)
      .where('changed', '=', true)
      .where('undone', '=', false)
      .where('product_id', '>', after)
      .orderBy('product_id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.product_id;
    await db.transaction().execute(async (trx) => {
      const ids = rows.map((r) => r.product_id);
      await lockProducts(trx, ids);
      const now = await snapshotProducts(trx, ids);
      const sizes = await trx
        .selectFrom('product_sizes')
        .select(['id', 'weight'])
        .where(sql<boolean>`product_id = any(${ids}::uuid[])`)
        .execute();
      const weights = new Map(sizes.map((s) => [s.id, s.weight]));
      const skus = new Map(
        (
          await trx
            .selectFrom('products')
            .select(['id', 'sku'])
            .where(sql<boolean>`id = any(${ids}::uuid[])`)
            .execute()
        ).map((p) => [p.id, p.sku]),
      );
      const restored: string[] = [];
      const restocked: string[] = [];
      for (const row of rows) {
        const current = now.get(row.product_id);
        const before = row.before as ProductSnapshot | null;
        const reason =
          !current || !before
            ? 'the product is gone'
            : touchedSince({
                now: current,
                leftAt: row.after_updated_at ? new Date(row.after_updated_at).toISOString() : null,
                leftStock: row.after_stock ?? {},
                weights,
              });
        if (reason || !before) {
          result.refused.push({
            productId: row.product_id,
            sku: skus.get(row.product_id) ?? '',
            reason: reason ?? 'nothing to restore',
          });
          continue;
        }
        const columns = Object.fromEntries(RESTORED_COLUMNS.map((c) => [c, before.columns[c]]));
        await trx
          .updateTable('products')
          .set({
            ...columns,
            updated_at: sql<Date>`greatest(now(), updated_at + interval '1 millisecond')`,
          })
          .where('id', '=', row.product_id)
          .execute();
        for (const [sizeId, stock] of Object.entries(before.stock)) {
          if (current!.stock[sizeId] === stock) continue;
          // Checked above: the stock is still what the edit left, so putting it back undoes no sale.
          await trx.updateTable('product_sizes').set({ stock }).where('id', '=', sizeId).execute();
          if (stock > 0 && current!.stock[sizeId] === 0) restocked.push(sizeId);
        }
        restored.push(row.product_id);
      }
      if (restored.length) {
        await repriceStatement(sql`SELECT unnest(${restored}::uuid[])`).execute(trx);
        await trx
          .updateTable('bulk_edit_products')
          .set({ undone: true })
          .where('bulk_edit_id', '=', id)
          .where(sql<boolean>`product_id = any(${restored}::uuid[])`)
          .execute();
      }
      if (restocked.length) await syncStockAlerts(trx, restocked);
      result.undone += restored.length;
    });
  }
  await db.updateTable('bulk_edits').set({ undone_at: new Date() }).where('id', '=', id).execute();
  return result;
}
