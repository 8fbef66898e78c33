import { sql, type Kysely } from 'kysely';
import type { Database } from '@kanak/db';

export interface UpsertRatingOptions {
  userId: string;
  productId: string;
  rating: number;
}

/** One rating per user and product: a second replaces the first (and its date). */
export async function upsertRating(
  db: Kysely<Database>,
  { userId, productId, rating }: UpsertRatingOptions,
) {
  return db
    .insertInto('ratings')
    .values({ user_id: userId, product_id: productId, rating })
    .onConflict((oc) =>
      oc.columns(['user_id', 'product_id']).doUpdateSet({ rating, created_at: sql`now()` }),
    )
    .returning(['id', 'rating', 'created_at'])
    .executeTakeFirstOrThrow();
}
