import { AsyncResource } from 'node:async_hooks';
import type { Queue } from 'bullmq';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { QueueName } from '../queues';
import { outboxJobId } from './outbox';
import { currentTraceparent, runInSpan } from '../telemetry';

export interface OutboxRelay {
  /** Look for new rows now (after this process wrote one) instead of at the next poll. */
  wake(): void;
  /** Whether the queue's Redis is reachable, i.e. whether waiting for an outcome can pay off. */
  connected(): boolean;
  stop(): Promise<void>;
}

export interface RelayOptions {
  db: Kysely<Database>;
  queues: Record<QueueName, Queue>;
  connected: () => boolean;
  log: (level: 'info' | 'warn', message: string) => void;
  /** A short poll picks up rows written by processes that died before relaying them. */
  pollMs?: number;
  /**
   * A row sent this long ago without an outcome is sent again under the same job id: a no-op
   * while Redis still holds the job, a rescue when Redis lost it (restart, failover, the last
   * second of an AOF). Also the lease of a claimed row whose relay died mid-send.
   */
  resendAfterMs?: number;
  batchSize?: number;
  sendTimeoutMs?: number;
}

const STARTUP_GRACE_MS = 5000;

export interface RelaySendOptions {
  queue: Queue;
  name: string;
  data: object;
  jobId: string;
}

/**
 * Moves outbox rows without an outcome to BullMQ. A short transaction claims due rows
 * (FOR UPDATE SKIP LOCKED, so any number of relays can run) by pushing their next due time out;
 * the sends happen outside it, so no row lock or connection is held while Redis is slow. A row
 * stays due until the worker records its outcome.
 */
