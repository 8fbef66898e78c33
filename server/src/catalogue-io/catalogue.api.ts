import * as core from '@kanak/core';
import * as shared from '@kanak/shared';
import { mutation, query } from '../api/declare-use-case';
import type { AppServices } from '../services';

/** An apply's dependencies: the check's life from the config, on the real clock. */
export const importApplyDeps = (services: AppServices): core.StartApplyDeps => ({
  db: services.db,
  relay: services.relay,
  clock: core.systemClock,
  checkTtlMinutes: services.config.IMPORT_CHECK_TTL_MINUTES,
});

/**
 * The owner's catalogue imports on REST and tRPC. The upload itself (multipart, with
 * the dry run) and the export (a streamed file) are REST by nature: catalogue.rest.ts.
 */
export const catalogueApi = {
  importStatus: query('admin', {
    input: shared.importIdInput,
    output: shared.importStatus,
    summary:
      "A catalogue import's state (validated, applying, applied or failed), progress 0–100 and summary, with the rows the apply refused",
    run: ({ services }, input) => core.importStatus(services.db, input.id),
    rest: [{ method: 'GET', path: '/api/admin/catalogue/imports/:id' }],
  }),
  applyImport: mutation('admin', {
    input: shared.importIdInput,
    output: shared.importStatus,
    summary:
      'Starts applying a dry-run import in the worker (each row whole or not at all, and only to the product as the dry run saw it: a row changed since is refused with the reason, the others go on); poll its status for progress. A check is applied once (again: 409) and within IMPORT_CHECK_TTL_MINUTES of its dry run (later: 409)',
    run: ({ services }, input) => core.startImportApply(importApplyDeps(services), input.id),
    // The worker tells every server once the rows are in; nothing is changed at this call.
    rest: [{ method: 'POST', path: '/api/admin/catalogue/imports/:id/apply', status: 202 }],
  }),
};
