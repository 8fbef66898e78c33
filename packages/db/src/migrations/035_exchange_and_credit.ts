import { sql, type Kysely } from 'kysely';

/**
 * Old-gold exchange and store credit:
 * - `exchange_requests`: a shopper's ask for a pickup or a store visit, with the pieces as they
 *   described them and the estimate at that day's rate (paise); the owner settles it after
 *   testing with a final value, as exchange credit or paid out;
 * - `customer_credit_entries`: the customer's store credit as an append-only book (a balance is
 *   the sum). Each entry names its source; (source, source_id) is unique, so a settled exchange
 *   or a refunded return credits once however often it is clicked.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('exchange_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('contact_name', 'text', (c) => c.notNull())
    .addColumn('contact_phone', 'text', (c) => c.notNull())
    .addColumn('visit', 'text', (c) => c.notNull().check(sql`visit IN ('pickup', 'store')`))
    .addColumn('pin', 'text')
    .addColumn('note', 'text')
    .addColumn('items', 'jsonb', (c) => c.notNull())
    .addColumn('estimate_paise', 'bigint', (c) => c.notNull().check(sql`estimate_paise >= 0`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('requested')
        .check(sql`status IN ('requested', 'credited', 'paid_out', 'cancelled')`),
    )
    .addColumn('final_paise', 'bigint', (c) => c.check(sql`final_paise >= 0`))
    .addColumn('settled_at', 'timestamptz')
    .addColumn('settled_by', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('exchange_requests_created_idx')
    .on('exchange_requests')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('customer_credit_entries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('amount_paise', 'bigint', (c) => c.notNull().check(sql`amount_paise <> 0`))
    .addColumn('source', 'text', (c) =>
      c.notNull().check(sql`source IN ('exchange', 'return', 'order', 'adjustment')`),
    )
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('actor_user_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('customer_credit_entries_source_key', ['source', 'source_id'])
    .execute();
  await db.schema
    .createIndex('customer_credit_entries_user_idx')
    .on('customer_credit_entries')
    .column('user_id')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('customer_credit_entries').execute();
  await db.schema.dropTable('exchange_requests').execute();
}
