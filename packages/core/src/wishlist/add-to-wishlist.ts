import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { requireProduct } from '../catalog';
import { notFound } from '../common';
import { wishItems, type WishItemView } from './wish-items';

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
