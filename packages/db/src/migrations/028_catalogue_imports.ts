import { sql, type Kysely } from 'kysely';

/**
 * The owner's catalogue imports (CSV or XLSX, one row per product).
 *
 * - `catalogue_imports`: one upload's dry run and, once applied, its progress. `state` moves
 *   validated → applying → applied (or failed); `applied` counts rows done, of `total` to apply.
 * - `catalogue_import_rows`: each valid row that changes something, with the product input it
 *   saves. `applied_at` is written in the same transaction as the product, so a worker killed
 *   mid-apply and restarted skips what it did and applies every row exactly once.
 * - `catalogue_import_images`: images brought in a zip, by content hash: the same picture
 *   imported again gets the same URL, so a re-import changes nothing.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE catalogue_imports (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      file_name text NOT NULL,
      state text NOT NULL DEFAULT 'validated'
        CHECK (state IN ('validated', 'applying', 'applied', 'failed')),
      summary jsonb NOT NULL,
      errors jsonb NOT NULL DEFAULT '[]',
      total integer NOT NULL DEFAULT 0,
      applied integer NOT NULL DEFAULT 0,
      failed integer NOT NULL DEFAULT 0,
      message text,
      finished_at timestamptz
    )`.execute(db);
  await sql`
    CREATE TABLE catalogue_import_rows (
      import_id uuid NOT NULL REFERENCES catalogue_imports(id) ON DELETE CASCADE,
      row_no integer NOT NULL,
      sku text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('new', 'changed', 'archived')),
      product_id uuid,
      input jsonb NOT NULL,
      diff jsonb NOT NULL DEFAULT '[]',
      applied_at timestamptz,
      error text,
      PRIMARY KEY (import_id, row_no)
    )`.execute(db);
  await sql`
    CREATE TABLE catalogue_import_images (
      sha256 text PRIMARY KEY,
      url text NOT NULL
    )`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS catalogue_import_images`.execute(db);
  await sql`DROP TABLE IF EXISTS catalogue_import_rows`.execute(db);
  await sql`DROP TABLE IF EXISTS catalogue_imports`.execute(db);
}
