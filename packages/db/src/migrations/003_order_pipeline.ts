import { type Kysely } from 'kysely';

/**
 * Idempotent order pipeline: every status move applied by a queued job records the job's key,
 * unique, so a job re-run after a worker crash finds its move already applied.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('order_events')
    .addColumn('job_key', 'text', (c) => c.unique())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_events').dropColumn('job_key').execute();
}
