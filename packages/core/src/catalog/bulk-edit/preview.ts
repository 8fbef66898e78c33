import { sql, type Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { BulkEditInput, BulkEditPreview } from '@kanak/shared';
import { applyBulkChange } from './apply-change';
import { bulkEditProductIds } from './select';

/** Thrown to roll the trial back once its figures are read. */
class TrialDone extends Error {
  constructor(readonly preview: BulkEditPreview) {
    super('trial');
  }
}

const SAMPLES = 5;

/**
 * POST /api/admin/catalogue/bulk-edits/preview: the change applied in a transaction that is
 * rolled back, so the figures (how many products, which change, the prices at today's rate) come
 * from the very rules the job runs, with nothing written.
 */
export async function previewBulkEdit(
  db: Kysely<Database>,
  input: BulkEditInput,
): Promise<BulkEditPreview> {
  const ids = await bulkEditProductIds(db, input.selection);
  const prices = (trx: Kysely<Database>, of: string[]) =>
    of.length === 0
      ? Promise.resolve([])
      : trx
          .selectFrom('products')
          .select(['id', 'sku', 'title', 'discounted_price'])
          .where(sql<boolean>`id = any(${of}::uuid[])`)
          .orderBy('id')
          .execute();
  try {
    await db.transaction().execute(async (trx) => {
      const before = new Map((await prices(trx, ids)).map((p) => [p.id, p]));
      const { changed, skipped } = await applyBulkChange(trx, ids, input.change);
      const after = await prices(trx, [...changed]);
      const reasons = new Map<string, number>();
      for (const reason of skipped.values()) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
      const rows = after.map((p) => ({
        productId: p.id,
        sku: p.sku,
        title: p.title,
        before: before.get(p.id)?.discounted_price ?? p.discounted_price,
        after: p.discounted_price,
      }));
      throw new TrialDone({
        products: ids.length,
        changing: changed.size,
        skipped: [...reasons].map(([reason, count]) => ({ reason, count })),
        priceBefore: rows.reduce((s, r) => s + r.before, 0),
        priceAfter: rows.reduce((s, r) => s + r.after, 0),
        samples: rows.filter((r) => r.before !== r.after).slice(0, SAMPLES),
      });
    });
  } catch (error) {
    if (error instanceof TrialDone) return error.preview;
    throw error;
  }
  throw new Error('the bulk edit trial did not finish');
}
