import { sql, type Transaction } from 'kysely';
import type { Database } from '@kanak/db';

/** The product columns a bulk edit may change, as an undo puts them back. */
export const RESTORED_COLUMNS = [
  'category_id',
  'status',
  'making_kind',
  'making_value',
  'making_discount_percent',
  'price',
  'discounted_price',
  'discount_percent',
] as const;

export interface ProductSnapshot {
  columns: Record<(typeof RESTORED_COLUMNS)[number], unknown>;
  updatedAt: string;
  /** Size id → stock. */
  stock: Record<string, number>;
}

/** What `ids` hold now, read under the caller's locks. */
export async function snapshotProducts(
  trx: Transaction<Database>,
  ids: readonly string[],
): Promise<Map<string, ProductSnapshot>> {
  const snapshots = new Map<string, ProductSnapshot>();
  if (ids.length === 0) return snapshots;
  const [products, sizes] = await Promise.all([
    trx
      .selectFrom('products')
      .select(['id', 'updated_at', ...RESTORED_COLUMNS])
      .where(sql<boolean>`id = any(${[...ids]}::uuid[])`)
      .execute(),
    trx
      .selectFrom('product_sizes')
      .select(['id', 'product_id', 'stock'])
      .where(sql<boolean>`product_id = any(${[...ids]}::uuid[])`)
      // Held to the transaction's end, in id order as payments lock sizes: a sale cannot land
      // between this read and an undo that puts the figure back.
      .orderBy('id')
      .forNoKeyUpdate()
      .execute(),
  ]);
  for (const { id, updated_at, ...columns } of products)
    snapshots.set(id, { columns, updatedAt: new Date(updated_at).toISOString(), stock: {} });
  for (const size of sizes) {
    const snapshot = snapshots.get(size.product_id);
    if (snapshot) snapshot.stock[size.id] = size.stock;
  }
  return snapshots;
}

/** Locks `ids` in id order (as saves and payments lock), so bulk edits cannot deadlock with them. */
export async function lockProducts(trx: Transaction<Database>, ids: readonly string[]) {
  if (ids.length === 0) return;
  await trx
    .selectFrom('products')
    .select('id')
    .where(sql<boolean>`id = any(${[...ids]}::uuid[])`)
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
}
