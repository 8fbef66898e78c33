import { sql, type Kysely } from 'kysely';

/**
 * When an unpaid order's prices were last quoted: the quote holds for a payment link's life
 * (PAYMENT_LINK_TTL_MINUTES); a link asked for after that re-quotes at today's rates.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('quoted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`UPDATE orders SET quoted_at = order_date`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('quoted_at').execute();
}
