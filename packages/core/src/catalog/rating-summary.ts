import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { RATING_BANDS, ratingBand } from '@kanak/shared';
import { notFound } from '../shared/errors';
import { requireId } from '../shared/ids';

export interface RatingSummary {
  average: number | null;
  count: number;
  breakdown: { label: (typeof RATING_BANDS)[number]; count: number }[];
}

/** The product page's rating summary, computed from real ratings (the spec's figures were placeholders). */
export async function ratingSummary(
  db: Kysely<Database>,
  productId: unknown,
): Promise<RatingSummary> {
  const id = requireId(productId, 'Product');
  const product = await db
    .selectFrom('products')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!product) throw notFound('Product');
  const groups = await db
    .selectFrom('ratings')
    .select(['rating', (eb) => eb.fn.countAll<string>().as('n')])
    .where('product_id', '=', id)
    .groupBy('rating')
    .execute();
  const counts = new Map<string, number>(RATING_BANDS.map((b) => [b, 0]));
  let count = 0;
  let sum = 0;
  for (const g of groups) {
    const value = Number(g.rating);
    const n = Number(g.n);
    count += n;
    sum += value * n;
    const band = ratingBand(value);
    counts.set(band, (counts.get(band) ?? 0) + n);
  }
  return {
    average: count ? Math.round((sum / count) * 10) / 10 : null,
    count,
    breakdown: RATING_BANDS.map((label) => ({ label, count: counts.get(label) ?? 0 })),
  };
}
