import { sql, type Kysely } from 'kysely';

// Removing a customer must not erase the shop's order history: the account is marked removed
// and scrubbed instead of deleted (orders keep pointing at it).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('removed_at', 'timestamptz').execute();
  await sql`CREATE INDEX users_active_created_idx ON users (created_at) WHERE removed_at IS NULL`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS users_active_created_idx`.execute(db);
  await db.schema.alterTable('users').dropColumn('removed_at').execute();
}
