import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { ReviewView } from '../catalog';
import { requireProduct } from '../catalog';
import { boughtBy } from '../catalog';

/** GET /api/reviews/product/{id}: newest first. */
export async function reviewsByProduct(
  db: Kysely<Database>,
  productId: unknown,
): Promise<ReviewView[]> {
  const id = await requireProduct(db, productId);
  const rows = await db
    .selectFrom('reviews')
    .innerJoin('users', 'users.id', 'reviews.user_id')
    .select([
      'reviews.id',
      'reviews.review',
      'reviews.created_at',
      'users.id as user_id',
      'users.first_name',
      boughtBy('reviews.user_id', 'reviews.product_id').as('verified_buyer'),
    ])
    .where('reviews.product_id', '=', id)
    .orderBy('reviews.created_at', 'desc')
    .orderBy('reviews.id')
    .execute();
  return rows.map((r) => ({
    _id: r.id,
    review: r.review,
    createdAt: new Date(r.created_at).toISOString(),
    user: { _id: r.user_id, firstName: r.first_name },
    product: id,
    verifiedBuyer: r.verified_buyer,
  }));
}
