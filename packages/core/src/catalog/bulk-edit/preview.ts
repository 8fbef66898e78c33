import { sql, type Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import {
  bulkEditActionLabel,
  type BulkEditInput,
  type BulkEditPiece,
  type BulkEditPreview,
} from '@kanak/shared';
import { applyBulkChange } from './apply-change';
import { bulkEditProductIds } from './select';
import { productVersions } from './versions';

/** Thrown to roll the trial back once its figures are read. */
class TrialDone extends Error {
  constructor(readonly preview: Omit<BulkEditPreview, 'previewId'>) {
    super('trial');
  }
}

const SAMPLES = 5;
/** Pieces listed in the answer (all of them are kept with the preview). */
const PIECES_SHOWN = 500;

/** What a piece shows before → after besides its price: state and each size's stock. */
async function pieceStates(db: Kysely<Database>, of: string[]) {
  if (of.length === 0) return new Map<string, PieceState>();
  const [products, sizes] = await Promise.all([
    db
      .selectFrom('products')
      .select(['id', 'sku', 'title', 'discounted_price', 'status'])
      .where(sql<boolean>`id = any(${of}::uuid[])`)
      .execute(),
    db
      .selectFrom('product_sizes')
      .select(['product_id', 'weight', 'stock'])
      .where(sql<boolean>`product_id = any(${of}::uuid[])`)
      .orderBy('position')
      .execute(),
  ]);
  const states = new Map<string, PieceState>(
    products.map((p) => [p.id, { ...p, sizes: [] as { weight: string; stock: number }[] }]),
  );
  for (const s of sizes) states.get(s.product_id)?.sizes.push(s);
  return states;
}
type PieceState = {
  sku: string;
  title: string;
  discounted_price: number;
  status: string;
  sizes: { weight: string; stock: number }[];
};

function detailOf(before: PieceState, after: PieceState): string | undefined {
  const parts: string[] = [];
  if (before.status !== after.status) parts.push(`State: ${before.status} → ${after.status}`);
  for (const size of after.sizes) {
    const was = before.sizes.find((s) => s.weight === size.weight)?.stock;
    if (was !== undefined && was !== size.stock)
      parts.push(`Stock ${size.weight}: ${was} → ${size.stock}`);
  }
  return parts.length ? parts.join('; ') : undefined;
}

/**
 * POST /api/admin/catalogue/bulk-edits/preview: the change applied in a transaction that is
 * rolled back, so the figures (how many products, which change, each piece before → after at
 * today's rate) come from the very rules the job runs, with nothing written. The preview is
 * kept with its exact inputs and the products' versions: the apply names it (previewId) and is
 * refused when either moved.
 */
export async function previewBulkEdit(
  db: Kysely<Database>,
  input: BulkEditInput,
): Promise<BulkEditPreview> {
  const { selection, change } = input;
  const ids = await bulkEditProductIds(db, selection);
  let figures: Omit<BulkEditPreview, 'previewId'> | null = null;
  let versions: Record<string, string> = {};
  let allPieces: BulkEditPiece[] = [];
  try {
    await db.transaction().execute(async (trx) => {
      versions = await productVersions(trx, ids);
      const before = await pieceStates(trx, ids);
      const { changed, skipped } = await applyBulkChange(trx, ids, change);
      const after = await pieceStates(trx, [...changed].sort());
      const reasons = new Map<string, number>();
      for (const reason of skipped.values()) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
      allPieces = [...after].map(([productId, now]) => {
        const was = before.get(productId) ?? now;
        const detail = detailOf(was, now);
        return {
          productId,
          sku: now.sku,
          title: now.title,
          before: was.discounted_price,
          after: now.discounted_price,
          ...(detail ? { detail } : {}),
        };
      });
      throw new TrialDone({
        products: ids.length,
        changing: changed.size,
        skipped: [...reasons].map(([reason, count]) => ({ reason, count })),
        priceBefore: allPieces.reduce((s, r) => s + r.before, 0),
        priceAfter: allPieces.reduce((s, r) => s + r.after, 0),
        samples: allPieces.filter((r) => r.before !== r.after).slice(0, SAMPLES),
        action: bulkEditActionLabel(change),
        pieces: allPieces.slice(0, PIECES_SHOWN),
      });
    });
  } catch (error) {
    if (!(error instanceof TrialDone)) throw error;
    figures = error.preview;
  }
  if (!figures) throw new Error('the bulk edit trial did not finish');
  const kept = await db
    .insertInto('bulk_edit_previews')
    .values({
      input: JSON.stringify({ selection, change }),
      pieces: JSON.stringify(allPieces),
      versions: JSON.stringify(versions),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ...figures, previewId: kept.id };
}
