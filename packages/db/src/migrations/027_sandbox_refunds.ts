import { sql, type Kysely } from 'kysely';

/**
 * The sandbox provider's own record of the refunds it was asked for (the sandbox keeps no other
 * state: its payment ids are derived). One row per idempotency key, as Razorpay keeps one refund
 * per X-Refund-Idempotency key; `calls` counts the asks, so tests see a re-run joined the first.
 * `sandbox_refund_failures` tells it to fail the next refund of a payment (tests, demos).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sandbox_refunds')
    .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
    .addColumn('refund_id', 'text', (c) => c.notNull().unique())
    .addColumn('payment_id', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('failure', 'text')
    .addColumn('calls', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('sandbox_refund_failures')
    .addColumn('payment_id', 'text', (c) => c.primaryKey())
    .addColumn('reason', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_refund_failures').execute();
  await db.schema.dropTable('sandbox_refunds').execute();
}
