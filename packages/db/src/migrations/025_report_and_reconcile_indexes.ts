import { sql, type Kysely } from 'kysely';

/**
 * - `payments.reconciled`: the link had its last check (an answer from the provider after its
 *   expiry and grace): the reconciliation run stops asking about it. Its partial index holds
 *   only the links still in question, so dead links cost the run nothing however many there are
 *   (an index predicate cannot hold `expires_at + interval`, which is not immutable).
 * - reports read invoices and credit notes by issue time, a page at a time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('payments')
    .addColumn('reconciled', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`UPDATE payments SET reconciled = true
    WHERE provider_payment_id IS NOT NULL OR updated_at > expires_at + interval '10 minutes'`.execute(
    db,
  );
  await sql`CREATE INDEX payments_to_reconcile ON payments (updated_at)
    WHERE NOT reconciled AND provider_payment_id IS NULL`.execute(db);
  await sql`CREATE INDEX invoices_issued ON invoices (issued_at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX invoices_issued`.execute(db);
  await sql`DROP INDEX payments_to_reconcile`.execute(db);
  await db.schema.alterTable('payments').dropColumn('reconciled').execute();
}
