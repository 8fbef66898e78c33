import { sql, type Expression, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { SKU_PATTERN } from '@kanak/shared';

/** Words of the query reduced to letters and digits, so they are safe inside to_tsquery. */
export function searchWords(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).slice(0, 10);
}

/**
 * Each typed word with what it may mean: itself, and for a word no catalogue term starts with,
 * its nearest term by trigram distance ("neklace" → necklace, "braclet" → bracelet).
 */
export async function spellWords(db: Kysely<Database>, words: string[]): Promise<string[][]> {
  // Words hold only letters and digits (searchWords), so they need no LIKE escaping.
  const { rows } = await sql<{ word: string; known: boolean; nearest: string | null }>`
    SELECT w.word,
      EXISTS (SELECT 1 FROM search_terms WHERE term LIKE w.word || '%') AS known,
      (SELECT term FROM search_terms WHERE term % w.word ORDER BY term <-> w.word LIMIT 1) AS nearest
    FROM unnest(${words}::text[]) WITH ORDINALITY AS w(word, n)
    ORDER BY w.n`.execute(db);
  return rows.map((r) =>
    !r.known && r.nearest && r.word.length >= 3 ? [r.word, r.nearest] : [r.word],
  );
}

/** What a search matches: every word (or its correction) as a prefix, from the GIN index. */
export interface SearchMatch {
  /** All words, each as a prefix: finds "ear" in earrings; the candidates come from this. */
  prefix: Expression<unknown>;
  /** The text as typed (websearch syntax): whole-word matches rank above prefixes. */
  web: Expression<unknown>;
  /** Products of categories whose name starts with the text ("jhumka", "mangal sutra"). */
  categoryIds: string[];
  /** The live product whose SKU (or one of whose size SKUs) is exactly the text: it alone. */
  skuProductId?: string | null;
}

export async function searchMatch(db: Kysely<Database>, q: string): Promise<SearchMatch | null> {
  const bySku = await productIdBySku(db, q, true);
  if (bySku)
    return {
      prefix: sql`''::tsquery`,
      web: sql`''::tsquery`,
      categoryIds: [],
      skuProductId: bySku,
    };
  const words = searchWords(q);
  if (words.length === 0) return null;
  const spelled = await spellWords(db, words);
  const text = spelled
    .map((alternatives) => `(${alternatives.map((w) => `${w}:*`).join(' | ')})`)
    .join(' & ');
  const phrase = spelled.map((a) => a.at(-1)).join(' ');
  // Words hold only letters and digits, so they need no LIKE escaping.
  const namePatterns = [`${phrase}%`, `%-${phrase}%`];
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
  return {
    prefix: sql`to_tsquery('english', ${text})`,
    web: sql`websearch_to_tsquery('english', ${q.replaceAll('\u0000', '').trim()})`,
    categoryIds,
  };
}

/**
 * The product an exact SKU names (its own or a size's, any case), or null. `liveOnly`:
 * the storefront's search, which shows live products only.
 */
export async function productIdBySku(
  db: Kysely<Database>,
  text: string,
  liveOnly: boolean,
): Promise<string | null> {
  const sku = text.trim().toUpperCase();
  if (!SKU_PATTERN.test(sku)) return null;
  const { rows } = await sql<{ id: string }>`
    SELECT p.id FROM products p WHERE upper(p.sku) = ${sku}
    UNION ALL
    SELECT s.product_id FROM product_sizes s WHERE upper(s.sku) = ${sku}
    LIMIT 1`.execute(db);
  const id = rows[0]?.id;
  if (!id || !liveOnly) return id ?? null;
  const live = await db
    .selectFrom('products')
    .select('id')
    .where('id', '=', id)
    .where('status', '=', 'live')
    .executeTakeFirst();
  return live ? id : null;
}

/**
 * The WHERE of a search: one GIN index scan, OR'd with the category ids (a bitmap of two); an
 * exact SKU matches its product alone. Only live products are ever found.
 */
export function matches(match: SearchMatch) {
  return (eb: ExpressionBuilder<Database, 'products'>) =>
    match.skuProductId
      ? eb('products.id', '=', match.skuProductId)
      : eb.and([eb('products.status', '=', 'live'), textMatches(match)(eb)]);
}

function textMatches(match: SearchMatch) {
  return (eb: ExpressionBuilder<Database, 'products'>) =>
    eb.or([
      sql<boolean>`products.search_vector @@ ${match.prefix}`,
      ...(match.categoryIds.length ? [eb('products.category_id', 'in', match.categoryIds)] : []),
    ]);
}
