import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import type { ImportStatus, ProductInput } from '@kanak/shared';
import { conflict, DomainError, notFound } from '../common';
import {
  belowMinimumPriceRefusal,
  CHANGED_SINCE_CHECK,
  changedSinceChecks,
  clearListingCounts,
  insertProducts,
  rewriteProducts,
  skuClash,
} from '../catalog';

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
  kind: 'new' | 'changed' | 'archived';
  /** The product the dry run compared the row with; null for a row that was new then. */
  product_id: string | null;
  input: ProductInput;
}

/**
 * The worker's apply: every row not yet done, in row order, a batch of rows per transaction
 * together with their done-marks and the progress count, so a worker killed anywhere and
 * restarted applies each row exactly once and the progress moves per batch. A row is saved whole
 * (the product form's save: categories, images, sizes with their stock through the ledger's
 * stock adjustment, prices from today's rate, hallmark, stones) or not at all.
 *
 * A row the shop refuses although the dry run passed it (its product saved, created or its stock
 * sold since the check: the product-write rule; a SKU taken meanwhile) is refused on its own
 * with the reason, and the other rows go on; the import ends `applied` with how many rows were
 * saved and refused. Its rows become products through catalog's product-write rule (sizes,
 * stock, prices), so it lives with the flows; catalogue-io holds the file, the dry run and
 * the queued apply.
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
  error instanceof DomainError && error.kind !== 'UNAVAILABLE'
    ? error
    : (skuClash(error) ?? belowMinimumPriceRefusal(error));

/**
 * The next `size` rows in one transaction. Should any of them be refused, the transaction is
 * rolled back and its rows are applied one by one instead: each refused row is marked with its
 * own reason, and the others are saved.
 */
async function applyBatch(
  db: Kysely<Database>,
  importId: string,
  size: number,
): Promise<'empty' | 'applied'> {
  let rows: PendingRow[] = [];
  try {
    return await db.transaction().execute(async (trx) => {
      // Locked: a second runner (a stalled job handed back) waits, then skips what this did.
      rows = (await trx
        .selectFrom('catalogue_import_rows')
        .select(['row_no', 'sku', 'kind', 'product_id', 'input'])
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
  for (const row of rows) await applyRow(db, importId, row);
  return 'applied';
}

/**
 * Rows saved in the caller's transaction, with their done-marks. Matched by SKU now, not at the
 * dry run: idempotent whatever ran in between. New products are inserted together and changed
 * ones rewritten together (the product form's edit: their locks, stock through the ledger), one
 * statement per table each.
 */
async function saveRows(trx: Transaction<Database>, importId: string, rows: PendingRow[]) {
  const changed = await changedSinceChecks(
    trx,
    rows.map((row) => ({
      productId: row.product_id,
      sku: row.sku,
      updatedAt: row.input.loadedUpdatedAt ?? null,
    })),
  );
  const refused = changed.find((why) => why !== null);
  if (refused) throw conflict(refused);
  // As checked: a row new at the dry run creates its product (its SKU is still free, above), a
  // changed one rewrites the very product it was compared with.
  const fresh = rows.filter((r) => !r.product_id);
  const created = await insertProducts(
    trx,
    fresh.map((r) => {
      const { loadedUpdatedAt: _loaded, ...input } = r.input;
      return input;
    }),
  );
  await rewriteProducts(
    trx,
    rows.flatMap((r) => (r.product_id ? [{ id: r.product_id, input: r.input }] : [])),
  );
  const idOfRow = new Map(fresh.map((r, i) => [r.row_no, created[i]!]));
  await markApplied(
    trx,
    importId,
    rows.map((r) => ({ row: r.row_no, productId: r.product_id ?? idOfRow.get(r.row_no)! })),
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

/** One row in its own transaction; a refusal marks the row with its reason and counts it. */
async function applyRow(db: Kysely<Database>, importId: string, row: PendingRow): Promise<void> {
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
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    // The dry run checked everything the apply checks: a refusal now means the shop moved since
    // (a sale, a save, a SKU taken), in the rule's words whichever check saw it.
    const why = refusal.message.startsWith(CHANGED_SINCE_CHECK)
      ? refusal.message
      : `${CHANGED_SINCE_CHECK}: ${refusal.message}`;
    await refuseRow(db, { importId, row, why });
  }
}

export interface RefuseRowOptions {
  importId: string;
  row: PendingRow;
  why: string;
}

/** A refused row says why and is counted; the import goes on with the others. */
async function refuseRow(db: Kysely<Database>, { importId, row, why }: RefuseRowOptions) {
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
      .set((eb) => ({ failed: eb('failed', '+', 1) }))
      .where('id', '=', importId)
      .execute();
  });
}
