import { sql, type Kysely } from 'kysely';

/**
 * Refunds paid back through the provider (issue 31, item 2). One row per payment and purpose
 * (`refund-due` for money owed back; a return names its own), so a double click or a re-run of
 * the job finds the row it made. `attempt` grows when the owner asks again after the provider
 * reported the refund failed: each attempt is a fresh idempotency key at the provider.
 * No foreign key to orders: a payment on a deleted order is refunded too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('refunds')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('payment_id', 'uuid', (c) => c.notNull().references('payments.id'))
    .addColumn('order_id', 'uuid', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('state', 'text', (c) =>
      c.notNull().check(sql`state IN ('processing', 'processed', 'failed')`),
    )
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_payment_id', 'text', (c) => c.notNull())
    .addColumn('provider_refund_id', 'text')
    .addColumn('failure', 'text')
    .addColumn('requested_by', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('processed_at', 'timestamptz')
    .addUniqueConstraint('refunds_once_per_purpose', ['payment_id', 'purpose'])
    .execute();
  await db.schema.createIndex('refunds_order_idx').on('refunds').column('order_id').execute();
  // The reconciliation run asks about refunds the provider has not settled yet.
  await sql`CREATE INDEX refunds_processing ON refunds (updated_at) WHERE state = 'processing'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('refunds').execute();
}
