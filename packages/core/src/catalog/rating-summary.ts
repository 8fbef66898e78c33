import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { averageRating, RATING_BANDS, ratingBand } from '@kanak/shared';
import type { RatingSummary } from '@kanak/shared';
import { requireProduct } from './require-product';

/** The answer shapes are declared once, as zod schemas in @kanak/shared. */
export type { RatingSummary };

/** The product page's rating summary, computed from real ratings (the spec's figures were placeholders). */
export async function ratingSummary(
  db: Kysely<Database>,
  productId: unknown,
): Promise<RatingSummary> {
  const id = await requireProduct(db, productId);
  const groups = await db
    .selectFrom('ratings')
    .select(['rating', (eb) => eb.fn.countAll<string>().as('n')])
    .where('product_id', '=', id)
    .groupBy('rating')
    .execute();
  const rated = groups.map((g) => ({ rating: Number(g.rating), count: Number(g.n) }));
  const counts = new Map<string, number>(RATING_BANDS.map((b) => [b, 0]));
  for (const { rating, count } of rated) {
    const band = ratingBand(rating);
    counts.set(band, (counts.get(band) ?? 0) + count);
  }
  return {
    average: averageRating(rated),
    count: rated.reduce((sum, r) => sum + r.count, 0),
    breakdown: RATING_BANDS.map((label) => ({ label, count: counts.get(label) ?? 0 })),
  };
}
