import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { notFound } from '../common';
import { requireId } from '../common';

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
