import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@kanak/db';

/**
 * Each product's version as a bulk edit's preview reads it: its `updated_at` (a save, another
 * bulk edit) and its sizes' stock (a sale, a restock), as one comparable string per product.
 */
export async function productVersions(
  db: Kysely<Database> | Transaction<Database>,
  ids: readonly string[],
): Promise<Record<string, string>> {
  if (ids.length === 0) return {};
  const rows = await db
    .selectFrom('products as p')
    .select([
      'p.id',
      sql<string>`(extract(epoch from p.updated_at) * 1000)::bigint::text || ':' || coalesce(
        (SELECT string_agg(s.id::text || '=' || s.stock, ',' ORDER BY s.id)
         FROM product_sizes s WHERE s.product_id = p.id), '')`.as('version'),
    ])
    .where(sql<boolean>`p.id = any(${[...ids]}::uuid[])`)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.id, r.version]));
}
