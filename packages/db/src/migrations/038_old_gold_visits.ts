import { type Kysely } from 'kysely';

/**
 * An old-gold request as a counter takes it: where and when to collect the pieces (a pickup's
 * address and slot, or a store visit's slot), and the owner's test record at settlement (the
 * karat meter's reading, gross and net weight of each piece, a deduction and its reason), kept
 * with the request so the figure credited can always be explained.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('exchange_requests')
    .addColumn('address', 'text')
    .addColumn('slot_date', 'text')
    .addColumn('slot_window', 'text')
    .addColumn('test_record', 'jsonb')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('exchange_requests')
    .dropColumn('address')
    .dropColumn('slot_date')
    .dropColumn('slot_window')
    .dropColumn('test_record')
    .execute();
}
