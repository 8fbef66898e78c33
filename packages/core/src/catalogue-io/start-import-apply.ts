import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { ImportStatus, ImportSummary } from '@kanak/shared';
import { conflict, notFound, requireId, systemClock, type Clock } from '../common';
import { writeOutbox, type OutboxRelay } from '../outbox';
import { JOBS } from '../queues';

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
        : Math.floor(((row.applied + row.failed) * 100) / row.total),
    summary: row.summary as ImportSummary,
    failures: failures.map((f) => ({ row: f.row_no, sku: f.sku, message: f.error ?? '' })),
    message: row.state === 'failed' ? row.message : null,
    saved: row.applied,
    refused: row.failed,
  };
}

/** Minutes a dry run's check holds for its apply unless told otherwise (IMPORT_CHECK_TTL_MINUTES). */
export const IMPORT_CHECK_TTL_MINUTES = 60;

export interface StartApplyDeps {
  db: Kysely<Database>;
  /** Told of the job's outbox row (its own poll finds it otherwise). */
  relay: Pick<OutboxRelay, 'wake'>;
  /** The time as the expiry sees it (tests move it). */
  clock?: Clock;
  /** Minutes after its dry run that a check may still be applied. */
  checkTtlMinutes?: number;
}

/**
 * POST /api/admin/catalogue/imports/{id}/apply: the import's outbox row, for the worker (a job
 * with progress). A check is applied at most once, and only while it is fresh: a second apply
 * (a double click, a replayed request) and an expired check are refused (409), so the same
 * checked file cannot be written over the shop again later.
 */
export async function startImportApply(deps: StartApplyDeps, id: unknown): Promise<ImportStatus> {
  const importId = requireId(id, 'Import');
  const clock = deps.clock ?? systemClock;
  const ttlMinutes = deps.checkTtlMinutes ?? IMPORT_CHECK_TTL_MINUTES;
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('catalogue_imports')
      .select(['state', 'created_at'])
      .where('id', '=', importId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('Import');
    if (row.state === 'failed')
      throw conflict(
        'This import failed while applying: upload the file again for a fresh dry run',
      );
    if (row.state !== 'validated')
      throw conflict(
        'This check has already been applied: upload the file again for a fresh dry run',
        { state: row.state },
      );
    const expiresAt = new Date(row.created_at).getTime() + ttlMinutes * 60_000;
    if (clock().getTime() > expiresAt)
      throw conflict(
        `This check is older than ${ttlMinutes} minutes and the shop may have changed since: upload the file again for a fresh dry run`,
      );
    await trx
      .updateTable('catalogue_imports')
      .set({ state: 'applying' })
      .where('id', '=', importId)
      .execute();
    await writeOutbox(trx, {
      job: JOBS.catalogueImport,
      jobKey: importJobKey(importId),
      payload: { importId },
    });
  });
  deps.relay.wake();
  return importStatus(deps.db, importId);
}
