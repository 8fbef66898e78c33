import type { Kysely } from 'kysely';

/**
 * A carrier's remittance that differs from the cash an order was to collect is recorded as the
 * money that arrived, and its difference kept on the order (remitted − due, rupees: negative
 * short, positive over). A short one stays flagged until the owner resolves it with a note (the
 * rest received, or written off).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('cod_orders')
    .addColumn('remittance_difference', 'integer')
    .addColumn('difference_resolved_at', 'timestamptz')
    .addColumn('difference_note', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('cod_orders')
    .dropColumn('remittance_difference')
    .dropColumn('difference_resolved_at')
    .dropColumn('difference_note')
    .execute();
}
