import { sql, type Kysely } from 'kysely';

/**
 * Search that scales: pg_trgm, and `search_terms`, every word shoppers could mean (product titles,
 * brands, types, collections, occasions, colours, category names), kept by statement triggers.
 * A typed word no term starts with is corrected to its nearest term by trigram distance
 * ("neklace" → necklace) over this small table instead of over 100,000 titles.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE TABLE search_terms (term text PRIMARY KEY)`.execute(db);
  await sql`CREATE INDEX search_terms_trgm_idx ON search_terms USING gin (term gin_trgm_ops)`.execute(
    db,
  );
  await sql`
    CREATE FUNCTION search_terms_of(text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
      SELECT DISTINCT w FROM regexp_split_to_table(lower($1), '[^[:alnum:]]+') AS w
      WHERE length(w) >= 3
    $$`.execute(db);
  await sql`
    CREATE FUNCTION add_product_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO search_terms (term)
        SELECT DISTINCT t FROM new_rows,
          search_terms_of(concat_ws(' ', title, brand, type, collection_name, occasion, color)) AS t
        ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION add_category_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO search_terms (term)
        SELECT DISTINCT t FROM new_rows, search_terms_of(name) AS t
        ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$`.execute(db);
  // Statement triggers with transition tables: a bulk insert adds its words in one statement.
  for (const [table, fn] of [
    ['products', 'add_product_search_terms'],
    ['categories', 'add_category_search_terms'],
  ] as const) {
    for (const event of ['INSERT', 'UPDATE'] as const)
      await sql
        .raw(
          `CREATE TRIGGER ${table}_search_terms_${event.toLowerCase()} AFTER ${event} ON ${table}
           REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
        )
        .execute(db);
  }
  await sql`
    INSERT INTO search_terms (term)
      SELECT DISTINCT t FROM products,
        search_terms_of(concat_ws(' ', title, brand, type, collection_name, occasion, color)) AS t
      UNION SELECT t FROM categories, search_terms_of(name) AS t
    ON CONFLICT DO NOTHING`.execute(db);

  // Listings: every filter the storefront sends can start from an index that is already in
  // price order (its sort), and the plain price order has the id tie-break in it.
  await sql`DROP INDEX IF EXISTS products_price_idx`.execute(db);
  await sql`CREATE INDEX products_price_id_idx ON products (discounted_price, id)`.execute(db);
  await sql`CREATE INDEX products_color_price_idx ON products (color, discounted_price)`.execute(
    db,
  );
  await sql`CREATE INDEX products_occasion_price_idx ON products (occasion, discounted_price)`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS products_occasion_price_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS products_color_price_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS products_price_id_idx`.execute(db);
  await sql`CREATE INDEX products_price_idx ON products (discounted_price)`.execute(db);
  for (const table of ['products', 'categories'])
    for (const event of ['insert', 'update'])
      await sql
        .raw(`DROP TRIGGER IF EXISTS ${table}_search_terms_${event} ON ${table}`)
        .execute(db);
  await sql`DROP FUNCTION IF EXISTS add_product_search_terms()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS add_category_search_terms()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS search_terms_of(text)`.execute(db);
  await sql`DROP TABLE IF EXISTS search_terms`.execute(db);
}
