import type { Kysely } from 'kysely';

/**
 * A return's refund with no provider to go through (cash on delivery) is paid out by bank
 * transfer by hand: the owner records the transfer's reference and day, and the refund reads
 * paid (`refund_status = 'paid'`) in the return, the Orders page and the settlement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('return_requests')
    .addColumn('refund_reference', 'text')
    .addColumn('refund_paid_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('return_requests')
    .dropColumn('refund_reference')
    .dropColumn('refund_paid_at')
    .execute();
}
