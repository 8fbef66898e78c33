import type { Transaction } from 'kysely';
import type { Database, OrderItemRow } from '@kanak/db';
import { announceRestocks, rearmStockAlerts } from '../stock-alerts';

export interface Wanted {
  quantity: number;
  title: string;
  weight: string;
  productId: string | null;
}

/** An order line as the stock rules read it. */
export type StockLine = Pick<
  OrderItemRow,
  'size_id' | 'product_id' | 'quantity' | 'title' | 'weight'
>;

/** The order's quantities per size row (lines of one size added up); null size: no longer sold. */
async function wantedBySize(trx: Transaction<Database>, orderId: string) {
  const items = await trx
    .selectFrom('order_items')
    .select(['size_id', 'product_id', 'quantity', 'title', 'weight'])
    .where('order_id', '=', orderId)
    .execute();
  return wantedOf(items);
}

/** The lines' quantities per size row, and the first line no longer sold (if any). */
export function wantedOf(items: readonly StockLine[]) {
  const wanted = new Map<string, Wanted>();
  let gone: string | null = null;
  for (const item of items) {
    if (!item.size_id) {
      gone ??= `${item.title} (${item.weight}) is no longer sold`;
      continue;
    }
    const prev = wanted.get(item.size_id);
    wanted.set(item.size_id, {
      quantity: (prev?.quantity ?? 0) + item.quantity,
      title: item.title,
      weight: item.weight,
      productId: item.product_id,
    });
  }
  return { wanted, gone };
}

export const productIdsOf = (wanted: Map<string, Wanted>) => [
  ...new Set([...wanted.values()].flatMap((w) => (w.productId ? [w.productId] : []))),
];

export type StockTaken = { taken: true; productIds: string[] } | { taken: false; short: string };

/**
 * Takes the order's quantities from its size rows, locked in id order (no deadlocks between
 * orders sharing rows), never below zero: if any line is short nothing is taken and the first
 * short line is described.
 *
 * The lock is FOR NO KEY UPDATE (what the UPDATE of stock takes anyway), not FOR UPDATE: a
 * checkout or a cart add referencing these rows takes FOR KEY SHARE on them (its foreign-key
 * checks, in its cart's order, not by id), which FOR UPDATE waits for and so could deadlock with
 * (a 500 at checkout, found by the chaos soak); FOR NO KEY UPDATE does not conflict with it, and
 * still makes every stock writer wait for the others.
 */
export async function takeOrderStock(
  trx: Transaction<Database>,
  orderId: string,
): Promise<StockTaken> {
  const { wanted, gone } = await wantedBySize(trx, orderId);
  if (gone) return { taken: false, short: gone };
  const rows = await trx
    .selectFrom('product_sizes')
    .select(['id', 'stock'])
    .where('id', 'in', [...wanted.keys()])
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
  const short = shortOf(wanted, new Map(rows.map((r) => [r.id, r.stock])));
  if (short) return { taken: false, short };
  for (const [sizeId, want] of [...wanted].sort(([a], [b]) => a.localeCompare(b)))
    await trx
      .updateTable('product_sizes')
      .set((eb) => ({ stock: eb('stock', '-', want.quantity) }))
      .where('id', '=', sizeId)
      .execute();
  // A size sold out here: its alerts mail again at the next restock.
  await rearmStockAlerts(trx, [...wanted.keys()]);
  return { taken: true, productIds: productIdsOf(wanted) };
}

/**
 * The first line the stock cannot fill, described for the shopper, or null when every line fits
 * (nothing is taken here: the caller writes it).
 */
export function shortOf(
  wanted: Map<string, Wanted>,
  stockBy: ReadonlyMap<string, number>,
): string | null {
  for (const [sizeId, want] of wanted) {
    const stock = stockBy.get(sizeId);
    const line = `${want.title} (${want.weight})`;
    if (stock === undefined) return `${line} is no longer sold`;
    if (stock < want.quantity)
      return stock === 0
        ? `${line} sold out`
        : `only ${stock} of ${line} left, ${want.quantity} ordered`;
  }
  return null;
}

/** Gives the order's quantities back to the size rows that still exist; answers the products. */
export async function returnOrderStock(
  trx: Transaction<Database>,
  orderId: string,
): Promise<string[]> {
  const { wanted } = await wantedBySize(trx, orderId);
  for (const [sizeId, want] of [...wanted].sort(([a], [b]) => a.localeCompare(b)))
    await trx
      .updateTable('product_sizes')
      .set((eb) => ({ stock: eb('stock', '+', want.quantity) }))
      .where('id', '=', sizeId)
      .execute();
  // A size back from 0: its waiting shoppers are mailed, in this transaction.
  await announceRestocks(trx, [...wanted.keys()]);
  return productIdsOf(wanted);
}
