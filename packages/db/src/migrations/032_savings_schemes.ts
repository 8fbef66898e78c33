import { sql, type Kysely } from 'kysely';

/**
 * Monthly savings schemes (jewellery.md, "Savings schemes"). A plan is what the owner
 * offers; an enrolment copies the plan's terms when it is made, so a later edit (or a pause) of
 * the plan never changes what an enrolled shopper was promised. Instalments are paid through
 * payment links of their own (scheme_payments), confirmed by the same provider, outbox, worker
 * and reconciliation as orders' payments: one PAID row per instalment (a partial unique index),
 * a provider payment recorded once (unique).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scheme_plans')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('min_instalment', 'integer', (c) => c.notNull().check(sql`min_instalment > 0`))
    .addColumn('step', 'integer', (c) => c.notNull().check(sql`step > 0`))
    .addColumn('instalments', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(10)
        .check(sql`instalments BETWEEN 1 AND 11`),
    )
    .addColumn('bonus_percent', 'integer', (c) =>
      c.notNull().check(sql`bonus_percent BETWEEN 0 AND 100`),
    )
    .addColumn('grace_days', 'integer', (c) => c.notNull().check(sql`grace_days BETWEEN 0 AND 27`))
    .addColumn('missed_rule', 'text', (c) =>
      c.notNull().check(sql`missed_rule IN ('MOVE_MATURITY', 'SHRINK_BONUS')`),
    )
    .addColumn('bonus_cut_percent', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`bonus_cut_percent BETWEEN 0 AND 100`),
    )
    .addColumn('redeem_within_days', 'integer', (c) =>
      c.notNull().check(sql`redeem_within_days > 0`),
    )
    .addColumn('terms', 'text', (c) => c.notNull())
    .addColumn('paused', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('scheme_enrolments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('scheme_plans.id'))
    // The plan's terms as they were at enrolment (kept whatever the plan becomes).
    .addColumn('plan_name', 'text', (c) => c.notNull())
    .addColumn('instalments', 'integer', (c) => c.notNull())
    .addColumn('bonus_percent', 'integer', (c) => c.notNull())
    .addColumn('grace_days', 'integer', (c) => c.notNull())
    .addColumn('missed_rule', 'text', (c) => c.notNull())
    .addColumn('bonus_cut_percent', 'integer', (c) => c.notNull())
    .addColumn('redeem_within_days', 'integer', (c) => c.notNull())
    .addColumn('terms', 'text', (c) => c.notNull())
    /** Whole rupees, every month. */
    .addColumn('instalment', 'integer', (c) => c.notNull().check(sql`instalment > 0`))
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('pan', 'text')
    .addColumn('nominee', 'text')
    // India date (YYYY-MM-DD) of the first instalment's payment: every due date counts from it.
    .addColumn('started_on', 'text', (c) => c.check(sql`started_on ~ '^\\d{4}-\\d{2}-\\d{2}$'`))
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('PENDING')
        .check(sql`state IN ('PENDING', 'ACTIVE', 'MATURED', 'REDEEMED', 'CLOSED')`),
    )
    .addColumn('matured_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX scheme_enrolments_user ON scheme_enrolments (user_id, created_at DESC)`.execute(
    db,
  );
  // The scheduler reads the enrolments still paying or waiting to mature.
  await sql`CREATE INDEX scheme_enrolments_running ON scheme_enrolments (state) WHERE state IN ('ACTIVE', 'MATURED')`.execute(
    db,
  );

  await db.schema
    .createTable('scheme_payments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('enrolment_id', 'uuid', (c) =>
      c.notNull().references('scheme_enrolments.id').onDelete('cascade'),
    )
    .addColumn('n', 'integer', (c) => c.notNull().check(sql`n >= 1`))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('payment_link_id', 'text', (c) => c.notNull().unique())
    .addColumn('payment_link_url', 'text', (c) => c.notNull())
    .addColumn('provider_payment_id', 'text', (c) => c.unique())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('CREATED')
        .check(sql`status IN ('CREATED', 'PAID', 'EXPIRED', 'REFUND_PENDING')`),
    )
    /** Whole rupees. */
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz')
    .addColumn('reconciled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Exactly once: an instalment is paid by one payment, whatever confirms it.
  await sql`CREATE UNIQUE INDEX scheme_payments_one_paid ON scheme_payments (enrolment_id, n) WHERE status = 'PAID'`.execute(
    db,
  );
  await sql`CREATE INDEX scheme_payments_to_reconcile ON scheme_payments (updated_at)
    WHERE reconciled = false AND provider_payment_id IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scheme_payments').execute();
  await db.schema.dropTable('scheme_enrolments').execute();
  await db.schema.dropTable('scheme_plans').execute();
}
