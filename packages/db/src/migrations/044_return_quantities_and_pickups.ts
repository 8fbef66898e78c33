import { sql, type Kysely } from 'kysely';

/**
 * Returns as a customer expects them:
 * - `return_items.quantity`: how many pieces of the line come back (a line of 2 may return 1);
 *   rows from before are whole lines, so they take the line's quantity;
 * - the reverse pickup an approval records on `return_requests`: collected by a carrier
 *   (`courier`: the address, an India date and a window, the carrier and the reverse AWB the owner
 *   booked) or sent by the shopper (`post`: the instructions they read).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('return_items').addColumn('quantity', 'integer').execute();
  await sql`UPDATE return_items SET quantity = order_items.quantity
    FROM order_items WHERE order_items.id = return_items.order_item_id`.execute(db);
  await sql`ALTER TABLE return_items ALTER COLUMN quantity SET NOT NULL,
    ADD CONSTRAINT return_items_quantity_check CHECK (quantity > 0)`.execute(db);
  await db.schema
    .alterTable('return_requests')
    .addColumn('pickup_method', 'text', (c) => c.check(sql`pickup_method IN ('courier', 'post')`))
    .addColumn('pickup_address', 'text')
    .addColumn('pickup_date', 'text')
    .addColumn('pickup_window', 'text')
    .addColumn('pickup_carrier', 'text')
    .addColumn('pickup_awb', 'text')
    .addColumn('pickup_instructions', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('return_requests')
    .dropColumn('pickup_method')
    .dropColumn('pickup_address')
    .dropColumn('pickup_date')
    .dropColumn('pickup_window')
    .dropColumn('pickup_carrier')
    .dropColumn('pickup_awb')
    .dropColumn('pickup_instructions')
    .execute();
  await db.schema.alterTable('return_items').dropColumn('quantity').execute();
}
