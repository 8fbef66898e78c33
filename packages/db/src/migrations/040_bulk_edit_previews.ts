import { sql, type Kysely } from 'kysely';

/**
 * A bulk edit's preview, kept server-side: the exact inputs it was made for, what each piece
 * goes from and to, and each product's version (`updated_at` and sizes' stock) as it read them.
 * The apply names the preview and is refused when its inputs or any product moved since, so
 * the owner applies only what was shown; `used_at` makes a preview good for one apply.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE bulk_edit_previews (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    input jsonb NOT NULL,
    pieces jsonb NOT NULL,
    versions jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    used_at timestamptz
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE bulk_edit_previews`.execute(db);
}
