import { sql, type Kysely } from 'kysely';

/**
 * Returns and exchanges inside the policy:
 * - `return_requests`: the shopper's ask (return for money, or exchange for store credit) with
 *   its state, the refusal's reason, the HUID check on receipt and the refund owed (paise). One
 *   live request per order (a refused one may be asked again): the order's one credit note is
 *   the return's;
 * - `return_items`: the order lines asked back, and the HUIDs found on the pieces received;
 * - `return_events`: every move, one row with its actor. (return_id, to_state) is unique: a
 *   move is made once, so a double click on "refund" refunds, credits and restocks once.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('return_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('return', 'exchange')`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('requested')
        .check(sql`state IN ('requested', 'approved', 'refused', 'received', 'refunded')`),
    )
    .addColumn('refused_reason', 'text')
    .addColumn('huid_mismatch', 'text')
    .addColumn('refund_paise', 'bigint', (c) => c.notNull().check(sql`refund_paise >= 0`))
    .addColumn('refund_status', 'text', (c) =>
      c.check(sql`refund_status IN ('due', 'asked', 'paid', 'credited')`),
    )
    .addColumn('window_ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`CREATE UNIQUE INDEX return_requests_live_key ON return_requests (order_id)
    WHERE state <> 'refused'`.execute(db);
  await db.schema
    .createTable('return_items')
    .addColumn('return_id', 'uuid', (c) =>
      c.notNull().references('return_requests.id').onDelete('cascade'),
    )
    .addColumn('order_item_id', 'uuid', (c) =>
      c.notNull().references('order_items.id').onDelete('cascade'),
    )
    .addColumn('received_huids', sql`text[]`)
    .addPrimaryKeyConstraint('return_items_pkey', ['return_id', 'order_item_id'])
    .execute();
  await db.schema
    .createTable('return_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('return_id', 'uuid', (c) =>
      c.notNull().references('return_requests.id').onDelete('cascade'),
    )
    .addColumn('from_state', 'text')
    .addColumn('to_state', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull().check(sql`actor IN ('customer', 'admin')`))
    .addColumn('actor_user_id', 'uuid')
    .addColumn('note', 'text')
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('return_events_move_key', ['return_id', 'to_state'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('return_events').execute();
  await db.schema.dropTable('return_items').execute();
  await db.schema.dropTable('return_requests').execute();
}
