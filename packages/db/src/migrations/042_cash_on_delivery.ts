import { sql, type Kysely } from 'kysely';

/**
 * Cash on delivery. `cod_orders` holds an order the shopper chose to pay in cash: the one-time
 * code's hash and its deadline (an unconfirmed order is cancelled after it), the wrong tries, the
 * fee asked, and what the carrier reported (cash collected, or refused: the parcel comes back and
 * the shopper is kept from COD for a while). Which zones allow COD is configuration (DELIVERY_ZONES).
 * A carrier's remittance is a `payments` row with provider 'cod', at most one per order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cod_orders')
    .addColumn('order_id', 'uuid', (c) =>
      c.primaryKey().references('orders.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('confirm_by', 'timestamptz', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fee_rupees', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`fee_rupees >= 0`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('outcome', 'text', (c) => c.check(sql`outcome IN ('collected', 'refused')`))
    .addColumn('outcome_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX cod_orders_refused ON cod_orders (user_id, outcome_at) WHERE outcome = 'refused'`.execute(
    db,
  );
  await sql`CREATE INDEX cod_orders_awaiting ON cod_orders (confirm_by) WHERE confirmed_at IS NULL`.execute(
    db,
  );
  // The carrier's remittance is recorded once per order, however often its file is applied.
  await sql`CREATE UNIQUE INDEX payments_one_cod_remittance ON payments (order_id) WHERE provider = 'cod'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX payments_one_cod_remittance`.execute(db);
  await db.schema.dropTable('cod_orders').execute();
}
