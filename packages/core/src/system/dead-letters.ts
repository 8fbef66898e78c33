import type { Queue } from 'bullmq';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { DeadLetterRow, DeadLettersView } from '@kanak/shared';
import { conflict, notFound } from '../common';
import { JOB_OPTIONS } from '../queues';
import { outboxJobId, sendAgain, type OutboxRef } from '../outbox';

const RESOLVED_SHOWN = 20;

const rowsOf = (db: Kysely<Database>) =>
  db
    .selectFrom('dead_letters as d')
    .leftJoin('users as u', 'u.id', 'd.resolved_by')
    .select([
      'd.id',
      'd.queue',
      'd.order_id',
      'd.error',
      'd.attempts',
      'd.created_at',
      'd.resolution',
      'd.resolved_at',
      'd.retry_job_id',
      'u.id as resolver_id',
      'u.email as resolver_email',
    ]);

type Selected = Awaited<ReturnType<ReturnType<typeof rowsOf>['execute']>>[number];

const view = (row: Selected): DeadLetterRow => ({
  id: String(row.id),
  queue: row.queue,
  orderId: row.order_id,
  reason: row.error,
  attempts: row.attempts,
  failedAt: new Date(row.created_at).toISOString(),
  resolution: row.resolution,
  resolvedBy:
    row.resolver_id && row.resolver_email
      ? { id: row.resolver_id, email: row.resolver_email }
      : null,
  resolvedAt: row.resolved_at ? new Date(row.resolved_at).toISOString() : null,
  retryJobId: row.retry_job_id,
});

/** GET /api/admin/system/dead-letters: the open ones (oldest first) and the last resolved. */
export async function listDeadLetters(db: Kysely<Database>): Promise<DeadLettersView> {
  const [open, resolved] = await Promise.all([
    rowsOf(db).where('d.resolved_at', 'is', null).orderBy('d.id').limit(500).execute(),
    rowsOf(db)
      .where('d.resolved_at', 'is not', null)
      .orderBy('d.resolved_at', 'desc')
      .orderBy('d.id', 'desc')
      .limit(RESOLVED_SHOWN)
      .execute(),
  ]);
  return { open: open.map(view), resolved: resolved.map(view) };
}

/** The open dead letter, locked; a resolved one is a 409 saying by whom and when. */
async function lockOpen(db: Kysely<Database>, id: string) {
  const row = await db
    .selectFrom('dead_letters as d')
    .leftJoin('users as u', 'u.id', 'd.resolved_by')
    .select([
      'd.id',
      'd.queue',
      'd.job_id',
      'd.payload',
      'd.resolution',
      'd.resolved_at',
      'u.email as resolver_email',
    ])
    .where('d.id', '=', id)
    .forUpdate('d')
    .executeTakeFirst();
  if (!row) throw notFound('Dead letter');
  if (row.resolution)
    throw conflict(
      `Dead letter ${id} was already ${row.resolution}${row.resolver_email ? ` by ${row.resolver_email}` : ''} at ${new Date(row.resolved_at!).toISOString()}`,
    );
  return row;
}

export interface ResolveDeadLetterOptions {
  id: string;
  resolution: 'retried' | 'dismissed';
  adminId: string;
  retryJobId: string | null;
}

const resolve = (
  db: Kysely<Database>,
  { id, resolution, adminId, retryJobId }: ResolveDeadLetterOptions,
) =>
  db
    .updateTable('dead_letters')
    .set({ resolution, resolved_by: adminId, resolved_at: new Date(), retry_job_id: retryJobId })
    .where('id', '=', id)
    .execute();

const isOutboxRef = (payload: unknown): payload is OutboxRef =>
  typeof payload === 'object' &&
  payload !== null &&
  typeof (payload as OutboxRef).outboxId === 'number' &&
  typeof (payload as OutboxRef).generation === 'number';

async function readOne(db: Kysely<Database>, id: string): Promise<DeadLetterRow> {
  return view(await rowsOf(db).where('d.id', '=', id).executeTakeFirstOrThrow());
}

export interface DeadLetterDeps {
  db: Kysely<Database>;
  /** The queues a retry may add to (every queue the worker runs). */
  queues: readonly Queue[];
  /** Wakes the outbox relay so that a resent row goes out at once (it polls anyway). */
  relay?: { wake(): void };
}

/**
 * POST /api/admin/system/dead-letters/{id}/retry: runs the job again, recorded as retried by
 * this admin now. A job from the outbox is sent again through its row under a new generation
 * (durable, like a later return or webhook does); its work already done since (a webhook, the
 * reconciliation) leaves nothing to send. Any other job is added again to its queue.
 */
export async function retryDeadLetter(
  deps: DeadLetterDeps,
  adminId: string,
  id: string,
): Promise<DeadLetterRow> {
  const resent = await deps.db.transaction().execute(async (trx) => {
    const row = await lockOpen(trx, id);
    const payload = row.payload;
    if (isOutboxRef(payload)) {
      const again = await trx
        .updateTable('outbox')
        .set((eb) => ({
          generation: eb('generation', '+', 1),
          ...sendAgain(),
        }))
        .where('id', '=', payload.outboxId)
        // Not while a send of it runs, nor when its work was done since (a webhook's resend).
        .where('finished_at', 'is not', null)
        .where(sql<boolean>`(outcome->>'kind' <> 'done' OR outcome->>'settled' = 'false')`)
        .returning(['id', 'generation'])
        .executeTakeFirst();
      const jobId = again
        ? outboxJobId({ outboxId: again.id, generation: again.generation })
        : null;
      await resolve(trx, { id, resolution: 'retried', adminId, retryJobId: jobId });
      return { outbox: true as const, jobId };
    }
    const queue = deps.queues.find((q) => q.name === row.queue);
    if (!queue) throw conflict(`No queue named ${row.queue} to retry dead letter ${id} on`);
    const jobId = `dl-${id}`;
    // Added before the row is marked, inside its lock: a failed add leaves it open.
    await queue.add('retry', payload, { ...JOB_OPTIONS, jobId });
    await resolve(trx, { id, resolution: 'retried', adminId, retryJobId: jobId });
    return { outbox: false as const, jobId };
  });
  if (resent.outbox && resent.jobId) deps.relay?.wake();
  return readOne(deps.db, id);
}

/** POST /api/admin/system/dead-letters/{id}/dismiss: kept, marked dismissed by this admin now. */
export async function dismissDeadLetter(
  db: Kysely<Database>,
  adminId: string,
  id: string,
): Promise<DeadLetterRow> {
  await db.transaction().execute(async (trx) => {
    await lockOpen(trx, id);
    await resolve(trx, { id, resolution: 'dismissed', adminId, retryJobId: null });
  });
  return readOne(db, id);
}

/** Open dead letters per queue, for the System page's "failed". */
export async function openDeadLettersByQueue(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('dead_letters')
    .select(['queue', sql<string>`count(*)`.as('n')])
    .where('resolved_at', 'is', null)
    .groupBy('queue')
    .execute();
  return new Map(rows.map((r) => [r.queue, Number(r.n)]));
}

/** Refusals (a domain answer, not a fault) per queue among the outbox rows kept. */
export async function refusalsByQueue(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('outbox')
    .select(['queue', sql<string>`count(*)`.as('n')])
    .where(sql<boolean>`outcome->>'kind' = 'refused'`)
    .groupBy('queue')
    .execute();
  return new Map(rows.map((r) => [r.queue, Number(r.n)]));
}
