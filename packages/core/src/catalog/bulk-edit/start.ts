import { BULK_EDIT_MAX_IDS, type BulkEditInput, type BulkEditView } from '@kanak/shared';
import { badRequest } from '../../common/errors';
import type { OutboxDeps } from '../../outbox/deps';
import { writeOutbox } from '../../outbox/outbox';
import { QUEUES } from '../../queues/names';
import { bulkEditProductIds } from './select';
import { bulkEditOf } from './progress';

/** The most products one bulk edit covers (a filter matching more is refused: narrow it). */
export const BULK_EDIT_MAX_PRODUCTS = 100_000;

/**
 * POST /api/admin/catalogue/bulk-edits: records the batch and the products it covers, and the
 * outbox row of its worker job, in one transaction; the worker applies it (run.ts).
 */
export async function startBulkEdit(
  deps: Pick<OutboxDeps, 'db' | 'relay'>,
  userId: string,
  input: BulkEditInput,
): Promise<BulkEditView> {
  const ids = await bulkEditProductIds(deps.db, input.selection);
  if (ids.length === 0) throw badRequest('No product matches the selection');
  if (ids.length > BULK_EDIT_MAX_PRODUCTS)
    throw badRequest(
      `${ids.length} products match: at most ${BULK_EDIT_MAX_PRODUCTS} can be edited at once`,
    );
  const id = await deps.db.transaction().execute(async (trx) => {
    const edit = await trx
      .insertInto('bulk_edits')
      .values({ change: JSON.stringify(input.change), total: ids.length, created_by: userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < ids.length; i += BULK_EDIT_MAX_IDS)
      await trx
        .insertInto('bulk_edit_products')
        .values(
          ids
            .slice(i, i + BULK_EDIT_MAX_IDS)
            .map((productId) => ({ bulk_edit_id: edit.id, product_id: productId })),
        )
        .execute();
    await writeOutbox(trx, {
      queue: QUEUES.catalogueBulkEdits,
      jobKey: `bulk-edit-${edit.id}`,
      payload: { bulkEditId: edit.id },
    });
    return edit.id;
  });
  deps.relay.wake();
  return (await bulkEditOf(deps.db, id))!;
}
