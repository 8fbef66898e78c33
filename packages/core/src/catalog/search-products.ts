import { sql, type Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { PRODUCT_COLUMNS, toProductViews, type ProductView } from './product-view';

export const SEARCH_DEFAULT_LIMIT = 20;

export interface SearchResult {
  content: ProductView[];
  total: number;
}

/** Words of the query reduced to letters and digits, so they are safe inside to_tsquery. */
export function searchWords(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 10);
}

/**
 * Ranked full-text search over title, brand, type, collection, occasion, colour and description
 * (products.search_vector, GIN indexed) with websearch_to_tsquery. Partial words ("ear" for
 * earrings) match through a prefix tsquery, and the category names and a substring of the
 * title through ILIKE, so one or two letters still find something.
 */
export async function searchProducts(db: Kysely<Database>, q: string, limit = SEARCH_DEFAULT_LIMIT): Promise<SearchResult> {
  const words = searchWords(q);
  if (words.length === 0) return { content: [], total: 0 };
  const text = q.replaceAll('\u0000', '').trim();
  const web = sql`websearch_to_tsquery('english', ${text})`;
  const prefix = sql`to_tsquery('english', ${words.map((w) => `${w}:*`).join(' & ')})`;
  // Words hold only letters and digits, so they need no LIKE escaping.
  const like = `%${words.join(' ')}%`;

  const base = db
    .selectFrom('products')
    .innerJoin('categories as c3', 'c3.id', 'products.category_id')
    .innerJoin('categories as c2', 'c2.id', 'c3.parent_id')
    .where((eb) =>
      eb.or([
        sql<boolean>`products.search_vector @@ ${web}`,
        sql<boolean>`products.search_vector @@ ${prefix}`,
        eb('products.title', 'ilike', like),
        eb('c3.name', 'ilike', like),
        eb('c2.name', 'ilike', like),
      ]),
    );

  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    base
      .select([...PRODUCT_COLUMNS])
      .select(
        sql<number>`ts_rank(products.search_vector, ${web}) * 2 + ts_rank(products.search_vector, ${prefix})
          + (CASE WHEN c3.name ILIKE ${like} THEN 0.5 ELSE 0 END)`.as('rank'),
      )
      .orderBy('rank', 'desc')
      .orderBy('products.created_at', 'desc')
      .orderBy('products.id')
      .limit(limit)
      .execute(),
  ]);
  return { content: await toProductViews(db, rows), total: Number(count.n) };
}
