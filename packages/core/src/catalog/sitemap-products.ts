import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';

/** A sitemap file holds at most 50,000 URLs (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

/** How many product sitemap files the catalogue needs (at least one, possibly empty). */
export async function productSitemapCount(db: Kysely<Database>): Promise<number> {
  const { n } = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'live')
    .executeTakeFirstOrThrow();
  return Math.max(1, Math.ceil(Number(n) / SITEMAP_MAX_URLS));
}

/** The products of one sitemap file (1-based), in id order from the primary key. */
export async function productSitemapPage(
  db: Kysely<Database>,
  page: number,
): Promise<Array<{ id: string; updatedAt: Date }>> {
  const rows = await db
    .selectFrom('products')
    .select(['id', 'updated_at'])
    // Only live pieces are offered to search engines.
    .where('status', '=', 'live')
    .orderBy('id')
    .limit(SITEMAP_MAX_URLS)
    .offset((page - 1) * SITEMAP_MAX_URLS)
    .execute();
  return rows.map((r) => ({ id: r.id, updatedAt: new Date(r.updated_at) }));
}
