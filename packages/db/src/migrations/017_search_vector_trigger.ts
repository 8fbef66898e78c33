import { sql, type Kysely } from 'kysely';

/**
 * products.search_vector was a stored generated column, which PostgreSQL computes again on every
 * UPDATE of the row: repricing 100,000 products spent most of its time re-tokenising titles and
 * descriptions whose words had not changed. The same expression is now kept by a trigger that
 * fires only when one of its text columns is written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE products ALTER COLUMN search_vector DROP EXPRESSION`.execute(db);
  await sql`CREATE FUNCTION products_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.search_vector :=
        setweight(to_tsvector('english', coalesce(NEW.title, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(NEW.brand, '') || ' ' || coalesce(NEW.type, '')), 'B') ||
        setweight(to_tsvector('english', coalesce(NEW.collection_name, '') || ' ' || coalesce(NEW.occasion, '') || ' ' || coalesce(NEW.color, '')), 'C') ||
        setweight(to_tsvector('english', coalesce(NEW.description, '')), 'D');
      RETURN NEW;
    END $$`.execute(db);
  await sql`CREATE TRIGGER products_search_vector
    BEFORE INSERT OR UPDATE OF title, brand, type, collection_name, occasion, color, description
    ON products FOR EACH ROW EXECUTE FUNCTION products_search_vector()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER products_search_vector ON products`.execute(db);
  await sql`DROP FUNCTION products_search_vector()`.execute(db);
  await sql`ALTER TABLE products DROP COLUMN search_vector`.execute(db);
  await sql`ALTER TABLE products ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(brand, '') || ' ' || coalesce(type, '')), 'B') ||
    setweight(to_tsvector('english', coalesce(collection_name, '') || ' ' || coalesce(occasion, '') || ' ' || coalesce(color, '')), 'C') ||
    setweight(to_tsvector('english', coalesce(description, '')), 'D')) STORED`.execute(db);
  await sql`CREATE INDEX products_search_idx ON products USING gin (search_vector)`.execute(db);
}
