import type { Queue } from 'bullmq';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { QueueName } from '../queues/names';
import { outboxJobId } from './outbox';

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
  batchSize?: number;
  sendTimeoutMs?: number;
}

const backoffMs = (attempts: number) => Math.min(5000, 250 * 2 ** attempts);

/**
 * Moves unsent outbox rows to BullMQ. Rows are claimed with FOR UPDATE SKIP LOCKED, so any
 * number of relays (one per server process) can run; a row is marked sent only after Redis took
 * the job, and a send that failed waits with backoff. A crash between the two sends the row
 * again under the same job id, which BullMQ ignores while it keeps the first.
 */
export function startOutboxRelay(options: RelayOptions): OutboxRelay {
  const { db, queues, log } = options;
  const pollMs = options.pollMs ?? 500;
  const batchSize = options.batchSize ?? 50;
  const sendTimeoutMs = options.sendTimeoutMs ?? 2000;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  // Logged when it changes, not on every poll of an outage.
  let health: 'ok' | string = 'ok';
  const note = (state: string) => {
    if (state === health) return;
    if (state === 'ok') log('info', `outbox relay: sending again (was: ${health})`);
    else log('warn', `outbox relay: ${state}; unsent rows stay in PostgreSQL and are retried`);
    health = state;
  };

  const send = (queue: Queue, name: string, data: object, jobId: string) =>
    Promise.race([
      queue.add(name, data, { jobId }),
      new Promise<never>((_, reject) =>
        setTimeout(
          () => reject(new Error('Redis did not take the job in time')),
          sendTimeoutMs,
        ).unref(),
      ),
    ]);

  /** One batch; answers how many rows it sent (a full batch means: look again at once). */
  const relayBatch = () =>
    db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('outbox')
        .select(['id', 'queue', 'job_key', 'generation', 'payload', 'attempts'])
        .where('sent_at', 'is', null)
        .where('available_at', '<=', sql<Date>`now()`)
        .orderBy('available_at')
        .orderBy('id')
        .limit(batchSize)
        .forUpdate()
        .skipLocked()
        .execute();
      const sent: number[] = [];
      let failure: string | null = null;
      for (const row of rows) {
        const queue = queues[row.queue as QueueName];
        try {
          if (!queue) throw new Error(`no queue named ${row.queue}`);
          const data = { ...(row.payload as object), outboxId: row.id, generation: row.generation };
          await send(queue, row.queue, data, outboxJobId(row.job_key, row.generation));
          sent.push(row.id);
        } catch (error) {
          failure = error instanceof Error ? error.message : String(error);
          await trx
            .updateTable('outbox')
            .set({
              attempts: row.attempts + 1,
              available_at: new Date(Date.now() + backoffMs(row.attempts)),
              last_error: failure,
            })
            .where('id', '=', row.id)
            .execute();
          break;
        }
      }
      if (sent.length)
        await trx
          .updateTable('outbox')
          .set({ sent_at: new Date() })
          .where('id', 'in', sent)
          .execute();
      note(failure ? `Redis refused a job (${failure})` : 'ok');
      return failure ? 0 : sent.length;
    });

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, ms);
    timer.unref();
  };

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
