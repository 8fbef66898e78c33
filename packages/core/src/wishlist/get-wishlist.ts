import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { wishItems, type WishlistView } from './wish-items';

/** GET /api/wish: newest first. */
export async function getWishlist(db: Kysely<Database>, userId: string): Promise<WishlistView> {
  return { _id: userId, wishItems: await wishItems(db, userId) };
}
