import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { SearchResult } from '@kanak/shared';
import { PRODUCT_COLUMNS, toProductViews } from './product-view';
import { matches, searchMatch, type SearchMatch } from './search-match';

/** The answer shapes are declared once, as zod schemas in @kanak/shared. */
export type { SearchResult };
export { searchWords } from './search-match';

export const SEARCH_DEFAULT_LIMIT = 20;

/**
 * The most matches ranked per search: a short word ("ear", "gold") matches tens of thousands of
 * products, and ranking each would cost seconds; these are ranked, and the total is estimated.
 */
export const SEARCH_CANDIDATES = 400;

/**
 * Full-text search over title, brand, type, collection, occasion, colour and description
 * (products.search_vector, GIN indexed): every word as a prefix, a misspelt word also as its
 * nearest catalogue term, category names by their start. At most SEARCH_CANDIDATES matches are
 * ranked (title words first, whole words above prefixes); beyond that the total is the planner's
 * estimate. Measured by `pnpm bench`, plans checked by packages/core/test/query-plans.test.ts.
 */
export async function searchProducts(
  db: Kysely<Database>,
  q: string,
  limit = SEARCH_DEFAULT_LIMIT,
): Promise<SearchResult> {
  const match = await searchMatch(db, q);
  if (!match) return { content: [], total: 0 };
  const candidates = db
    .selectFrom('products')
    .select([...PRODUCT_COLUMNS, 'products.search_vector'])
    .where(matches(match))
    .limit(SEARCH_CANDIDATES)
    .as('c');
  const rows = await db
    .selectFrom(candidates)
    .selectAll('c')
    .select([
      sql<number>`ts_rank(c.search_vector, ${match.web}) * 2 + ts_rank(c.search_vector, ${match.prefix})`.as(
        'rank',
      ),
      sql<string>`count(*) OVER ()`.as('found'),
    ])
    .orderBy('rank', 'desc')
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id')
    .limit(limit)
    .execute();
  const found = Number(rows[0]?.found ?? 0);
  const total = found < SEARCH_CANDIDATES ? found : await estimatedMatches(db, match);
  return { content: await toProductViews(db, rows), total };
}

/** The planner's row estimate for a search (no rows are read), never below the ranked count. */
async function estimatedMatches(db: Kysely<Database>, match: SearchMatch): Promise<number> {
  const query = db.selectFrom('products').select('products.id').where(matches(match));
  return Math.max(SEARCH_CANDIDATES, await plannedRows(db, query.compile()));
}

/** How many rows the planner expects a query to answer (EXPLAIN only: nothing is read). */
export async function plannedRows(db: Kysely<Database>, query: CompiledQuery): Promise<number> {
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${query.sql}`, [...query.parameters]),
  );
  return Math.round(rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0);
}
