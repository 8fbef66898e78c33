import { sql, type Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import type { BulkEditChange } from '@kanak/shared';
import { adjustStockForEdit } from '../stock-adjustment';
import { repriceStatement } from '../../pricing';
import { metalPriceBelowMinimum } from '../../pricing';
import { badRequest } from '../../common';
import { MIN_SELLING_PRICE_MESSAGE } from '@kanak/shared';
import { syncStockAlerts } from '../../stock-alerts';
import { categoryFor } from '../admin-products';
import { refuseBelowMinimumPrice } from '../product-write-rule';

/** The field a discount taking a piece below ₹1 is named by. */
export const DISCOUNT_FIELD = 'The price after the discount (percent)';
/** The field a making charge (or its discount) taking a metal-priced piece below ₹1 is named by. */
export const MAKING_FIELD = 'The price at today’s rate after the making change (making charge)';

/** Why a product of the selection is left as it is. */
export const SKIP_REASONS = {
  fixed: 'fixed-priced: no making charge to change',
  metal: 'metal-priced: its discount follows the making discount',
  stockBelowZero: 'the stock change would take a size below 0',
  noSize: 'no size of that weight',
} as const;

export interface AppliedChange {
  /** Products the change wrote to. */
  changed: Set<string>;
  /** Products left alone, with the reason. */
  skipped: Map<string, string>;
}

/**
 * Applies one bulk change to `ids` (already locked by the caller) inside its transaction: the
 * columns set-based, metal-priced pieces repriced at today's rate, stock through the ledger's
 * stock adjustment (a payment taking stock waits for it, or is seen by it). Every changed product
 * gets a newer `updated_at`, as a form save would, so an open form's save cannot undo it.
 */
export async function applyBulkChange(
  trx: Transaction<Database>,
  ids: readonly string[],
  change: BulkEditChange,
): Promise<AppliedChange> {
  const changed = new Set<string>();
  const skipped = new Map<string, string>();
  if (ids.length === 0) return { changed, skipped };
  const idList = sql`${[...ids]}::uuid[]`;
  const returned = (rows: { id: string }[]) => rows.forEach((r) => changed.add(r.id));
  const byBasis = async (basis: 'fixed' | 'metal', reason: string) => {
    const rows = await trx
      .selectFrom('products')
      .select('id')
      .where(sql<boolean>`id = any(${idList})`)
      .where('pricing_basis', '=', basis)
      .execute();
    for (const r of rows) skipped.set(r.id, reason);
  };
  switch (change.kind) {
    case 'making':
    case 'makingDiscount': {
      await byBasis('fixed', SKIP_REASONS.fixed);
      const set =
        change.kind === 'making'
          ? {
              making_kind: change.makingKind ?? sql<'percent' | 'perGram'>`making_kind`,
              making_value: change.makingValue ?? sql<string>`making_value`,
            }
          : { making_discount_percent: change.percent };
      const rows = await trx
        .updateTable('products')
        .set(set)
        .where(sql<boolean>`id = any(${idList})`)
        .where('pricing_basis', '=', 'metal')
        // A product already as asked is left alone: not counted, not stamped, nothing to undo.
        .where(
          change.kind === 'making'
            ? sql<boolean>`(making_kind, making_value) IS DISTINCT FROM
                (coalesce(${change.makingKind ?? null}::text, making_kind),
                 coalesce(${change.makingValue ?? null}::numeric, making_value))`
            : sql<boolean>`making_discount_percent IS DISTINCT FROM ${change.percent}::numeric`,
        )
        .returning('id')
        .execute();
      returned(rows);
      if (rows.length) {
        const changedIds = sql`SELECT unnest(${rows.map((r) => r.id)}::uuid[])`;
        // Read before the repricing writes: a piece left below ₹1 is a 400, never the price
        // columns' own check failing the statement (a 500).
        const low = await metalPriceBelowMinimum(trx, changedIds);
        if (low)
          throw badRequest(
            `${MIN_SELLING_PRICE_MESSAGE(MAKING_FIELD)} (${low.sku}, ${low.weight} would sell for ₹${low.price})`,
            { field: MAKING_FIELD },
          );
        await repriceStatement(changedIds).execute(trx);
      }
      break;
    }
    case 'discount': {
      await byBasis('metal', SKIP_REASONS.metal);
      // The listed price less the percent, floored to whole rupees: `set` from the typed price
      // (so the percent shown, percentOff floored too, is the one asked for), `further` from the
      // price the piece sells at now.
      const from = change.mode === 'further' ? sql`discounted_price` : sql`price`;
      const listed = sql<number>`((${from})::bigint * ${100 - change.percent}) / 100`;
      returned(
        await trx
          .updateTable('products')
          .set({
            discounted_price: listed,
            discount_percent: sql<number>`CASE WHEN price <= 0 THEN 0
              ELSE ((price - ${listed}) * 100) / price END`,
          })
          .where(sql<boolean>`id = any(${idList})`)
          .where('pricing_basis', '=', 'fixed')
          .where(
            change.mode === 'further'
              ? sql<boolean>`discounted_price IS DISTINCT FROM ${listed}`
              : sql<boolean>`(discounted_price, discount_percent) IS DISTINCT FROM
                  (${listed}, ${change.percent})`,
          )
          .returning('id')
          .execute(),
      );
      await refuseBelowMinimumPrice(trx, [...changed], DISCOUNT_FIELD);
      break;
    }
    case 'category': {
      const categoryId = await categoryFor(trx, change);
      returned(
        await trx
          .updateTable('products')
          .set({ category_id: categoryId })
          .where(sql<boolean>`id = any(${idList})`)
          .where('category_id', '<>', categoryId)
          .returning('id')
          .execute(),
      );
      break;
    }
    case 'status':
      returned(
        await trx
          .updateTable('products')
          .set({ status: change.status })
          .where(sql<boolean>`id = any(${idList})`)
          .where('status', '<>', change.status)
          .returning('id')
          .execute(),
      );
      break;
    case 'stock': {
      const sizes = await trx
        .selectFrom('product_sizes')
        .select(['id', 'product_id', 'weight', 'stock'])
        .where(sql<boolean>`product_id = any(${idList})`)
        // Locked in id order, as a payment batch locks sizes: a sale waits for this batch (or
        // this for it) instead of failing the whole batch on a changed figure or deadlocking.
        .orderBy('id')
        .forNoKeyUpdate()
        .execute();
      const byProduct = new Map<string, typeof sizes>();
      for (const size of sizes) {
        if (change.weight !== undefined && size.weight !== change.weight) continue;
        byProduct.set(size.product_id, [...(byProduct.get(size.product_id) ?? []), size]);
      }
      const restocked: string[] = [];
      for (const id of ids) {
        const rows = byProduct.get(id) ?? [];
        if (rows.length === 0) skipped.set(id, SKIP_REASONS.noSize);
        else if (rows.some((r) => r.stock + change.delta < 0))
          skipped.set(id, SKIP_REASONS.stockBelowZero);
        else {
          // The figure read above is the precondition: a sale in between is refused, not undone.
          await adjustStockForEdit(
            trx,
            id,
            rows.map((r) => ({
              weight: r.weight,
              stock: r.stock + change.delta,
              loadedStock: r.stock,
            })),
          );
          changed.add(id);
          restocked.push(...rows.filter((r) => r.stock === 0).map((r) => r.id));
        }
      }
      if (changed.size)
        await repriceStatement(sql`SELECT unnest(${[...changed]}::uuid[])`).execute(trx);
      if (restocked.length) await syncStockAlerts(trx, restocked);
      break;
    }
  }
  if (changed.size)
    await trx
      .updateTable('products')
      .set({ updated_at: sql<Date>`greatest(now(), updated_at + interval '1 millisecond')` })
      .where(sql<boolean>`id = any(${sql`${[...changed]}::uuid[]`})`)
      .execute();
  return { changed, skipped };
}
