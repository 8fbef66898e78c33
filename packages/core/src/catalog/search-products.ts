import { sql, type Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { PRODUCT_COLUMNS, toProductViews } from './product-view';
import type { SearchResult } from '@kanak/shared';

/** The answer shapes are declared once, as zod schemas in @kanak/shared. */
export type { SearchResult };

export const SEARCH_DEFAULT_LIMIT = 20;

/** Words of the query reduced to letters and digits, so they are safe inside to_tsquery. */
export function searchWords(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).slice(0, 10);
}

/**
 * Ranked full-text search over title, brand, type, collection, occasion, colour and description
 * (products.search_vector, GIN indexed) with websearch_to_tsquery. Partial words ("ear" for
 * earrings, one or two letters) match through a prefix tsquery on the same index, and category
 * names through ILIKE on the small categories table, so every branch of the OR can use an index
 * (measured by `pnpm bench`).
 */
export async function searchProducts(
  db: Kysely<Database>,
  q: string,
  limit = SEARCH_DEFAULT_LIMIT,
): Promise<SearchResult> {
  const words = searchWords(q);
  if (words.length === 0) return { content: [], total: 0 };
  const text = q.replaceAll('\u0000', '').trim();
  const web = sql`websearch_to_tsquery('english', ${text})`;
  const prefix = sql`to_tsquery('english', ${words.map((w) => `${w}:*`).join(' & ')})`;
  // One tsquery (web OR prefix) so PostgreSQL makes a single GIN index scan of it.
  const either = sql`(${web} || ${prefix})`;
  // Category names are matched by word start ("ear" → earring, not pearl-ring). Words hold only
  // letters and digits, so they need no LIKE escaping.
  const phrase = words.join(' ');
  const namePatterns = [`${phrase}%`, `%-${phrase}%`];

  // Category ids are looked up first (a tiny table) so the OR below stays a bitmap of index scans.
  const categoryIds = (
    await db
      .selectFrom('categories as c3')
      .innerJoin('categories as c2', 'c2.id', 'c3.parent_id')
      .select('c3.id')
      .where((c) =>
        c.or(
          namePatterns.flatMap((pattern) => [
            c('c3.name', 'ilike', pattern),
            c('c2.name', 'ilike', pattern),
          ]),
        ),
      )
      .execute()
  ).map((c) => c.id);

  const base = db
    .selectFrom('products')
    .where((eb) =>
      eb.or([
        sql<boolean>`products.search_vector @@ ${either}`,
        ...(categoryIds.length ? [eb('products.category_id', 'in', categoryIds)] : []),
      ]),
    );

  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    base
      .select([...PRODUCT_COLUMNS])
      .select(
        sql<number>`ts_rank(products.search_vector, ${web}) * 2 + ts_rank(products.search_vector, ${prefix})`.as(
          'rank',
        ),
      )
      .orderBy('rank', 'desc')
      .orderBy('products.created_at', 'desc')
      .orderBy('products.id')
      .limit(limit)
      .execute(),
  ]);
  return { content: await toProductViews(db, rows), total: Number(count.n) };
}