export function startOutboxRelay(options: RelayOptions): OutboxRelay {
  const { db, queues, log } = options;
  const pollMs = options.pollMs ?? 500;
  const resendAfterMs = options.resendAfterMs ?? 60_000;
  const batchSize = options.batchSize ?? 50;
  const sendTimeoutMs = options.sendTimeoutMs ?? 2000;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  // Logged when it changes, not on every poll of an outage; Redis still connecting at start-up
  // is not an outage.
  const startedAt = Date.now();
  let health: 'starting' | 'ok' | string = 'starting';
  const note = (state: string) => {
    if (state === health) return;
    if (health === 'starting') {
      if (state === 'ok') {
        health = 'ok';
        return;
      }
      if (Date.now() - startedAt < STARTUP_GRACE_MS) return;
    }
    if (state === 'ok') log('info', `outbox relay: sending again (was: ${health})`);
    else log('warn', `outbox relay: ${state}; unsent rows stay in PostgreSQL and are retried`);
    health = state;
  };
  const later = (ms: number) => sql<Date>`now() + ${ms} * interval '1 millisecond'`;

  const send = ({ queue, name, data, jobId }: RelaySendOptions) =>
    Promise.race([
      queue.add(name, data, { jobId }),
      new Promise<never>((_, reject) =>
        setTimeout(
          () => reject(new Error('Redis did not take the job in time')),
          sendTimeoutMs,
        ).unref(),
      ),
    ]);

  const sendBulk = (
    queue: Queue,
    jobs: Array<{ name: string; data: object; opts: { jobId: string } }>,
  ) =>
    Promise.race([
      queue.addBulk(jobs),
      new Promise<never>((_, reject) =>
        setTimeout(
          () => reject(new Error('Redis did not take the jobs in time')),
          sendTimeoutMs,
        ).unref(),
      ),
    ]);

  /** One batch; answers how many rows it sent (a full batch means: look again at once). */
  async function relayBatch(): Promise<number> {
    const rows = await db
      .updateTable('outbox')
      .set({ available_at: later(resendAfterMs) })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('outbox')
          .select('id')
          .where('finished_at', 'is', null)
          .where('available_at', '<=', sql<Date>`now()`)
          .orderBy('available_at')
          .orderBy('id')
          .limit(batchSize)
          .forUpdate()
          .skipLocked(),
      )
      .returning(['id', 'queue', 'generation', 'payload', 'attempts', 'request_id', 'traceparent'])
      .execute();
    rows.sort((a, b) => a.id - b.id);
    const sent: number[] = [];
    let failure: string | null = null;
    const jobOf = (row: (typeof rows)[number]) => {
      const ref = { outboxId: row.id, generation: row.generation };
      // The request id rides in the job: the worker logs and records under it.
      const trace = row.request_id ? { requestId: row.request_id } : {};
      return { jobId: outboxJobId(ref), data: { ...(row.payload as object), ...ref, ...trace } };
    };
    /** Rows whose send failed wait out their backoff; the rest of the claim is due again at once. */
    const failed = async (ids: number[], error: unknown) => {
      failure = error instanceof Error ? error.message : String(error);
      await db
        .updateTable('outbox')
        .set({
          attempts: sql<number>`attempts + 1`,
          available_at: sql<Date>`now() + least(5000, 250 * power(2, attempts)) * interval '1 millisecond'`,
          last_error: failure,
        })
        .where('id', 'in', ids)
        .execute();
      const rest = rows.filter((r) => !sent.includes(r.id) && !ids.includes(r.id)).map((r) => r.id);
      if (rest.length)
        await db
          .updateTable('outbox')
          .set({ available_at: sql<Date>`now()` })
          .where('id', 'in', rest)
          .execute();
    };
    // Rows without a trace go to Redis in one addBulk per queue (one round trip for the claim);
    // a traced row is sent alone, in a span of the request that wrote it.
    const byQueue = new Map<string, typeof rows>();
    for (const row of rows.filter((r) => !r.traceparent))
      byQueue.set(row.queue, [...(byQueue.get(row.queue) ?? []), row]);
    for (const [name, group] of byQueue) {
      const ids = group.map((r) => r.id);
      try {
        const queue = queues[name as QueueName];
        if (!queue) throw new Error(`no queue named ${name}`);
        await sendBulk(
          queue,
          group.map((row) => {
            const { jobId, data } = jobOf(row);
            return { name, data, opts: { jobId } };
          }),
        );
        sent.push(...ids);
      } catch (error) {
        await failed(ids, error);
        break;
      }
    }
    for (const row of failure ? [] : rows.filter((r) => r.traceparent)) {
      try {
        const queue = queues[row.queue as QueueName];
        if (!queue) throw new Error(`no queue named ${row.queue}`);
        const { jobId, data } = jobOf(row);
        // Tracing on, the job carries the send's traceparent: the worker's job span is its child.
        await runInSpan(
          `${row.queue} send`,
          {
            traceparent: row.traceparent!,
            kind: 'producer',
            attributes: {
              'messaging.system': 'bullmq',
              'messaging.operation.type': 'send',
              'messaging.destination.name': row.queue,
              'messaging.message.id': jobId,
            },
          },
          () =>
            send({
              queue,
              name: row.queue,
              data: { ...data, traceparent: currentTraceparent() ?? row.traceparent },
              jobId,
            }),
        );
        sent.push(row.id);
      } catch (error) {
        await failed([row.id], error);
        break;
      }
    }
    if (sent.length)
      await db
        .updateTable('outbox')
        .set({ sent_at: new Date(), attempts: 0, last_error: null })
        .where('id', 'in', sent)
        .execute();
    note(failure ? `Redis refused a job (${failure})` : 'ok');
    return failure ? 0 : sent.length;
  }

  async function tick() {
    try {
      do {
        again = false;
        if (!options.connected()) {
          note('Redis is unreachable');
          return;
        }
        while (!stopped && (await relayBatch()) === batchSize);
      } while (again && !stopped);
    } catch (error) {
      note(`PostgreSQL is unreachable (${error instanceof Error ? error.message : String(error)})`);
    }
  }

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(runOutsideRequests, ms);
    timer.unref();
  };

  // The relay runs in the context it was started in, not in that of the request that woke it:
  // otherwise every later poll would carry that request's id and, tracing on, add its queries
  // to that request's trace for as long as the process lives.
  const runOutsideRequests = AsyncResource.bind(() => run());
  function run() {
    timer = null;
    if (running) {
      again = true;
      return;
    }
    // .finally runs after the assignment, even when tick() settles at once.
    running = tick().finally(() => {
      running = null;
      schedule(pollMs);
    });
  }

  schedule(0);
  return {
    wake: () => schedule(0),
    connected: options.connected,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
