import { sql, type Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { INT32_MAX, searchSortOf, type ProductFilter, type SearchPage } from '@kanak/shared';
import { cachedCount } from './listing-counts';
import { productsMatching } from './list-products';
import { PRODUCT_COLUMNS, toProductViews } from './product-view';
import { matches, searchMatch, searchWords, type SearchMatch } from './search-match';

/** The answer shapes are declared once, as zod schemas in @kanak/shared. */
export type { SearchPage };

/** At most this many "Did you mean" searches are offered. */
const MAX_ALTERNATIVES = 3;

/**
 * /search?q=…: every product the header search matches (typed words as prefixes, misspelt words
 * also as their nearest catalogue term, category names), narrowed by the listing's filters, paged
 * and ordered by relevance or price. A search with no match offers the nearest catalogue words
 * instead, each only when it finds something.
 */
export async function searchListing(
  db: Kysely<Database>,
  q: string,
  filter: ProductFilter,
  sortText?: unknown,
): Promise<SearchPage> {
  const match = await searchMatch(db, q);
  if (!match) return emptyPage(filter, []);
  const query = productsMatching(db, filter).where(matches(match));
  const sort = searchSortOf(sortText);
  const direction = sort === 'high_to_low' ? 'desc' : 'asc';
  const selected = query.select([...PRODUCT_COLUMNS]);
  const sorted =
    sort === 'relevance'
      ? selected
          .orderBy(
            sql`ts_rank(products.search_vector, ${match.web}) * 2 + ts_rank(products.search_vector, ${match.prefix})`,
            'desc',
          )
          .orderBy('products.created_at', 'desc')
          .orderBy('products.id')
      : selected.orderBy('products.discounted_price', direction).orderBy('products.id', direction);
  const { pageNumber: _p, pageSize: _s, sort: _o, ...counted } = filter;
  const [total, rows, priceRange] = await Promise.all([
    cachedCount(db, `search:${q.trim().toLowerCase()}:${JSON.stringify(counted)}`, async () =>
      Number(
        (await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n,
      ),
    ),
    sorted
      .limit(filter.pageSize)
      .offset((filter.pageNumber - 1) * filter.pageSize)
      .execute(),
    searchPriceRange(db, match, filter),
  ]);
  const page = {
    content: await toProductViews(db, rows),
    totalPages: Math.ceil(total / filter.pageSize),
    currentPage: filter.pageNumber,
    totalElements: total,
    priceRange,
    alternatives: [] as string[],
  };
  if (total === 0) page.alternatives = await alternativeSearches(db, q);
  return page;
}

/** The matches' price span with the price filter left out: the slider's range. */
async function searchPriceRange(db: Kysely<Database>, match: SearchMatch, filter: ProductFilter) {
  const row = await productsMatching(db, { ...filter, minPrice: 0, maxPrice: INT32_MAX })
    .where(matches(match))
    .select((eb) => [
      eb.fn.min('products.discounted_price').as('min'),
      eb.fn.max('products.discounted_price').as('max'),
    ])
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
