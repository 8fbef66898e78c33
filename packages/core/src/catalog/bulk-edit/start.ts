import {
  BULK_EDIT_CONFIRM_OVER,
  BULK_EDIT_MAX_IDS,
  type BulkEditInput,
  type BulkEditView,
} from '@kanak/shared';
import { badRequest, conflict, notFound } from '../../common';
import { CHANGED_SINCE_CHECK } from '../product-write-rule';
import { lockProducts } from './snapshot';
import { productVersions } from './versions';
import type { OutboxDeps } from '../../outbox';
import { writeOutbox } from '../../outbox';
import { bulkEditProductIds } from './select';
import { bulkEditOf } from './progress';
import { JOBS } from '../../queues';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STALE = 'preview again';

/** JSON with its keys in order, so two equal inputs compare equal however they were built. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
}

/** The most products one bulk edit covers (a filter matching more is refused: narrow it). */
export const BULK_EDIT_MAX_PRODUCTS = 100_000;

/**
 * POST /api/admin/catalogue/bulk-edits: applies a preview (previewId) whose inputs are the ones
 * sent and whose products have not moved since (else 409: preview again), once; past
 * BULK_EDIT_CONFIRM_OVER pieces the owner types their count (confirmCount). Records the batch and the products it covers, and the
 * outbox row of its worker job, in one transaction; the worker applies it (flows/run-bulk-edit.ts).
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
  if (!input.previewId || !UUID.test(input.previewId))
    throw badRequest('Preview the change first: the apply sends the preview’s previewId');
  const previewId = input.previewId;
  const id = await deps.db.transaction().execute(async (trx) => {
    const preview = await trx
      .selectFrom('bulk_edit_previews')
      .select(['input', 'pieces', 'versions', 'used_at'])
      .where('id', '=', previewId)
      .forUpdate()
      .executeTakeFirst();
    if (!preview) throw notFound('Bulk edit preview');
    if (preview.used_at) throw conflict(`This preview was applied already: ${STALE}`);
    // The very inputs shown: a figure typed after the preview is not applied unseen.
    if (
      canonical({ selection: input.selection, change: input.change }) !== canonical(preview.input)
    )
      throw conflict(
        `The change or the products differ from the preview shown: ${STALE} to see what this does`,
      );
    // The product-write rule: each product as the preview read it (no save, sale or edit since).
    await lockProducts(trx, ids);
    const now = await productVersions(trx, ids);
    const seen = preview.versions as Record<string, string>;
    const moved = ids.filter((productId) => now[productId] !== seen[productId]).length;
    if (moved > 0 || Object.keys(seen).length !== ids.length)
      throw conflict(
        `${moved || 'Some'} of the previewed products ${CHANGED_SINCE_CHECK} (a save, a sale or another edit): ${STALE}`,
      );
    const pieces = (preview.pieces as unknown[]).length;
    if (pieces > BULK_EDIT_CONFIRM_OVER && input.confirmCount !== pieces)
      throw badRequest(`This changes ${pieces} pieces: type ${pieces} in confirmCount to confirm`, {
        field: 'confirmCount',
        pieces,
      });
    await trx
      .updateTable('bulk_edit_previews')
      .set({ used_at: new Date() })
      .where('id', '=', previewId)
      .execute();
    const edit = await trx
      .insertInto('bulk_edits')
      .values({ change: JSON.stringify(input.change), total: ids.length, created_by: userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < ids.length; i += BULK_EDIT_MAX_IDS)
      await trx
        .insertInto('bulk_edit_products')
        .values(
          ids.slice(i, i + BULK_EDIT_MAX_IDS).map((productId) => ({
            bulk_edit_id: edit.id,
            product_id: productId,
            // The worker applies each product only as the preview saw it (flows/run-bulk-edit.ts).
            checked_version: seen[productId] ?? null,
          })),
        )
        .execute();
    await writeOutbox(trx, {
      job: JOBS.bulkEdit,
      jobKey: `bulk-edit-${edit.id}`,
      payload: { bulkEditId: edit.id },
    });
    return edit.id;
  });
  deps.relay.wake();
  return (await bulkEditOf(deps.db, id))!;
}
