import { sql, type Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import { MIN_SELLING_PRICE, MIN_SELLING_PRICE_MESSAGE } from '@kanak/shared';
import { badRequest } from '../common';

/**
 * The one rule every write to a product's price, stock or identity keeps, whatever the path
 * (the admin form and its API, a catalogue import's apply, a bulk edit and its undo): a write
 * checked earlier applies only to the product as that check saw it, and no live piece is left
 * selling below ₹1. A path refuses the row (or the save) that breaks it; the others go on.
 */

/** The words a refused row carries when the product moved between its check and its write. */
export const CHANGED_SINCE_CHECK = 'changed since the check';

/**
 * The product as a check saw it: by id with its `updatedAt` then, or (`productId` null) a SKU
 * that was free then, for a row that was to create the product.
 */
export interface CheckedProduct {
  productId: string | null;
  sku: string;
  updatedAt: string | null;
}

/** Two versions of a product are the same save (compared as views show them: milliseconds). */
export const sameVersion = (a: Date | string, b: Date | string) =>
  new Date(a).getTime() === new Date(b).getTime();

/**
 * Why each of `checks` no longer holds, in the caller's transaction (null where it does), in
 * the checks' order. Two queries however many; the products found are locked in id order (as
 * saves and payments lock them) for the rest of the transaction, so the write that follows
 * meets what was read.
 */
export async function changedSinceChecks(
  trx: Transaction<Database>,
  checks: readonly CheckedProduct[],
): Promise<(string | null)[]> {
  const ids = checks.flatMap((c) => (c.productId ? [c.productId] : []));
  const skus = checks.flatMap((c) => (c.productId ? [] : [c.sku.toUpperCase()]));
  const [byId, bySku] = await Promise.all([
    ids.length === 0
      ? []
      : trx
          .selectFrom('products')
          .select(['id', 'updated_at'])
          .where(sql<boolean>`id = any(${ids}::uuid[])`)
          .orderBy('id')
          .forNoKeyUpdate()
          .execute(),
    skus.length === 0
      ? []
      : trx
          .selectFrom('products')
          .select(sql<string>`upper(sku)`.as('key'))
          .where(sql<boolean>`upper(sku) = any(${skus}::text[])`)
          .execute(),
  ]);
  const savedAt = new Map(byId.map((p) => [p.id, p.updated_at]));
  const taken = new Set(bySku.map((p) => p.key));
  return checks.map((checked) => {
    if (!checked.productId)
      return taken.has(checked.sku.toUpperCase())
        ? `${CHANGED_SINCE_CHECK}: SKU ${checked.sku} was created since`
        : null;
    const now = savedAt.get(checked.productId);
    if (!now) return `${CHANGED_SINCE_CHECK}: the product was deleted since`;
    if (checked.updatedAt && !sameVersion(now, checked.updatedAt))
      return `${CHANGED_SINCE_CHECK}: the product was saved since`;
    return null;
  });
}

/**
 * Refuses (400, naming `field`) a write that leaves a live piece of `productIds`, or one of its
 * sizes, selling below ₹1: a fixed price, a discount taken too far, or a metal price computed
 * from today's rate for a tiny net weight. Run after the write, in its transaction.
 */
export async function refuseBelowMinimumPrice(
  trx: Transaction<Database>,
  productIds: readonly string[],
  field: string,
): Promise<void> {
  if (productIds.length === 0) return;
  const low = await trx
    .selectFrom('products as p')
    .leftJoin('product_sizes as s', 's.product_id', 'p.id')
    .select(['p.sku', 's.weight', 'p.discounted_price', 's.discounted_price as size_price'])
    .where(sql<boolean>`p.id = any(${[...productIds]}::uuid[])`)
    .where('p.status', '=', 'live')
    .where((eb) =>
      eb.or([
        eb('p.discounted_price', '<', MIN_SELLING_PRICE),
        eb('s.discounted_price', '<', MIN_SELLING_PRICE),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  if (!low) return;
  const price = Math.min(low.discounted_price, low.size_price ?? low.discounted_price);
  throw badRequest(
    `${MIN_SELLING_PRICE_MESSAGE(field)} (${low.sku}${low.weight ? `, ${low.weight}` : ''} would sell for ₹${price})`,
    { field },
  );
}

/** The field a metal-priced piece's price below ₹1 is named by. */
export const METAL_PRICE_FIELD = 'The price at today’s metal rate (net weight and making charge)';

/**
 * The price columns' own checks (a size's metal price must be above 0) refusing a write: the
 * ₹1 rule's 400, not a 500. Null for any other error.
 */
export function belowMinimumPriceRefusal(error: unknown): Error | null {
  const e = error as { code?: string; table?: string; constraint?: string };
  if (e.code !== '23514' || !/price/.test(e.constraint ?? '')) return null;
  return badRequest(MIN_SELLING_PRICE_MESSAGE(METAL_PRICE_FIELD), { field: METAL_PRICE_FIELD });
}
