import { sql, type Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { suggestCategories, type Suggestions } from '@kanak/shared';
import { productIdBySku, searchWords, spellWords } from './search-match';
import { getProduct } from './get-product';

export const SUGGEST_DEFAULT_LIMIT = 6;

/** Title matches looked at per keystroke: enough for six distinct titles, never a full scan. */
const SUGGEST_CANDIDATES = 200;

/**
 * Header autocomplete: distinct product titles whose words start with the typed words (or a typo's
 * nearest catalogue term), from the search index's title weight, and the menu's listing pages by
 * name. A capped candidate set is ranked, so a one-letter prefix costs what a word does.
 */
export async function suggestProducts(
  db: Kysely<Database>,
  q: string,
  limit = SUGGEST_DEFAULT_LIMIT,
): Promise<Suggestions> {
  // An exact SKU suggests its product alone.
  const bySku = await productIdBySku(db, q, true);
  if (bySku) {
    const view = await getProduct(db, bySku);
    return {
      products: [
        {
          _id: view._id,
          title: view.title,
          imageUrl: view.imageUrls[0]?.imageUrl ?? null,
          discountedPrice: view.discountedPrice,
        },
      ],
      categories: [],
    };
  }
  const words = searchWords(q);
  const categories = suggestCategories(words.join(' '));
  if (words.length === 0) return { products: [], categories };
  const spelled = await spellWords(db, words);
  // Letters and digits only (searchWords); ':*A' is a prefix match on title words.
  const text = spelled.map((alts) => `(${alts.map((w) => `${w}:*A`).join(' | ')})`).join(' & ');
  const query = sql`to_tsquery('english', ${text})`;
  const candidates = db
    .selectFrom('products')
    .select(['products.id', 'products.title', 'products.discounted_price', 'products.created_at'])
    .select(sql<number>`ts_rank(products.search_vector, ${query})`.as('rank'))
    .where(sql<boolean>`products.search_vector @@ ${query}`)
    .where('products.status', '=', 'live')
    .limit(SUGGEST_CANDIDATES)
    .as('c');
  const distinct = db
    .selectFrom(candidates)
    .distinctOn('c.title')
    .selectAll('c')
    .orderBy('c.title')
    .orderBy('c.created_at', 'desc')
    .as('d');
  const rows = await db
    .selectFrom(distinct)
    .select(['d.id', 'd.title', 'd.discounted_price'])
    .select((eb) =>
      eb
        .selectFrom('product_images')
        .select('product_images.url')
        .whereRef('product_images.product_id', '=', 'd.id')
        .orderBy('product_images.position')
        .limit(1)
        .as('image_url'),
    )
    .orderBy('d.rank', 'desc')
    .orderBy(sql`length(d.title)`)
    .orderBy('d.title')
    .limit(limit)
    .execute();
  return {
    products: rows.map((r) => ({
      _id: r.id,
      title: r.title,
      imageUrl: r.image_url,
      discountedPrice: r.discounted_price,
    })),
    categories,
  };
}
