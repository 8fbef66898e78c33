import { sql, type Kysely } from 'kysely';

/**
 * Listings filter by the third-level category's name (every `ring`, under Gold or Diamond alike)
 * and sort by price: with the name on the product row, one index (name, price, id) serves the
 * filter and the order together, so a page reads about its own rows instead of walking the whole
 * price index or sorting every ring. Triggers keep the copy true when a product moves or a
 * category is renamed.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE products ADD COLUMN category_name text`.execute(db);
  await sql`
    UPDATE products p SET category_name = c.name FROM categories c WHERE c.id = p.category_id
  `.execute(db);
  await sql`ALTER TABLE products ALTER COLUMN category_name SET NOT NULL`.execute(db);
  await sql`
    CREATE FUNCTION set_product_category_name() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.category_name := (SELECT name FROM categories WHERE id = NEW.category_id);
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER products_category_name BEFORE INSERT OR UPDATE OF category_id ON products
    FOR EACH ROW EXECUTE FUNCTION set_product_category_name()`.execute(db);
  await sql`
    CREATE FUNCTION rename_category_products() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE products SET category_name = NEW.name WHERE category_id = NEW.id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER categories_rename_products AFTER UPDATE OF name ON categories
    FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
    EXECUTE FUNCTION rename_category_products()`.execute(db);
  await sql`
    CREATE INDEX products_category_name_price_idx ON products (category_name, discounted_price, id)
  `.execute(db);
  // 'You May Also Like': the newest of the same category.
  await sql`
    CREATE INDEX products_category_name_created_idx ON products (category_name, created_at, id)
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS categories_rename_products ON categories`.execute(db);
  await sql`DROP TRIGGER IF EXISTS products_category_name ON products`.execute(db);
  await sql`DROP FUNCTION IF EXISTS rename_category_products()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS set_product_category_name()`.execute(db);
  await sql`ALTER TABLE products DROP COLUMN IF EXISTS category_name`.execute(db);
}
