import type { Queue } from 'bullmq';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@kanak/db';

export interface MailRelay {
  wake(): void;
  stop(): Promise<void>;
}

/** Job id of one try of a notification: a second add of the same try is ignored by BullMQ. */
export const mailJobId = (id: number, attempts: number) => `mail-${id}-${attempts}`;

/**
 * Moves due notifications to the `notifications` queue (the worker's relay, like the outbox's):
 * claims them FOR UPDATE SKIP LOCKED as "queued", so several workers share the work. A row
 * queued or connecting longer than the lease (Redis lost the job, a sender died before the end
 * of data) is due again; one sending longer than that becomes unknown.
 */
export function startMailRelay(options: {
  db: Kysely<Database>;
  queue: Queue;
  leaseMs: number;
  pollMs?: number;
  log: (message: string) => void;
}): MailRelay {
  const { db, queue, log } = options;
  const pollMs = options.pollMs ?? 500;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let lastProblem = '';
  const lease = sql<Date>`now() - ${options.leaseMs} * interval '1 millisecond'`;

  async function tick() {
    await db
      .updateTable('notifications')
      .set({ status: 'pending' })
      .where('status', 'in', ['queued', 'connecting'])
      .where('queued_at', '<', lease)
      .execute();
    // A row left "sending" past the lease: its sender stopped during the end of data, or lost
    // PostgreSQL before it could write how it ended (its job failed, so no retry of the job will
    // mark it). It may have arrived: unknown, never sent again by itself (the Messages page can).
    await db
      .updateTable('notifications')
      .set({
        status: 'unknown',
        last_error:
          'the sender stopped while the mail server was taking it: it may have arrived; not sent again',
      })
      .where('status', '=', 'sending')
      .where('queued_at', '<', lease)
      .execute();
    for (;;) {
      const rows = await db
        .updateTable('notifications')
        .set({ status: 'queued', queued_at: new Date() })
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('notifications')
            .select('id')
            .where('status', '=', 'pending')
            .where('next_attempt_at', '<=', sql<Date>`now()`)
            .orderBy('next_attempt_at')
            .orderBy('id')
            .limit(100)
            .forUpdate()
            .skipLocked(),
        )
        .returning(['id', 'attempts'])
        .execute();
      if (!rows.length) return;
      try {
        await queue.addBulk(
          rows.map((r) => ({
            name: 'send',
            data: { notificationId: r.id },
            opts: {
              jobId: mailJobId(r.id, r.attempts),
              removeOnComplete: { age: 24 * 3600, count: 5000 },
              removeOnFail: { age: 3 * 24 * 3600, count: 1000 },
            },
          })),
        );
      } catch (error) {
        await db
          .updateTable('notifications')
          .set({ status: 'pending' })
          .where(
            'id',
            'in',
            rows.map((r) => r.id),
          )
          .where('status', '=', 'queued')
          .execute();
        throw error;
      }
      if (rows.length < 100) return;
    }
  }

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, ms);
    timer.unref();
  };
  function run() {
    timer = null;
    if (running) return schedule(pollMs);
    running = tick()
      .then(
        () => {
          if (lastProblem) log('mail relay: sending again');
          lastProblem = '';
        },
        (error: Error) => {
          if (error.message !== lastProblem)
            log(`mail relay: ${error.message}; mails wait in PostgreSQL`);
          lastProblem = error.message;
        },
      )
      .finally(() => {
        running = null;
        schedule(pollMs);
      });
  }
  schedule(0);
  return {
    wake: () => schedule(0),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
