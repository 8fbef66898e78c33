import * as core from '@kanak/core';
import * as shared from '@kanak/shared';
import { mutation, query } from '../api/declare-use-case';

/**
 * Bulk edits of the products table: a preview, then a worker job with progress,
 * recorded as one batch an undo puts back product by product. Spread into catalogApi, so the
 * tRPC paths are catalog.bulkEdit….
 */
export const bulkEditsApi = {
  bulkEditPreview: mutation('admin', {
    input: shared.bulkEditInput,
    output: shared.bulkEditPreview,
    summary:
      "What a bulk edit would do, nothing written: the action in words, how many products, how many change (and why the others are skipped), each piece before → after at today's rate; kept with its inputs and the products' versions under `previewId` for the apply",
    run: ({ services }, input) => core.previewBulkEdit(services.db, input),
    rest: [{ method: 'POST', path: '/api/admin/catalogue/bulk-edits/preview' }],
  }),
  bulkEditApply: mutation('admin', {
    input: shared.bulkEditInput,
    output: shared.bulkEditView,
    summary:
      'Starts a bulk edit of the selected products (ids, or every product the table search `q` matches) as a worker job; answers its id and progress. Sends the `previewId` of a preview of these very inputs: other inputs, a product changed since, or a preview applied already is a 409; past 50 pieces `confirmCount` must be their count (400)',
    run: ({ services, user }, input) =>
      core.startBulkEdit({ db: services.db, relay: services.relay }, user.id, input),
    rest: [{ method: 'POST', path: '/api/admin/catalogue/bulk-edits', status: 202 }],
  }),
  bulkEdit: query('admin', {
    input: shared.bulkEditRef,
    output: shared.bulkEditView,
    summary: "A bulk edit's state and progress (0–100), for the progress bar",
    run: ({ services }, input) => core.bulkEditProgress(services.db, input.id),
    rest: [{ method: 'GET', path: '/api/admin/catalogue/bulk-edits/:id' }],
  }),
  bulkEditUndo: mutation('admin', {
    input: shared.bulkEditRef,
    output: shared.bulkEditUndo,
    summary:
      'Undoes a finished bulk edit product by product; a product touched since (a sale, a save, a newer edit) is refused with the reason and keeps what it holds',
    run: ({ services }, input) => core.undoBulkEdit(services.db, input.id),
    changes: () => core.EVERYTHING,
    rest: [{ method: 'POST', path: '/api/admin/catalogue/bulk-edits/:id/undo' }],
  }),
};
