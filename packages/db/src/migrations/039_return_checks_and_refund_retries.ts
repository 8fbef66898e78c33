import { sql, type Kysely } from 'kysely';

/**
 * Returns that can always finish, refunds that are retried:
 * - a return may be put `on_hold` after receipt (`hold_reason` says why, for the owner); a
 *   received HUID may be corrected, so `received` is logged again: the one-event-per-state rule
 *   keeps to the moves made once (requested, approved, refused, refunded);
 * - `refunds.tries`: how many times the worker has asked the provider within one attempt (each
 *   try is its own idempotency key, so a refused refund is asked again as a fresh one);
 * - `instalment_refunds`: a savings-scheme instalment owed back (paid twice, after closing, the
 *   wrong amount) paid back through the provider, once per instalment payment (unique), with the
 *   same states and tries as an order's refund.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE return_requests DROP CONSTRAINT return_requests_state_check`.execute(db);
  await sql`ALTER TABLE return_requests ADD CONSTRAINT return_requests_state_check
    CHECK (state IN ('requested', 'approved', 'refused', 'received', 'on_hold', 'refunded'))`.execute(
    db,
  );
  await db.schema.alterTable('return_requests').addColumn('hold_reason', 'text').execute();
  await sql`ALTER TABLE return_events DROP CONSTRAINT return_events_move_key`.execute(db);
  await sql`CREATE UNIQUE INDEX return_events_move_key ON return_events (return_id, to_state)
    WHERE to_state IN ('requested', 'approved', 'refused', 'refunded')`.execute(db);
  await db.schema
    .alterTable('refunds')
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('instalment_refunds')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('scheme_payment_id', 'uuid', (c) =>
      c.notNull().unique().references('scheme_payments.id'),
    )
    .addColumn('enrolment_id', 'uuid', (c) => c.notNull().references('scheme_enrolments.id'))
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('state', 'text', (c) =>
      c.notNull().check(sql`state IN ('processing', 'processed', 'failed')`),
    )
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_payment_id', 'text', (c) => c.notNull())
    .addColumn('provider_refund_id', 'text')
    .addColumn('failure', 'text')
    .addColumn('requested_by', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('processed_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('instalment_refunds').execute();
  await db.schema.alterTable('refunds').dropColumn('tries').execute();
  await sql`DROP INDEX return_events_move_key`.execute(db);
  await sql`ALTER TABLE return_events ADD CONSTRAINT return_events_move_key UNIQUE (return_id, to_state)`.execute(
    db,
  );
  await db.schema.alterTable('return_requests').dropColumn('hold_reason').execute();
  await sql`ALTER TABLE return_requests DROP CONSTRAINT return_requests_state_check`.execute(db);
  await sql`ALTER TABLE return_requests ADD CONSTRAINT return_requests_state_check
    CHECK (state IN ('requested', 'approved', 'refused', 'received', 'refunded'))`.execute(db);
}
