import { sql, type Kysely } from 'kysely';

/**
 * A rate alert asked for an address nobody has proven (a visitor, or an account whose e-mail is
 * not verified): kept apart until the link mailed to that address is used, so that neither a new
 * alert nor a change, a re-arm or a lifted unsubscribe of an existing one happens without a new
 * confirmation. `confirmed_at` keeps a second click of the same link answering the same.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_alert_requests')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('metal', 'text', (c) => c.notNull())
    .addColumn('purity', 'text', (c) => c.notNull())
    .addColumn('below_paise', 'bigint', (c) => c.notNull().check(sql`below_paise > 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('confirmed_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_alert_requests').execute();
}
