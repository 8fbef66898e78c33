import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';

/** Product ids in the wishlist, so the storefront's hearts start in the right state. */
export async function wishlistProductIds(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('wish_items')
    .select('product_id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => r.product_id);
}
