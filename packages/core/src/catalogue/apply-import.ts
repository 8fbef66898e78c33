import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import type { ImportStatus, ImportSummary, ProductInput } from '@kanak/shared';
import { conflict, DomainError, notFound } from '../common/errors';
import { requireId } from '../common/ids';
import { writeOutbox } from '../outbox/outbox';
import type { OutboxRelay } from '../outbox/relay';
import { QUEUES } from '../queues/names';
import { insertProducts, rewriteProducts } from '../catalog/admin-products';
import { skuClash } from '../catalog/product-skus';
import { clearListingCounts } from '../catalog/listing-counts';

/** The outbox key of an import's apply: one job per import, however often Apply is pressed. */
export const importJobKey = (importId: string) => `catalogue-import-${importId}`;

/** GET /api/admin/catalogue/imports/{id}. */
export async function importStatus(db: Kysely<Database>, id: unknown): Promise<ImportStatus> {
  const importId = requireId(id, 'Import');
  const row = await db
    .selectFrom('catalogue_imports')
    .select(['id', 'state', 'summary', 'total', 'applied', 'failed', 'message'])
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
  return {
    id: row.id,
    state: row.state,
    progress:
      row.state === 'applied' || row.total === 0
        ? 100
        : Math.floor((row.applied * 100) / row.total),
    summary: row.summary as ImportSummary,
    failures: failures.map((f) => ({ row: f.row_no, sku: f.sku, message: f.error ?? '' })),
    message: row.state === 'failed' ? row.message : null,
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

/** Rows applied per transaction unless told otherwise (IMPORT_BATCH_SIZE). */
export const IMPORT_BATCH_SIZE = 250;

export interface ApplyOptions {
  /** Rows per transaction (one statement per table for the new products among them). */
  batchSize?: number;
  /**
   * A test's fault point: runs after each batch commits, before the next starts (a crash test
   * holds the worker there and kills it). Not set by the worker's configuration.
   */
  afterEachBatch?: () => Promise<void>;
  /**
   * After batches commit (the worker tells every server's caches); must not throw. Called at most
   * once per `announceEveryMs` while the import runs, and once at its end.
   */
  afterBatch?: () => Promise<void>;
  /**
   * The least time between two announcements (IMPORT_ANNOUNCE_MS, default 5 s): each one empties
   * every server's listing caches, and once per batch of 250 left shoppers' listings uncached for
   * the whole apply (listing p99 6.7 → 714 ms during a 20,000-row import).
   */
  announceEveryMs?: number;
  /** Milliseconds now, for the announcement spacing (tests move it). */
  now?: () => number;
}

export const IMPORT_ANNOUNCE_MS = 5000;

export interface ApplyOutcome {
  state: ImportStatus['state'];
  applied: number;
  failed: number;
}

/** An import row still to apply: its product input as the dry run checked it. */
interface PendingRow {
  row_no: number;
  sku: string;
  input: ProductInput;
}

/**
 * The worker's apply: every row not yet done, in row order, a batch of rows per transaction
 * together with their done-marks and the progress count, so a worker killed anywhere and
 * restarted applies each row exactly once and the progress moves per batch. A row is saved whole
 * (the product form's save: categories, images, sizes with their stock through the ledger's
 * stock adjustment, prices from today's rate, hallmark, stones) or not at all.
 *
 * A row the shop refuses although the dry run passed it (its SKU taken, its product saved or its
 * stock sold meanwhile) stops the import: the rows before it are saved, the import is `failed`
 * with the row and the reason, and the rest is left for a fresh upload (whose dry run shows the
 * saved rows as unchanged).
 */
export async function runImportApply(
  db: Kysely<Database>,
  importId: string,
  options: ApplyOptions = {},
): Promise<ApplyOutcome> {
  const head = await db
    .selectFrom('catalogue_imports')
    .select(['state'])
    .where('id', '=', importId)
    .executeTakeFirst();
  if (!head) throw notFound('Import');
  if (head.state === 'applied' || head.state === 'failed') return outcome(db, importId);
  const size = options.batchSize ?? IMPORT_BATCH_SIZE;
  const now = options.now ?? Date.now;
  const every = options.announceEveryMs ?? IMPORT_ANNOUNCE_MS;
  let announced = now();
  const announce = async () => {
    announced = now();
    await options.afterBatch?.();
  };
  for (;;) {
    const step = await applyBatch(db, importId, size);
    if (step === 'empty') break;
    // This process's listing counts follow every batch; other servers' caches hear of the
    // batches at most once per `every` and at the end, so shoppers keep cached listings.
    clearListingCounts(db);
    if (step === 'failed') {
      await announce();
      return outcome(db, importId);
    }
    if (now() - announced >= every) await announce();
    await options.afterEachBatch?.();
  }
  // Always once at the end, batches or not: a run before this one may have committed batches it
  // never announced (the worker killed, or a fault after a commit), and this run finds them done.
  await announce();
  await db
    .updateTable('catalogue_imports')
    .set({ state: 'applied', finished_at: sql<Date>`now()` })
    .where('id', '=', importId)
    // A second runner's refusal meanwhile is not overwritten.
    .where('state', '!=', 'failed')
    .execute();
  return outcome(db, importId);
}

async function outcome(db: Kysely<Database>, importId: string): Promise<ApplyOutcome> {
  return db
    .selectFrom('catalogue_imports')
    .select(['state', 'applied', 'failed'])
    .where('id', '=', importId)
    .executeTakeFirstOrThrow();
}

/** A refusal of the shop's rules (a 4xx), as opposed to a fault a retry may get past. */
const refusalOf = (error: unknown): Error | null =>
  error instanceof DomainError && error.kind !== 'UNAVAILABLE' ? error : skuClash(error);

/**
 * The next `size` rows in one transaction. Should any of them be refused, the transaction is
 * rolled back and its rows are applied one by one instead: those before the refused row are
 * saved, and the refused row fails the import with its own reason.
 */
async function applyBatch(
  db: Kysely<Database>,
  importId: string,
  size: number,
): Promise<'empty' | 'applied' | 'failed'> {
  let rows: PendingRow[] = [];
  try {
    return await db.transaction().execute(async (trx) => {
      // Locked: a second runner (a stalled job handed back) waits, then skips what this did.
      rows = (await trx
        .selectFrom('catalogue_import_rows')
        .select(['row_no', 'sku', 'input'])
        .where('import_id', '=', importId)
        .where('applied_at', 'is', null)
        .where('error', 'is', null)
        .orderBy('row_no')
        .limit(size)
        .forUpdate()
        .execute()) as PendingRow[];
      if (rows.length === 0) return 'empty';
      await saveRows(trx, importId, rows);
      return 'applied';
    });
  } catch (error) {
    if (!refusalOf(error)) throw error;
  }
  for (const row of rows) if (!(await applyRow(db, importId, row))) return 'failed';
  return 'applied';
}

/**
 * Rows saved in the caller's transaction, with their done-marks. Matched by SKU now, not at the
 * dry run: idempotent whatever ran in between. New products are inserted together and changed
 * ones rewritten together (the product form's edit: their locks, stock through the ledger), one
 * statement per table each.
 */
async function saveRows(trx: Transaction<Database>, importId: string, rows: PendingRow[]) {
  const existing = await trx
    .selectFrom('products')
    .select(['id', sql<string>`upper(sku)`.as('key')])
    .where(
      sql<string>`upper(sku)`,
      'in',
      rows.map((r) => r.sku),
    )
    .execute();
  const idOfSku = new Map(existing.map((p) => [p.key, p.id]));
  const fresh = rows.filter((r) => !idOfSku.has(r.sku));
  const created = await insertProducts(
    trx,
    fresh.map((r) => {
      const { loadedUpdatedAt: _loaded, ...input } = r.input;
      return input;
    }),
  );
  await rewriteProducts(
    trx,
    rows
      .filter((r) => idOfSku.has(r.sku))
      .map((r) => ({ id: idOfSku.get(r.sku)!, input: r.input })),
  );
  fresh.forEach((r, i) => idOfSku.set(r.sku, created[i]!));
  await markApplied(
    trx,
    importId,
    rows.map((r) => ({ row: r.row_no, productId: idOfSku.get(r.sku)! })),
  );
}

/** Rows' done-marks and the import's progress, in the transaction that saved them. */
async function markApplied(
  trx: Transaction<Database>,
  importId: string,
  done: { row: number; productId: string }[],
) {
  await sql`
    UPDATE catalogue_import_rows AS r SET applied_at = now(), product_id = v.product_id
    FROM (SELECT unnest(${done.map((d) => d.row)}::int[]) AS row_no,
      unnest(${done.map((d) => d.productId)}::uuid[]) AS product_id) AS v
    WHERE r.import_id = ${importId} AND r.row_no = v.row_no`.execute(trx);
  await trx
    .updateTable('catalogue_imports')
    .set((eb) => ({ applied: eb('applied', '+', done.length) }))
    .where('id', '=', importId)
    .execute();
}

/** One row in its own transaction; false when it is refused (and the import has failed). */
async function applyRow(db: Kysely<Database>, importId: string, row: PendingRow): Promise<boolean> {
  try {
    await db.transaction().execute(async (trx) => {
      const mark = await trx
        .selectFrom('catalogue_import_rows')
        .select(['applied_at'])
        .where('import_id', '=', importId)
        .where('row_no', '=', row.row_no)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (mark.applied_at) return;
      await saveRows(trx, importId, [row]);
    });
    return true;
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    await failImport(db, importId, row, refusal.message);
    return false;
  }
}

/** The import stops at a refused row: the row says why, and so does the import. */
async function failImport(db: Kysely<Database>, importId: string, row: PendingRow, why: string) {
  await db.transaction().execute(async (trx) => {
    // Counted once: a second runner refusing the same row (a re-run job) changes nothing.
    const marked = await trx
      .updateTable('catalogue_import_rows')
      .set({ error: why })
      .where('import_id', '=', importId)
      .where('row_no', '=', row.row_no)
      .where('error', 'is', null)
      .where('applied_at', 'is', null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0) return;
    await trx
      .updateTable('catalogue_imports')
      .set((eb) => ({
        failed: eb('failed', '+', 1),
        state: 'failed',
        finished_at: sql<Date>`now()`,
        message: `Row ${row.row_no} (${row.sku}) could not be saved: ${why}. The rows before it are saved; fix the file and upload it again to check and apply the rest.`,
      }))
      .where('id', '=', importId)
      .execute();
  });
}
