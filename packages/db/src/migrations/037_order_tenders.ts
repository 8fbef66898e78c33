import { sql, type Kysely } from 'kysely';

/**
 * Order tenders (issues 36 and 33): the part of an order paid by a balance the shop holds for
 * the customer — a matured savings scheme or store credit — rather than by the payment link.
 * A tender is HELD while its order waits for the rest, SPENT once the order is placed, and
 * RETURNED (to the scheme or the credit, never as cash) when the order is cancelled. One live
 * tender per kind per order (a second tab finds the first's), so a balance is spent once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_tenders')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // Cascade: only a PENDING order without money can be deleted, and its tenders are returned first.
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('scheme', 'store_credit')`))
    .addColumn('enrolment_id', 'uuid', (c) => c.references('scheme_enrolments.id'))
    .addColumn('amount_paise', 'bigint', (c) => c.notNull().check(sql`amount_paise > 0`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('HELD')
        .check(sql`status IN ('HELD', 'SPENT', 'RETURNED')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .addCheckConstraint(
      'order_tenders_scheme_has_enrolment',
      sql`(kind = 'scheme') = (enrolment_id IS NOT NULL)`,
    )
    .execute();
  await sql`CREATE UNIQUE INDEX order_tenders_one_live ON order_tenders (order_id, kind) WHERE status <> 'RETURNED'`.execute(
    db,
  );
  await sql`CREATE INDEX order_tenders_enrolment ON order_tenders (enrolment_id) WHERE enrolment_id IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_tenders').execute();
}
