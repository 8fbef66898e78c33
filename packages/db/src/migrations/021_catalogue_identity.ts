import { sql, type Kysely } from 'kysely';

/**
 * A product's design number and state, and one truth for its hallmark.
 *
 * - `products.sku` and `product_sizes.sku`, each unique in the shop. A row inserted without one
 *   (the seed, the bench generator, a client that sends none) gets one from a trigger:
 *   `<metal letter><3 letters of its category>-<first 8 hex of its id>` (GRIN-CF8CDA5F), its
 *   sizes `<product sku>-<weight>` (GRIN-CF8CDA5F-5G). Made from the id, so a seeded shop has the
 *   same SKUs on every machine; on the rare clash of 8 hex digits the whole id is used.
 * - `products.status`: `draft`, `live` (the default: a client that says nothing gets today's
 *   behaviour) or `archived`.
 * - The hallmark of a metal-priced gold piece is its priced purity's mark (916 → 22K916) and a
 *   metal-priced silver or platinum piece has none: a trigger keeps it so on every write of the
 *   pricing or the mark, and the rows the seed got wrong (20 of 118 gold pieces said 18K750 beside
 *   a 22K breakup) are put right here.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE products
      ADD COLUMN sku text,
      ADD COLUMN status text NOT NULL DEFAULT 'live'
        CHECK (status IN ('draft', 'live', 'archived'))`.execute(db);
  await sql`ALTER TABLE product_sizes ADD COLUMN sku text`.execute(db);

  await sql`
    CREATE FUNCTION product_sku_default(p_id uuid, p_type text, p_category text) RETURNS text
    LANGUAGE plpgsql AS $$
    DECLARE
      code text := upper(left(coalesce(p_type, 'x'), 1)) ||
        upper(left(regexp_replace(coalesce(p_category, ''), '[^A-Za-z]', '', 'g'), 3));
      candidate text := code || '-' || upper(left(replace(p_id::text, '-', ''), 8));
    BEGIN
      IF EXISTS (SELECT 1 FROM products WHERE upper(sku) = candidate AND id <> p_id) THEN
        candidate := code || '-' || upper(replace(p_id::text, '-', ''));
      END IF;
      RETURN candidate;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION size_sku_default(s_id uuid, s_product uuid, s_weight text) RETURNS text
    LANGUAGE plpgsql AS $$
    DECLARE
      candidate text := (SELECT sku FROM products WHERE id = s_product) || '-' ||
        upper(regexp_replace(s_weight, '[^0-9A-Za-z.]', '', 'g'));
    BEGIN
      IF candidate IS NULL OR EXISTS (SELECT 1 FROM product_sizes WHERE upper(sku) = candidate AND id <> s_id) THEN
        candidate := coalesce(candidate, 'SIZE') || '-' || upper(left(replace(s_id::text, '-', ''), 8));
      END IF;
      RETURN candidate;
    END $$`.execute(db);
  // Named after products_category_name (008) so it runs after it: BEFORE triggers fire in name order.
  await sql`
    CREATE FUNCTION set_product_sku() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.sku IS NULL OR btrim(NEW.sku) = '' THEN
        NEW.sku := product_sku_default(NEW.id, NEW.type, NEW.category_name);
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER products_sku BEFORE INSERT OR UPDATE OF sku ON products
    FOR EACH ROW EXECUTE FUNCTION set_product_sku()`.execute(db);
  await sql`
    CREATE FUNCTION set_size_sku() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.sku IS NULL OR btrim(NEW.sku) = '' THEN
        NEW.sku := size_sku_default(NEW.id, NEW.product_id, NEW.weight);
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER product_sizes_sku BEFORE INSERT OR UPDATE OF sku ON product_sizes
    FOR EACH ROW EXECUTE FUNCTION set_size_sku()`.execute(db);

  // Existing rows, in id order so the rare clash goes the same way on every machine.
  await sql`
    UPDATE products p SET sku = s.sku FROM (
      SELECT id, code || '-' || CASE WHEN row_number() OVER (PARTITION BY code, short ORDER BY id) = 1
          THEN short ELSE upper(replace(id::text, '-', '')) END AS sku
      FROM (
        SELECT id,
          upper(left(type, 1)) || upper(left(regexp_replace(category_name, '[^A-Za-z]', '', 'g'), 3)) AS code,
          upper(left(replace(id::text, '-', ''), 8)) AS short
        FROM products) k) s
    WHERE s.id = p.id`.execute(db);
  await sql`
    UPDATE product_sizes ps SET sku = p.sku || '-' || upper(regexp_replace(ps.weight, '[^0-9A-Za-z.]', '', 'g'))
    FROM products p WHERE p.id = ps.product_id`.execute(db);
  await sql`ALTER TABLE products ALTER COLUMN sku SET NOT NULL`.execute(db);
  await sql`ALTER TABLE product_sizes ALTER COLUMN sku SET NOT NULL`.execute(db);
  // Unique whatever the case typed: an exact SKU search ignores case.
  await sql`CREATE UNIQUE INDEX products_sku_key ON products (upper(sku))`.execute(db);
  await sql`CREATE UNIQUE INDEX product_sizes_sku_key ON product_sizes (upper(sku))`.execute(db);

  // A metal-priced product's stored prices (what listings sort and filter by) are those of the
  // size its page opens on: the first in stock, else the first. Repricing and saves store them so
  // (reprice-sql.ts); a size selling out or coming back moves them through this, called by the
  // worker after the stock moved (its own short transaction) and by the seed. NULL: every product.
  await sql`
    CREATE FUNCTION settle_opening_prices(ids uuid[]) RETURNS integer LANGUAGE sql AS $$
      WITH o AS (
        SELECT DISTINCT ON (s.product_id) s.product_id, s.price, s.discounted_price
        FROM product_sizes s
        WHERE (ids IS NULL OR s.product_id = ANY (ids)) AND s.price IS NOT NULL
        ORDER BY s.product_id, s.stock > 0 DESC, s.position),
      u AS (
        UPDATE products p SET price = o.price, discounted_price = o.discounted_price,
          discount_percent = CASE WHEN o.discounted_price >= o.price THEN 0
            ELSE ((o.price - o.discounted_price) * 100) / o.price END
        FROM o
        WHERE p.id = o.product_id AND p.pricing_basis = 'metal'
          AND (p.price, p.discounted_price) IS DISTINCT FROM (o.price, o.discounted_price)
        RETURNING 1)
      SELECT count(*)::int FROM u $$`.execute(db);
  await sql`SELECT settle_opening_prices(NULL)`.execute(db);

  // Repricing counts what its confirmation counted: metal-priced products whose price changed.
  await sql`ALTER TABLE rate_publications ADD COLUMN changed integer NOT NULL DEFAULT 0`.execute(
    db,
  );

  // One truth for the hallmark of a metal-priced piece: the mark of the purity it is priced at.
  await sql`
    CREATE FUNCTION gold_mark(purity text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
      SELECT CASE purity WHEN '999' THEN '24K999' WHEN '995' THEN '24K995' WHEN '958' THEN '23K958'
        WHEN '916' THEN '22K916' WHEN '833' THEN '20K833' WHEN '750' THEN '18K750'
        WHEN '585' THEN '14K585' WHEN '375' THEN '9K375' END $$`.execute(db);
  await sql`
    CREATE FUNCTION set_priced_hallmark() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.pricing_basis = 'metal' THEN
        NEW.hallmark := CASE WHEN NEW.pricing_metal = 'gold' THEN gold_mark(NEW.pricing_purity) END;
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  // Only writes naming these columns fire it: repricing (prices only) pays nothing for it.
  await sql`
    CREATE TRIGGER products_priced_hallmark
    BEFORE INSERT OR UPDATE OF pricing_basis, pricing_metal, pricing_purity, hallmark ON products
    FOR EACH ROW EXECUTE FUNCTION set_priced_hallmark()`.execute(db);
  await sql`
    UPDATE products SET hallmark = CASE WHEN pricing_metal = 'gold' THEN gold_mark(pricing_purity) END
    WHERE pricing_basis = 'metal'
      AND hallmark IS DISTINCT FROM CASE WHEN pricing_metal = 'gold' THEN gold_mark(pricing_purity) END`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS products_priced_hallmark ON products`.execute(db);
  await sql`DROP FUNCTION IF EXISTS set_priced_hallmark()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS gold_mark(text)`.execute(db);
  await sql`DROP TRIGGER IF EXISTS product_sizes_sku ON product_sizes`.execute(db);
  await sql`DROP TRIGGER IF EXISTS products_sku ON products`.execute(db);
  await sql`DROP FUNCTION IF EXISTS set_size_sku()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS set_product_sku()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS size_sku_default(uuid, uuid, text)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS product_sku_default(uuid, text, text)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS settle_opening_prices(uuid[])`.execute(db);
  await sql`ALTER TABLE rate_publications DROP COLUMN IF EXISTS changed`.execute(db);
  await sql`ALTER TABLE product_sizes DROP COLUMN IF EXISTS sku`.execute(db);
  await sql`ALTER TABLE products DROP COLUMN IF EXISTS sku, DROP COLUMN IF EXISTS status`.execute(
    db,
  );
}
