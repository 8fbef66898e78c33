import { sql, type Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { ImportStatus, ImportSummary, ProductInput } from '@kanak/shared';
import { conflict, DomainError, notFound } from '../common/errors';
import { requireId } from '../common/ids';
import { writeOutbox } from '../outbox/outbox';
import type { OutboxRelay } from '../outbox/relay';
import { QUEUES } from '../queues/names';
import { insertProduct, rewriteProduct } from '../catalog/admin-products';
import { skuClash } from '../catalog/product-skus';
import { clearListingCounts } from '../catalog/listing-counts';

/** The outbox key of an import's apply: one job per import, however often Apply is pressed. */
export const importJobKey = (importId: string) => `catalogue-import-${importId}`;
/** Rows read per query by the apply (each is then saved in its own transaction). */
const APPLY_PAGE = 200;

/** GET /api/admin/catalogue/imports/{id}. */
export async function importStatus(db: Kysely<Database>, id: unknown): Promise<ImportStatus> {
  const importId = requireId(id, 'Import');
  const row = await db
    .selectFrom('catalogue_imports')
    .select(['id', 'state', 'summary', 'total', 'applied', 'failed'])
    .where('id', '=', importId)
    .executeTakeFirst();
  if (!row) throw notFound('Import');
  const failures = await db
    .selectFrom('catalogue_import_rows')
    .select(['row_no', 'sku', 'error'])
    .where('import_id', '=', importId)
    .where('error', 'is not', null)
    .orderBy('row_no')
    .limit(200)
    .execute();
  const done = row.applied + row.failed;
  return {
    id: row.id,
    state: row.state,
    progress:
      row.state === 'applied' || row.total === 0 ? 100 : Math.floor((done * 100) / row.total),
    summary: row.summary as ImportSummary,
    failures: failures.map((f) => ({ row: f.row_no, sku: f.sku, message: f.error ?? '' })),
  };
}

/**
 * POST /api/admin/catalogue/imports/{id}/apply: the import's outbox row, for the worker (a job
 * with progress). Pressing it again while applying, or after, starts nothing new.
 */
export async function startImportApply(
  deps: { db: Kysely<Database>; relay: OutboxRelay },
  id: unknown,
): Promise<ImportStatus> {
  const importId = requireId(id, 'Import');
  const started = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('catalogue_imports')
      .select(['state'])
      .where('id', '=', importId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('Import');
    if (row.state === 'failed')
      throw conflict(
        'This import failed while applying: upload the file again for a fresh dry run',
      );
    if (row.state !== 'validated') return false;
    await trx
      .updateTable('catalogue_imports')
      .set({ state: 'applying' })
      .where('id', '=', importId)
      .execute();
    await writeOutbox(trx, {
      queue: QUEUES.catalogueImports,
      jobKey: importJobKey(importId),
      payload: { importId },
    });
    return true;
  });
  if (started) deps.relay.wake();
  return importStatus(deps.db, importId);
}

export interface ApplyOptions {
  /** Fault injection for crash tests: a pause after each row commits. */
  rowDelayMs?: number;
}

/**
 * The worker's apply: every row not yet done, in row order, each in one transaction with the
 * mark that it is done, so a worker killed anywhere and restarted applies each row exactly once.
 * A row is saved whole (the product form's save: categories, images, sizes with their stock
 * through the ledger's stock adjustment, prices from today's rate, hallmark, stones) or not at
 * all: a refusal (its SKU taken meanwhile, its product saved or its stock sold since the dry run)
 * is recorded on the row and the others go on.
 */
export async function runImportApply(
  db: Kysely<Database>,
  importId: string,
  options: ApplyOptions = {},
): Promise<{ applied: number; failed: number }> {
  const head = await db
    .selectFrom('catalogue_imports')
    .select(['state'])
    .where('id', '=', importId)
    .executeTakeFirst();
  if (!head) throw notFound('Import');
  if (head.state === 'applied') return counts(db, importId);
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('catalogue_import_rows')
      .select(['row_no', 'sku', 'input'])
      .where('import_id', '=', importId)
      .where('applied_at', 'is', null)
      .where('error', 'is', null)
      .where('row_no', '>', after)
      .orderBy('row_no')
      .limit(APPLY_PAGE)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      after = row.row_no;
      await applyRow(db, importId, row.row_no, row.sku, row.input as ProductInput);
      if (options.rowDelayMs) await new Promise((r) => setTimeout(r, options.rowDelayMs));
    }
  }
  await db
    .updateTable('catalogue_imports')
    .set({ state: 'applied', finished_at: sql<Date>`now()` })
    .where('id', '=', importId)
    .execute();
  clearListingCounts(db);
  return counts(db, importId);
}

async function counts(db: Kysely<Database>, importId: string) {
  const row = await db
    .selectFrom('catalogue_imports')
    .select(['applied', 'failed'])
    .where('id', '=', importId)
    .executeTakeFirstOrThrow();
  return { applied: row.applied, failed: row.failed };
}

async function applyRow(
  db: Kysely<Database>,
  importId: string,
  rowNo: number,
  sku: string,
  input: ProductInput,
) {
  try {
    await db.transaction().execute(async (trx) => {
      // Locked and read again: a second runner (a stalled job handed back) skips a done row.
      const mark = await trx
        .selectFrom('catalogue_import_rows')
        .select(['applied_at'])
        .where('import_id', '=', importId)
        .where('row_no', '=', rowNo)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (mark.applied_at) return;
      // Matched by SKU now, not at the dry run: idempotent whatever ran in between.
      const existing = await trx
        .selectFrom('products')
        .select('id')
        .where(sql<string>`upper(sku)`, '=', sku)
        .executeTakeFirst();
      let productId: string;
      if (existing) {
        await rewriteProduct(trx, existing.id, input);
        productId = existing.id;
      } else {
        const { loadedUpdatedAt: _loaded, ...fresh } = input;
        productId = await insertProduct(trx, fresh);
      }
      await trx
        .updateTable('catalogue_import_rows')
        .set({ applied_at: sql<Date>`now()`, product_id: productId })
        .where('import_id', '=', importId)
        .where('row_no', '=', rowNo)
        .execute();
      await trx
        .updateTable('catalogue_imports')
        .set((eb) => ({ applied: eb('applied', '+', 1) }))
        .where('id', '=', importId)
        .execute();
    });
  } catch (error) {
    const refusal =
      error instanceof DomainError && error.kind !== 'UNAVAILABLE' ? error : skuClash(error);
    if (!refusal) throw error;
    await db.transaction().execute(async (trx) => {
      // Counted once: a second runner refusing the same row (a re-run job) changes nothing.
      const marked = await trx
        .updateTable('catalogue_import_rows')
        .set({ error: refusal.message })
        .where('import_id', '=', importId)
        .where('row_no', '=', rowNo)
        .where('error', 'is', null)
        .where('applied_at', 'is', null)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) === 0) return;
      await trx
        .updateTable('catalogue_imports')
        .set((eb) => ({ failed: eb('failed', '+', 1) }))
        .where('id', '=', importId)
        .execute();
    });
  }
}
