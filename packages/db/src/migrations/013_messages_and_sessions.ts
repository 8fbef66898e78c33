import { sql, type Kysely } from 'kysely';

/**
 * Mail through its own outbox (notifications), tokens that can be ended (token_version),
 * password resets and back-in-stock alerts.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    // event + recipient + kind: the event's transaction writing it twice keeps one row.
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('user_id', 'uuid')
    .addColumn('order_id', 'uuid')
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    // pending → queued → connecting → sending (body written, end of data next) → sent;
    // failed (refused for good) or unknown (died after the end of data: never sent again).
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('queued_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('message_id', 'text')
    .addColumn('subject', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX notifications_due ON notifications (next_attempt_at, id) WHERE status IN ('pending', 'queued', 'connecting')`.execute(
    db,
  );
  await sql`CREATE INDEX notifications_created ON notifications (created_at DESC, id DESC)`.execute(
    db,
  );

  // Bumped by a reset, a change, "log out of all devices", a demotion or a removal: every
  // token signed with an older version answers 401.
  await db.schema
    .alterTable('users')
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Whatever path changes a password, demotes an admin or removes an account (the API,
  // `admin:create`, plain SQL), its older tokens end with it.
  await sql`CREATE FUNCTION users_end_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.password_hash IS DISTINCT FROM OLD.password_hash
        OR (OLD.role = 'ADMIN' AND NEW.role <> 'ADMIN')
        OR (OLD.removed_at IS NULL AND NEW.removed_at IS NOT NULL) THEN
        NEW.token_version := OLD.token_version + 1;
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`CREATE TRIGGER users_end_sessions BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION users_end_sessions()`.execute(
    db,
  );

  await db.schema
    .createTable('password_resets')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // sha256 of the token mailed; one row per user, so only the latest link works.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('stock_alerts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('product_id', 'uuid', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('weight', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    // The unsubscribe link's secret (no login needed).
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Set when the restock mail was written; a later sell-out and restock mails again.
    .addColumn('notified_at', 'timestamptz')
    .addColumn('unsubscribed_at', 'timestamptz')
    .execute();
  await sql`CREATE UNIQUE INDEX stock_alerts_one ON stock_alerts (product_id, weight, lower(email))`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stock_alerts').execute();
  await db.schema.dropTable('password_resets').execute();
  await sql`DROP TRIGGER users_end_sessions ON users`.execute(db);
  await sql`DROP FUNCTION users_end_sessions()`.execute(db);
  await db.schema.alterTable('users').dropColumn('token_version').execute();
  await db.schema.dropTable('notifications').execute();
}
