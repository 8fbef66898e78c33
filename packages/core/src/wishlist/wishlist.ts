import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { PRODUCT_COLUMNS, toProductViews } from '../catalog/product-view';
import { notFound } from '../shared/errors';
import { requireId } from '../shared/ids';
import type { WishItemView, WishlistView } from '@kanak/shared';
import { requireProduct } from '../catalog/require-product';

/** The answer shapes are declared once, as zod schemas in @kanak/shared. */
export type { WishItemView, WishlistView };

async function wishItems(
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

/** GET /api/wish: newest first. */
export async function getWishlist(db: Kysely<Database>, userId: string): Promise<WishlistView> {
  return { _id: userId, wishItems: await wishItems(db, userId) };
}

/** PUT /api/wish/add: adding twice keeps one item; answers that item. */
export async function addToWishlist(
  db: Kysely<Database>,
  userId: string,
  productId: unknown,
): Promise<WishItemView> {
  const id = await requireProduct(db, productId);
  await db
    .insertInto('wish_items')
    .values({ user_id: userId, product_id: id })
    .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
    .execute();
  const [item] = await wishItems(db, userId, id);
  // The product may have been deleted in between (the wish item went with it).
  if (!item) throw notFound('Product');
  return item;
}

/** DELETE /api/wish/{productId}: by product id; a product not in this user's wishlist is a 404. */
export async function removeFromWishlist(
  db: Kysely<Database>,
  userId: string,
  productId: unknown,
): Promise<{ message: string; productId: string }> {
  const id = requireId(productId, 'Product');
  const deleted = await db
    .deleteFrom('wish_items')
    .where('user_id', '=', userId)
    .where('product_id', '=', id)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound('Wish item');
  return { message: 'Removed from wishlist', productId: id };
}

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
