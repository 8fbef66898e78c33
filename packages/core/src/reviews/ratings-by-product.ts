import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { RatingView } from '../catalog';
import { requireProduct } from '../catalog';

/** GET /api/ratings/product/{id}: newest first. */
export async function ratingsByProduct(
  db: Kysely<Database>,
  productId: unknown,
): Promise<RatingView[]> {
  const id = await requireProduct(db, productId);
  const rows = await db
    .selectFrom('ratings')
    .innerJoin('users', 'users.id', 'ratings.user_id')
    .select([
      'ratings.id',
      'ratings.rating',
      'ratings.created_at',
      'users.id as user_id',
      'users.first_name',
    ])
    .where('ratings.product_id', '=', id)
    .orderBy('ratings.created_at', 'desc')
    .orderBy('ratings.id')
    .execute();
  return rows.map((r) => ({
    _id: r.id,
    rating: Number(r.rating),
    createdAt: new Date(r.created_at).toISOString(),
    user: { _id: r.user_id, firstName: r.first_name },
    product: id,
  }));
}
