import { sql, type Kysely } from 'kysely';

/**
 * Refunds paid back through the provider. One row per payment and purpose
 * (`refund-due` for money owed back; a return names its own), so a double click or a re-run of
 * the job finds the row it made. `attempt` grows when the owner asks again after the provider
 * reported the refund failed: each attempt is a fresh idempotency key at the provider.
 * No foreign key to orders: a payment on a deleted order is refunded too.
 *
 * `payments.received_at`: when the provider's payment was recorded on the row (the settlement
 * report's date). Set by a trigger the first time a row carries a provider payment id, so every
 * writer (return, webhook, reconciliation, a second payment on one link) dates it alike; rows
 * from before take their last update.
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
  await db.schema.alterTable('payments').addColumn('received_at', 'timestamptz').execute();
  await sql`UPDATE payments SET received_at = updated_at WHERE provider_payment_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE FUNCTION payments_received_at() RETURNS trigger AS $$
    BEGIN
      IF NEW.provider_payment_id IS NOT NULL AND NEW.received_at IS NULL THEN
        NEW.received_at := now();
      END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`.execute(db);
  await sql`CREATE TRIGGER payments_received_at BEFORE INSERT OR UPDATE ON payments
    FOR EACH ROW EXECUTE FUNCTION payments_received_at()`.execute(db);
  await sql`CREATE INDEX payments_received ON payments (received_at) WHERE received_at IS NOT NULL`.execute(
    db,
  );
  // The reconciliation run asks about refunds the provider has not settled yet.
  await sql`CREATE INDEX refunds_processing ON refunds (updated_at) WHERE state = 'processing'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER payments_received_at ON payments`.execute(db);
  await sql`DROP FUNCTION payments_received_at()`.execute(db);
  await db.schema.alterTable('payments').dropColumn('received_at').execute();
  await db.schema.dropTable('refunds').execute();
}
