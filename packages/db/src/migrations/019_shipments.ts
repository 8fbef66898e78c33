import { sql, type Kysely } from 'kysely';

/**
 * Shipments: the parcel an order left in — carrier (code and name as shipped), AWB,
 * the tracking page as it was then, the insured value in paise (the order's value), when and by
 * whom. One per order, written by the order ledger with the SHIPPED move. The day's manifest
 * reads them by dispatch time.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shipments')
    .addColumn('order_id', 'uuid', (c) =>
      c.primaryKey().references('orders.id').onDelete('cascade'),
    )
    .addColumn('carrier_code', 'text', (c) => c.notNull())
    .addColumn('carrier_name', 'text', (c) => c.notNull())
    .addColumn('awb', 'text', (c) => c.notNull().check(sql`awb ~ '^[A-Z0-9-]{6,30}$'`))
    .addColumn('tracking_url', 'text', (c) => c.notNull())
    .addColumn('insured_value_paise', 'bigint', (c) =>
      c.notNull().check(sql`insured_value_paise >= 0`),
    )
    .addColumn('shipped_at', 'timestamptz', (c) => c.notNull())
    .addColumn('actor_user_id', 'uuid')
    .execute();
  await db.schema
    .createIndex('shipments_shipped_at_idx')
    .on('shipments')
    .column('shipped_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('shipments').execute();
}
