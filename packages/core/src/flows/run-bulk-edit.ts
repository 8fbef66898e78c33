import { sql, type Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { bulkEditChange } from '@kanak/shared';
import {
  applyBulkChange,
  CHANGED_SINCE_CHECK,
  lockProducts,
  productVersions,
  snapshotProducts,
} from '../catalog';

/** Why the worker leaves a product that moved after the preview (a save, a sale, another edit). */
export const MOVED_SINCE_PREVIEW = `${CHANGED_SINCE_CHECK}: saved, sold or edited after the preview`;

export interface BulkEditOutcome {
  bulkEditId: string;
  state: 'done' | 'failed';
  changed: number;
}

/**
 * The worker's job: applies a bulk edit in batches of `batchSize` products, each batch one
 * transaction that records, per product, what it replaced and what it left, and moves the
 * batch's progress. Each batch is checked again against the preview: a product that moved since
 * (its version is not the one the preview read) is refused with the reason and left as it is,
 * and the others go on. A crash resumes with the products not yet applied; a re-run of a
 * finished one does nothing. Its writes are products' prices and stock (catalog's bulk rule,
 * with the repricing and stock alerts), so it lives with the flows.
 */
export async function runBulkEdit(
  db: Kysely<Database>,
  bulkEditId: string,
  options: { batchSize?: number; afterBatch?: () => Promise<void> } = {},
): Promise<BulkEditOutcome> {
  const batchSize = options.batchSize ?? 500;
  let changedTotal = 0;
  for (;;) {
    const step = await db.transaction().execute(async (trx) => {
      const edit = await trx
        .selectFrom('bulk_edits')
        .select(['state', 'change', 'changed'])
        .where('id', '=', bulkEditId)
        .forUpdate()
        .executeTakeFirst();
      if (!edit) return { finished: 'failed' as const };
      if (edit.state === 'done' || edit.state === 'failed') return { finished: edit.state };
      const rows = await trx
        .selectFrom('bulk_edit_products')
        .select(['product_id', 'checked_version'])
        .where('bulk_edit_id', '=', bulkEditId)
        .where('applied', '=', false)
        .orderBy('product_id')
        .limit(batchSize)
        .execute();
      if (rows.length === 0) {
        await trx
          .updateTable('bulk_edits')
          .set({ state: 'done', finished_at: sql<Date>`clock_timestamp()` })
          .where('id', '=', bulkEditId)
          .execute();
        return { finished: 'done' as const };
      }
      await lockProducts(
        trx,
        rows.map((r) => r.product_id),
      );
      // The product-write rule, per batch: only what the preview saw is changed.
      const now = await productVersions(
        trx,
        rows.map((r) => r.product_id),
      );
      const moved = rows.filter(
        (r) => r.checked_version !== null && now[r.product_id] !== r.checked_version,
      );
      if (moved.length)
        await trx
          .updateTable('bulk_edit_products')
          .set({ applied: true, changed: false, refused: MOVED_SINCE_PREVIEW })
          .where('bulk_edit_id', '=', bulkEditId)
          .where(
            'product_id',
            'in',
            moved.map((r) => r.product_id),
          )
          .execute();
      const refused = new Set(moved.map((r) => r.product_id));
      const ids = rows.map((r) => r.product_id).filter((id) => !refused.has(id));
      const before = await snapshotProducts(trx, ids);
      const { changed } = await applyBulkChange(trx, ids, bulkEditChange.parse(edit.change));
      const after = await snapshotProducts(trx, [...changed]);
      for (const id of ids) {
        const left = after.get(id);
        await trx
          .updateTable('bulk_edit_products')
          .set({
            applied: true,
            changed: changed.has(id),
            before: left ? JSON.stringify(before.get(id) ?? null) : null,
            after_updated_at: left?.updatedAt ?? null,
            after_stock: left ? JSON.stringify(left.stock) : null,
          })
          .where('bulk_edit_id', '=', bulkEditId)
          .where('product_id', '=', id)
          .execute();
      }
      await trx
        .updateTable('bulk_edits')
        .set({
          state: 'running',
          done: sql<number>`done + ${rows.length}`,
          changed: sql<number>`changed + ${changed.size}`,
        })
        .where('id', '=', bulkEditId)
        .execute();
      changedTotal += changed.size;
      return { finished: null };
    });
    if (step.finished) return { bulkEditId, state: step.finished, changed: changedTotal };
    await options.afterBatch?.();
  }
}
