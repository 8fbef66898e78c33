import { sql, type Kysely } from 'kysely';

/** Why a REFUND_PENDING payment is owed back, as a code the shop can show (not parsed from notes). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('payments')
    .addColumn('refund_reason', 'text', (c) =>
      c.check(
        sql`refund_reason IN ('SOLD_OUT', 'ORDER_NOT_PENDING', 'AMOUNT_MISMATCH', 'CANCELLED_BY_SHOP')`,
      ),
    )
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('refund_reason').execute();
}
