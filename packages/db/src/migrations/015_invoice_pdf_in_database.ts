import type { Kysely } from 'kysely';

/**
 * An invoice's PDF is kept beside its number, in PostgreSQL (a few tens of kB each): the worker
 * attaches it to the order mails without the uploads store, every server reads the same bytes,
 * and a backup of the database holds the legal record whole. 012 (which added `pdf_key`) ships in
 * the same release as this one, so no kept PDF is dropped outside a development database (where
 * an invoice downloaded before is simply rendered again).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invoices').addColumn('pdf', 'bytea').execute();
  await db.schema.alterTable('invoices').dropColumn('pdf_key').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invoices').addColumn('pdf_key', 'text').execute();
  await db.schema.alterTable('invoices').dropColumn('pdf').execute();
}
