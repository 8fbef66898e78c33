import { sql, type Kysely } from 'kysely';

/**
 * Bulk edits of the products table: one row per batch (its change, progress and
 * undo), one row per product it covers. A product row keeps what the edit replaced (`before`:
 * the product's columns and its sizes' stock) and what it left (`after_updated_at`,
 * `after_stock`), so an undo can tell whether anything newer touched the product since: a save
 * moves `updated_at`, a sale or restock moves a size's stock.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE bulk_edits (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    change jsonb NOT NULL,
    state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
    total integer NOT NULL,
    done integer NOT NULL DEFAULT 0,
    changed integer NOT NULL DEFAULT 0,
    created_by uuid REFERENCES users(id),
    created_at timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz,
    undone_at timestamptz
  )`.execute(db);
  await sql`CREATE TABLE bulk_edit_products (
    bulk_edit_id uuid NOT NULL REFERENCES bulk_edits(id) ON DELETE CASCADE,
    product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    applied boolean NOT NULL DEFAULT false,
    changed boolean NOT NULL DEFAULT false,
    before jsonb,
    after_updated_at timestamptz,
    after_stock jsonb,
    undone boolean NOT NULL DEFAULT false,
    PRIMARY KEY (bulk_edit_id, product_id)
  )`.execute(db);
  // "Is there a newer bulk edit of this product?" when undoing.
  await sql`CREATE INDEX bulk_edit_products_product ON bulk_edit_products (product_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE bulk_edit_products`.execute(db);
  await sql`DROP TABLE bulk_edits`.execute(db);
}
