import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { WishItemView, WishlistView } from '@kanak/shared';
import { PRODUCT_COLUMNS, toProductViews } from '../catalog';

/** The answer shapes are declared once, as zod schemas in @kanak/shared. */
export type { WishItemView, WishlistView };

/** The user's wish items, newest first; with `productId`, only that product's. */
export async function wishItems(
  db: Kysely<Database>,
  userId: string,
  productId?: string,
): Promise<WishItemView[]> {
  let query = db
    .selectFrom('wish_items')
    .innerJoin('products', 'products.id', 'wish_items.product_id')
    .select([...PRODUCT_COLUMNS, 'wish_items.id as wish_id'])
    .where('wish_items.user_id', '=', userId);
  if (productId) query = query.where('wish_items.product_id', '=', productId);
  const rows = await query
    .orderBy('wish_items.created_at', 'desc')
    .orderBy('wish_items.id')
    .execute();
  const products = await toProductViews(db, rows);
  return rows.map((row, i) => ({ _id: row.wish_id, product: products[i]! }));
}
