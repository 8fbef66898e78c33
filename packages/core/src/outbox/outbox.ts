import { sql, type Kysely } from 'kysely';
import type { Database, OutboxOutcome } from '@kanak/db';
import { DOMAIN_ERROR_KINDS, DomainError } from '../common';
import type { z } from 'zod';
import type { JobPayload, RelayedJob, outboxRefSchema } from '../queues';
import { currentRequestId } from '../operations';
import { currentTraceparent } from '../telemetry';

/** One outbox row as a job knows it: the worker records its outcome against this generation. */
export type OutboxRef = z.output<typeof outboxRefSchema>;

export interface OutboxIntent<J extends RelayedJob = RelayedJob> {
  /** The job the row becomes: its queue, and the version stamped on the payload. */
  job: J;
  /** pay-{order}-{payment} or move-{uuid}: a second write of the same key joins the first row. */
  jobKey: string;
  payload: JobPayload<J>;
  /**
   * Send a refused row again too (a signed webhook: a refusal on an earlier, unsigned return,
   * such as "not known to the provider" a moment too early, must not decide it).
   */
  retryRefused?: boolean;
}

/**
 * The BullMQ job id of a row's generation: a second send of it (a relay that crashed before
 * marking it, or the resend of a job Redis lost) is ignored while Redis keeps the first.
 */
export const outboxJobId = (ref: OutboxRef) => `ob-${ref.outboxId}-${ref.generation}`;

/** The columns of a row sent again under a new generation: a fresh start, due now. */
export const sendAgain = () => ({
  attempts: 0,
  available_at: sql<Date>`now()`,
  sent_at: null,
  last_error: null,
  finished_at: null,
  outcome: null,
});

/**
 * Writes an intent before it is acknowledged. A duplicate key joins the existing row, unless
 * that row ran and its answer may change (a fault that was dead-lettered, or a payment not
 * captured yet): then it is sent again under a new generation.
 */
export async function writeOutbox<J extends RelayedJob>(
  db: Kysely<Database>,
  intent: OutboxIntent<J>,
): Promise<OutboxRef> {
  const row = await db
    .insertInto('outbox')
    .values({
      queue: intent.job.queue,
      job_key: intent.jobKey,
      payload: JSON.stringify({ ...intent.payload, v: intent.job.version }),
      request_id: currentRequestId() ?? null,
      traceparent: currentTraceparent() ?? null,
    })
    .onConflict((oc) =>
      oc
        .column('job_key')
        .doUpdateSet((eb) => ({
          generation: eb('outbox.generation', '+', 1),
          ...sendAgain(),
          // A send again belongs to the request that asked for it (a later return or webhook).
          request_id: currentRequestId() ?? null,
          traceparent: currentTraceparent() ?? null,
        }))
        .where('outbox.finished_at', 'is not', null)
        .where(
          sql<boolean>`(outbox.outcome->>'kind' = 'fault' OR outbox.outcome->>'settled' = 'false' OR (${intent.retryRefused ?? false} AND outbox.outcome->>'kind' = 'refused'))`,
        ),
    )
    .returning(['id', 'generation'])
    .executeTakeFirst();
  const ref =
    row ??
    (await db
      .selectFrom('outbox')
      .select(['id', 'generation'])
      .where('job_key', '=', intent.jobKey)
      .executeTakeFirstOrThrow());
  return { outboxId: ref.id, generation: ref.generation };
}

/** The worker's record of one row's outcome: a batch of one (recordOutboxOutcomes). */
export async function recordOutboxOutcome(
  db: Kysely<Database>,
  ref: OutboxRef,
  outcome: OutboxOutcome,
): Promise<void> {
  await recordOutboxOutcomes(db, [{ ref, outcome }]);
}

/**
 * The worker's record of what rows' jobs did, in one statement (one row, or a batch of
 * confirmations); a stale generation (sent again since) is ignored. A job that ran was sent,
 * even when the relay heard no answer (Redis paused as it took the job): `sent_at` is set then,
 * or the row would look unsent for good (the chaos soak found one).
 */
export async function recordOutboxOutcomes(
  db: Kysely<Database>,
  records: Array<{ ref: OutboxRef; outcome: OutboxOutcome }>,
): Promise<void> {
  if (records.length === 0) return;
  const rows = records.map(
    ({ ref, outcome }) =>
      sql`(${ref.outboxId}::bigint, ${ref.generation}::int, ${JSON.stringify(outcome)}::jsonb)`,
  );
  await sql`UPDATE outbox SET finished_at = now(), outcome = v.outcome,
      sent_at = coalesce(outbox.sent_at, now())
    FROM (VALUES ${sql.join(rows)}) AS v(id, generation, outcome)
    WHERE outbox.id = v.id AND outbox.generation = v.generation`.execute(db);
}

/** How a refusal is kept in the outbox, and read back as the same DomainError. */
export const refusalOutcome = (error: DomainError): OutboxOutcome => ({
  kind: 'refused',
  error: error.kind,
  message: error.message,
});

/**
 * The kinds a recorded refusal is read back as; any other text is a BAD_REQUEST. UNAVAILABLE
 * stays out, as before (no outbox job refuses with it).
 */
const REFUSAL_KINDS = DOMAIN_ERROR_KINDS.filter((kind) => kind !== 'UNAVAILABLE');

/** Which outbox row to wait on, for how long, polling how often (50 ms when left out). */
export interface WaitForOutboxOutcomeOptions {
  ref: OutboxRef;
  timeoutMs: number;
  everyMs?: number;
}

/**
 * Waits (polling the row) until the worker has recorded an outcome, at most `timeoutMs`.
 * Answers the job's value, throws its refusal as a DomainError, or null: not applied yet (or a
 * fault the relay and reconciliation will still settle).
 */
export async function waitForOutboxOutcome<T>(
  db: Kysely<Database>,
  { ref, timeoutMs, everyMs = 50 }: WaitForOutboxOutcomeOptions,
): Promise<T | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await db
      .selectFrom('outbox')
      .select(['outcome', 'generation'])
      .where('id', '=', ref.outboxId)
      .executeTakeFirst();
    const outcome = row && row.generation === ref.generation ? row.outcome : null;
    if (outcome?.kind === 'done') return outcome.value as T;
    if (outcome?.kind === 'refused') {
      const kind = REFUSAL_KINDS.find((k) => k === outcome.error) ?? 'BAD_REQUEST';
      throw new DomainError(kind, outcome.message);
    }
    if (outcome?.kind === 'fault') return null;
    if (Date.now() + everyMs > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Settled rows are history once nobody can ask about them any more; kept `keepMs` for operators. */
export async function pruneOutbox(db: Kysely<Database>, keepMs: number): Promise<number> {
  const result = await db
    .deleteFrom('outbox')
    .where('finished_at', '<', new Date(Date.now() - keepMs))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
