import { sql, type Kysely } from 'kysely';

/**
 * Listing facet counts group the live products by category, colour, occasion and
 * metal under a price and discount range. This narrow covering index (about a tenth of the
 * table) lets that read be an index-only scan: the range on its key, the grouped columns in its
 * INCLUDE, `id` for the stone-origin filter's lookup.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX products_facets_idx ON products (discounted_price, discount_percent)
    INCLUDE (category_name, color, occasion, type, collection_name, id)
    WHERE status = 'live'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX products_facets_idx`.execute(db);
}
