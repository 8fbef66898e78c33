import { sql, type Kysely } from 'kysely';

/**
 * Transactional outbox: a payment return, a webhook or an admin move is written here before it
 * is acknowledged; a relay moves unsent rows to BullMQ and the worker records each outcome.
 * Redis is a transport: nothing about money lives only there.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('queue', 'text', (c) => c.notNull())
    // pay-{provider payment id} or move-{uuid}: a duplicate return or webhook finds its row.
    .addColumn('job_key', 'text', (c) => c.notNull().unique())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    // Bumped when a settled row is sent again (payment not captured yet, or a dead-lettered fault).
    .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // When the relay should (re)send it: now, after a backoff, or after the resend lease.
    .addColumn('available_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('outcome', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The relay's claim: rows without an outcome, by when they are due.
  await sql`CREATE INDEX outbox_due ON outbox (available_at, id) WHERE finished_at IS NULL`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('outbox').execute();
}
