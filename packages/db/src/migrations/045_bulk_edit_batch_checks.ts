import { sql, type Kysely } from 'kysely';

/**
 * The worker re-checks each batch of a bulk edit against its preview: each product keeps the
 * version the preview read (`checked_version`: `updated_at` and sizes' stock), and a product
 * that moved since is left as it is with the reason (`refused`), while the others go on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE bulk_edit_products
    ADD COLUMN checked_version text,
    ADD COLUMN refused text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE bulk_edit_products DROP COLUMN checked_version, DROP COLUMN refused`.execute(
    db,
  );
}
