import { sql, type Kysely } from 'kysely';

/**
 * Dead letters an admin can act on: the order a job was about, and how it was
 * resolved (retried or dismissed), by whom and when. Refusals stay out of this table; the System
 * page counts them from the outbox rows that record them (the partial index below).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('dead_letters')
    .addColumn('order_id', 'uuid')
    .addColumn('resolution', 'text', (c) => c.check(sql`resolution IN ('retried', 'dismissed')`))
    .addColumn('resolved_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('retry_job_id', 'text')
    .execute();
  await sql`UPDATE dead_letters SET order_id = (payload->>'orderId')::uuid
    WHERE payload->>'orderId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'`.execute(
    db,
  );
  await db.schema
    .createIndex('dead_letters_open_idx')
    .on('dead_letters')
    .column('created_at')
    .where(sql.ref('resolved_at'), 'is', null)
    .execute();
  await sql`CREATE INDEX outbox_refused_idx ON outbox (queue) WHERE outcome->>'kind' = 'refused'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS outbox_refused_idx`.execute(db);
  await db.schema.dropIndex('dead_letters_open_idx').ifExists().execute();
  await db.schema
    .alterTable('dead_letters')
    .dropColumn('retry_job_id')
    .dropColumn('resolved_at')
    .dropColumn('resolved_by')
    .dropColumn('resolution')
    .dropColumn('order_id')
    .execute();
}
