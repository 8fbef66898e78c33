import { sql, type Kysely } from 'kysely';

/**
 * The order ledger:
 * - payments are history: no foreign key to orders, so deleting an unpaid order keeps its
 *   (cancelled) links, and a payment later made on one still finds its row to be refunded;
 * - a link carries its expiry, and may be CANCELLED (order deleted or cancelled) or EXPIRED;
 * - LINK_CLOSED: money taken on a link the shop no longer wanted is owed back;
 * - admin moves travel on the queue named for the one verb, 'order-moves'.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE payments DROP CONSTRAINT IF EXISTS payments_order_id_fkey`.execute(db);
  await sql`ALTER TABLE payments DROP CONSTRAINT IF EXISTS payments_status_check`.execute(db);
  await sql`ALTER TABLE payments ADD CONSTRAINT payments_status_check
    CHECK (status IN ('CREATED', 'PAID', 'FAILED', 'REFUND_PENDING', 'CANCELLED', 'EXPIRED'))`.execute(
    db,
  );
  await sql`ALTER TABLE payments DROP CONSTRAINT IF EXISTS payments_refund_reason_check`.execute(
    db,
  );
  await sql`ALTER TABLE payments ADD CONSTRAINT payments_refund_reason_check
    CHECK (refund_reason IN ('SOLD_OUT', 'ORDER_NOT_PENDING', 'AMOUNT_MISMATCH', 'CANCELLED_BY_SHOP', 'LINK_CLOSED'))`.execute(
    db,
  );
  await db.schema.alterTable('payments').addColumn('expires_at', 'timestamptz').execute();
  // Reconciliation looks for open links by age; the expiry bounds that search now.
  await sql`CREATE INDEX payments_open_idx ON payments (expires_at) WHERE status = 'CREATED'`.execute(
    db,
  );
  await sql`UPDATE outbox SET queue = 'order-moves' WHERE queue = 'order-transitions'`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`UPDATE outbox SET queue = 'order-transitions' WHERE queue = 'order-moves'`.execute(db);
  await sql`DROP INDEX IF EXISTS payments_open_idx`.execute(db);
  await db.schema.alterTable('payments').dropColumn('expires_at').execute();
}
