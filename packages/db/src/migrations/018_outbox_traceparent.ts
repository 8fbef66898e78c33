import type { Kysely } from 'kysely';

/**
 * The trace an outbox row was written in (W3C traceparent of the request's span, when
 * OpenTelemetry runs): the relay hands it to the job beside the request id, and the worker's job
 * span is its child, so one trace runs from the request to the job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('traceparent', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('traceparent').execute();
}
