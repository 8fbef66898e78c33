import type { Kysely } from 'kysely';

/**
 * The request that caused an outbox row and an order event (X-Request-Id, or the id the server
 * made): `grep <id>` across server and worker logs, and this column, tell one payment's story.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('request_id', 'text').execute();
  await db.schema.alterTable('order_events').addColumn('request_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_events').dropColumn('request_id').execute();
  await db.schema.alterTable('outbox').dropColumn('request_id').execute();
}
