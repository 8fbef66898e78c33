import { sql, type Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { INT32_MAX, searchSortOf, type ProductFilter, type SearchPage } from '@kanak/shared';
import { cachedCount } from './listing-counts';
import { productsMatching } from './list-products';
import { PRODUCT_COLUMNS, toProductViews } from './product-view';
import { plannedRows } from './search-products';
import { matches, searchMatch, searchWords, type SearchMatch } from './search-match';

/** The answer shapes are declared once, as zod schemas in @kanak/shared. */
export type { SearchPage };

/** At most this many "Did you mean" searches are offered. */
const MAX_ALTERNATIVES = 3;

/**
 * The most matches /search ranks by relevance, counts exactly and spans for the price slider: a
 * short word ("ear") matches tens of thousands of products, and reading them all on every page
 * would cost the whole table. Beyond it, the total is the planner's estimate and relevance pages
 * stop at the best ones; price order still pages through every match (from the price index).
 */
export const SEARCH_PAGE_CANDIDATES = 1000;

export interface SearchListingOptions {
  q: string;
  filter: ProductFilter;
  sortText?: unknown;
}

/**
 * /search?q=…: every product the header search matches (typed words as prefixes, misspelt words
 * also as their nearest catalogue term, category names), narrowed by the listing's filters, paged
 * and ordered by relevance or price. A search with no match offers the nearest catalogue words
 * instead, each only when it finds something.
 */
export async function searchListing(
  db: Kysely<Database>,
  { q, filter, sortText }: SearchListingOptions,
): Promise<SearchPage> {
  const match = await searchMatch(db, q);
  if (!match) return emptyPage(filter, []);
  const query = productsMatching(db, filter).where(matches(match));
  const sort = searchSortOf(sortText);
  const direction = sort === 'high_to_low' ? 'desc' : 'asc';
  const offset = (filter.pageNumber - 1) * filter.pageSize;
  // Relevance ranks the first SEARCH_PAGE_CANDIDATES matches only (as the header search does).
  const candidates = query
    .select([...PRODUCT_COLUMNS, 'products.search_vector'])
    .limit(SEARCH_PAGE_CANDIDATES)
    .as('c');
  const page =
    sort === 'relevance'
      ? db
          .selectFrom(candidates)
          .selectAll('c')
          .orderBy(
            sql`ts_rank(c.search_vector, ${match.web}) * 2 + ts_rank(c.search_vector, ${match.prefix})`,
            'desc',
          )
          .orderBy('c.created_at', 'desc')
          .orderBy('c.id')
          .limit(filter.pageSize)
          .offset(offset)
      : query
          .select([...PRODUCT_COLUMNS])
          .orderBy('products.discounted_price', direction)
          .orderBy('products.id', direction)
          .limit(filter.pageSize)
          .offset(offset);
  const { pageNumber: _p, pageSize: _s, sort: _o, ...counted } = filter;
  const [total, rows, priceRange] = await Promise.all([
    cachedCount(db, `search:${q.trim().toLowerCase()}:${JSON.stringify(counted)}`, async () => {
      const capped = query
        .select('products.id')
        .limit(SEARCH_PAGE_CANDIDATES + 1)
        .as('m');
      const found = Number(
        (
          await db
            .selectFrom(capped)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
      if (found <= SEARCH_PAGE_CANDIDATES) return found;
      const estimate = await plannedRows(db, query.select('products.id').compile());
      return Math.max(found, estimate);
    }),
    page.execute(),
    searchPriceRange(db, match, filter),
  ]);
  const shown = sort === 'relevance' ? Math.min(total, SEARCH_PAGE_CANDIDATES) : total;
  const result = {
    content: await toProductViews(db, rows),
    totalPages: Math.ceil(shown / filter.pageSize),
    currentPage: filter.pageNumber,
    totalElements: total,
    priceRange,
    alternatives: [] as string[],
  };
  if (total === 0) result.alternatives = await alternativeSearches(db, q);
  return result;
}

/**
 * The matches' price span with the price filter left out: the slider's range (over the first
 * SEARCH_PAGE_CANDIDATES matches, so a broad word does not read the whole table).
 */
async function searchPriceRange(db: Kysely<Database>, match: SearchMatch, filter: ProductFilter) {
  const prices = productsMatching(db, { ...filter, minPrice: 0, maxPrice: INT32_MAX })
    .where(matches(match))
    .select('products.discounted_price as price')
    .limit(SEARCH_PAGE_CANDIDATES)
    .as('p');
  const row = await db
    .selectFrom(prices)
    .select((eb) => [eb.fn.min('p.price').as('min'), eb.fn.max('p.price').as('max')])
    .executeTakeFirst();
  return row?.min == null || row.max == null
    ? null
    : { min: Number(row.min), max: Number(row.max) };
}

function emptyPage(filter: ProductFilter, alternatives: string[]): SearchPage {
  return {
    content: [],
    totalPages: 0,
    currentPage: filter.pageNumber,
    totalElements: 0,
    priceRange: null,
    alternatives,
  };
}

/**
 * Searches to offer when one finds nothing: a typed word swapped for one of its nearest catalogue
 * words (search_terms, trigram distance), or one word of several alone; at most three, each kept
 * only when it finds something.
 */
export async function alternativeSearches(db: Kysely<Database>, q: string): Promise<string[]> {
  const words = searchWords(q);
  if (words.length === 0) return [];
  const { rows } = await sql<{ n: number; term: string }>`
    SELECT w.n, t.term
    FROM unnest(${words}::text[]) WITH ORDINALITY AS w(word, n)
    CROSS JOIN LATERAL (
      SELECT term FROM search_terms
      WHERE term % w.word AND term <> w.word
      ORDER BY term <-> w.word LIMIT ${MAX_ALTERNATIVES}
    ) t
    ORDER BY w.n`.execute(db);
  const nearest = words.map((_, i) => rows.filter((r) => Number(r.n) === i + 1).map((r) => r.term));
  // One word swapped for a near catalogue word, nearest first; then, for several words, each
  // word alone (a combination no piece has: "pearl bangle").
  const candidates = new Set<string>();
  for (let rank = 0; rank < MAX_ALTERNATIVES; rank++)
    words.forEach((_, i) => {
      const alt = nearest[i]![rank];
      if (alt) candidates.add(words.map((w, j) => (j === i ? alt : w)).join(' '));
    });
  if (words.length > 1) for (const word of words) candidates.add(word);
  const kept: string[] = [];
  for (const text of candidates) {
    if (kept.length === MAX_ALTERNATIVES) break;
    const match = await searchMatch(db, text);
    if (!match) continue;
    const hit = await db
      .selectFrom('products')
      .select('products.id')
      .where(matches(match))
      .limit(1)
      .executeTakeFirst();
    if (hit) kept.push(text);
  }
  return kept;
}
