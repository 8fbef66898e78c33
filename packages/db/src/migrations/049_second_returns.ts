import { sql, type Kysely } from 'kysely';

/**
 * The rest of a partly returned line may be returned in a request of its own once the first is
 * finished: one open request per order (requested, approved, received, on hold), not one ever;
 * and each return's credit note is its own, so an order has one invoice and any number of
 * credit notes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX return_requests_live_key`.execute(db);
  await sql`CREATE UNIQUE INDEX return_requests_open_key ON return_requests (order_id)
    WHERE state IN ('requested', 'approved', 'received', 'on_hold')`.execute(db);
  await sql`ALTER TABLE invoices DROP CONSTRAINT invoices_order_kind_key`.execute(db);
  await sql`CREATE UNIQUE INDEX invoices_one_invoice_key ON invoices (order_id)
    WHERE kind = 'INVOICE'`.execute(db);
  await sql`CREATE INDEX invoices_order_kind ON invoices (order_id, kind)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX invoices_order_kind`.execute(db);
  await sql`DROP INDEX invoices_one_invoice_key`.execute(db);
  await sql`ALTER TABLE invoices ADD CONSTRAINT invoices_order_kind_key UNIQUE (order_id, kind)`.execute(
    db,
  );
  await sql`DROP INDEX return_requests_open_key`.execute(db);
  await sql`CREATE UNIQUE INDEX return_requests_live_key ON return_requests (order_id)
    WHERE state <> 'refused'`.execute(db);
}
