import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { bulkEditChange, type BulkEditView } from '@kanak/shared';
import { notFound } from '../../common';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const REFUSALS_SHOWN = 100;

/** A bulk edit as its progress bar reads it; null when there is none of that id. */
export async function bulkEditOf(db: Kysely<Database>, id: string): Promise<BulkEditView | null> {
  if (!UUID.test(id)) return null;
  const row = await db.selectFrom('bulk_edits').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const refusedRows = db
    .selectFrom('bulk_edit_products as b')
    .where('b.bulk_edit_id', '=', id)
    .where('b.refused', 'is not', null);
  const [count, refusals] = await Promise.all([
    refusedRows.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    refusedRows
      .innerJoin('products as p', 'p.id', 'b.product_id')
      .select(['b.product_id', 'p.sku', 'b.refused'])
      .orderBy('p.sku')
      .limit(REFUSALS_SHOWN)
      .execute(),
  ]);
  return {
    id: row.id,
    state: row.state,
    progress: row.total === 0 ? 100 : Math.floor((Math.min(row.done, row.total) * 100) / row.total),
    total: row.total,
    done: row.done,
    changed: row.changed,
    refused: Number(count.n),
    refusals: refusals.map((r) => ({
      productId: r.product_id,
      sku: r.sku,
      reason: r.refused ?? '',
    })),
    change: bulkEditChange.parse(row.change),
    createdAt: new Date(row.created_at).toISOString(),
    undoneAt: row.undone_at ? new Date(row.undone_at).toISOString() : null,
  };
}

/** GET /api/admin/catalogue/bulk-edits/{id}. */
export async function bulkEditProgress(db: Kysely<Database>, id: string): Promise<BulkEditView> {
  const view = await bulkEditOf(db, id);
  if (!view) throw notFound(`No bulk edit ${id}`);
  return view;
}
