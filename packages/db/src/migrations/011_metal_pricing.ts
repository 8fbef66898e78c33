import { sql, type Kysely } from 'kysely';

/**
 * Prices from metal rates:
 * - `metal_rates`: every published rate per metal and purity (integer paise per gram), kept as
 *   history; the current rate is the newest row of its purity;
 * - `rate_publications`: one per publish, with the repricing it started (progress, cursor for
 *   resuming after a crash, superseded by a newer publish);
 * - products say how they are priced (`fixed`, as typed, or `metal` from the rate, with making,
 *   stones and a making discount) and which rate row their stored prices used;
 * - sizes carry their net weight and their own stored prices (null: the product's, for fixed
 *   pricing), listings keep filtering and sorting on the products' stored columns;
 * - cart lines remember the price they were added at; order lines keep their breakup and rate.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE rate_publications (
      id bigserial PRIMARY KEY,
      published_by uuid REFERENCES users(id) ON DELETE SET NULL,
      published_at timestamptz NOT NULL DEFAULT now(),
      status text NOT NULL DEFAULT 'queued'
        CHECK (status IN ('queued', 'running', 'done', 'superseded')),
      total integer NOT NULL DEFAULT 0,
      done integer NOT NULL DEFAULT 0,
      cursor uuid,
      finished_at timestamptz
    )`.execute(db);
  await sql`
    CREATE TABLE metal_rates (
      id bigserial PRIMARY KEY,
      metal text NOT NULL CHECK (metal IN ('gold', 'silver', 'platinum')),
      purity text NOT NULL,
      rate_paise bigint NOT NULL CHECK (rate_paise > 0),
      publication_id bigint REFERENCES rate_publications(id) ON DELETE SET NULL,
      published_by uuid REFERENCES users(id) ON DELETE SET NULL,
      published_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX metal_rates_current_idx ON metal_rates (metal, purity, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX metal_rates_published_idx ON metal_rates (published_at)`.execute(db);

  await sql`
    ALTER TABLE products
      ADD COLUMN pricing_basis text NOT NULL DEFAULT 'fixed' CHECK (pricing_basis IN ('fixed', 'metal')),
      ADD COLUMN pricing_metal text,
      ADD COLUMN pricing_purity text,
      ADD COLUMN making_kind text CHECK (making_kind IN ('percent', 'perGram')),
      ADD COLUMN making_value numeric(10, 2),
      ADD COLUMN stones integer NOT NULL DEFAULT 0 CHECK (stones >= 0),
      ADD COLUMN making_discount_percent numeric(5, 2) NOT NULL DEFAULT 0
        CHECK (making_discount_percent BETWEEN 0 AND 100),
      ADD COLUMN metal_rate_id bigint REFERENCES metal_rates(id),
      ADD CONSTRAINT products_metal_pricing CHECK (
        pricing_basis = 'fixed' OR (pricing_metal IS NOT NULL AND pricing_purity IS NOT NULL
          AND making_kind IS NOT NULL AND making_value IS NOT NULL))`.execute(db);
  // Repricing walks metal-priced products in id order, batch by batch.
  await sql`CREATE INDEX products_metal_priced_idx ON products (id) WHERE pricing_basis = 'metal'`.execute(
    db,
  );
  await sql`
    ALTER TABLE product_sizes
      ADD COLUMN net_weight numeric(9, 3) CHECK (net_weight > 0),
      ADD COLUMN price integer CHECK (price > 0),
      ADD COLUMN discounted_price integer CHECK (discounted_price >= 0)`.execute(db);
  await sql`ALTER TABLE cart_items ADD COLUMN added_price integer`.execute(db);
  await sql`
    ALTER TABLE order_items
      ADD COLUMN price_breakup jsonb,
      ADD COLUMN metal_rate_id bigint REFERENCES metal_rates(id) ON DELETE SET NULL`.execute(db);

  // Repricing changes no words: it sets kanak.repricing for its transaction so the statement
  // trigger of migration 007 does not re-read every title it touches.
  await sql`
    CREATE OR REPLACE FUNCTION add_product_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF current_setting('kanak.repricing', true) = 'on' THEN RETURN NULL; END IF;
      INSERT INTO search_terms (term)
        SELECT DISTINCT t FROM new_rows,
          search_terms_of(concat_ws(' ', title, brand, type, collection_name, occasion, color)) AS t
        ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION add_product_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO search_terms (term)
        SELECT DISTINCT t FROM new_rows,
          search_terms_of(concat_ws(' ', title, brand, type, collection_name, occasion, color)) AS t
        ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$`.execute(db);
  await sql`ALTER TABLE order_items DROP COLUMN price_breakup, DROP COLUMN metal_rate_id`.execute(
    db,
  );
  await sql`ALTER TABLE cart_items DROP COLUMN added_price`.execute(db);
  await sql`ALTER TABLE product_sizes DROP COLUMN net_weight, DROP COLUMN price, DROP COLUMN discounted_price`.execute(
    db,
  );
  await sql`DROP INDEX IF EXISTS products_metal_priced_idx`.execute(db);
  await sql`
    ALTER TABLE products DROP CONSTRAINT products_metal_pricing,
      DROP COLUMN pricing_basis, DROP COLUMN pricing_metal, DROP COLUMN pricing_purity,
      DROP COLUMN making_kind, DROP COLUMN making_value, DROP COLUMN stones,
      DROP COLUMN making_discount_percent, DROP COLUMN metal_rate_id`.execute(db);
  await sql`DROP TABLE IF EXISTS metal_rates`.execute(db);
  await sql`DROP TABLE IF EXISTS rate_publications`.execute(db);
}
