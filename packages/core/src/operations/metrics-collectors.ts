import type { Queue } from 'bullmq';
import { sql, type Kysely } from 'kysely';
import { collectDefaultMetrics, Gauge, type Registry } from 'prom-client';
import { poolStats, type Database } from '@kanak/db';

/**
 * Gauges both processes read at scrape time (nothing to update in between): process CPU,
 * memory and event-loop lag, the PostgreSQL pool, Redis reachability.
 */
export function registerProcessMetrics(
  registry: Registry,
  deps: { db: Kysely<Database>; redisUp: () => boolean },
): void {
  collectDefaultMetrics({ register: registry, prefix: 'kanak_' });
  new Gauge({
    name: 'kanak_pg_pool_connections',
    help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = poolStats(deps.db);
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'kanak_redis_up',
    help: '1 while this process has a ready Redis connection, else 0',
    registers: [registry],
    collect() {
      this.set(deps.redisUp() ? 1 : 0);
    },
  });
}

/** A scrape never waits long on a slow dependency: the gauge keeps its last value instead. */
async function bounded<T>(work: Promise<T>, ms = 1000): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([work.catch(() => null), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The outbox's unfinished rows (waiting to be sent, sent without an outcome) and the oldest's age. */
export function registerOutboxMetrics(registry: Registry, db: Kysely<Database>): void {
  const read = () =>
    bounded(
      db
        .selectFrom('outbox')
        .select([
          sql<string>`count(*) filter (where sent_at is null)`.as('unsent'),
          sql<string>`count(*) filter (where sent_at is not null)`.as('sent'),
          sql<
            number | null
          >`extract(epoch from now() - min(created_at) filter (where sent_at is null))::float8`.as(
            'oldest',
          ),
        ])
        .where('finished_at', 'is', null)
        .executeTakeFirst(),
    );
  let last: Awaited<ReturnType<typeof read>> = null;
  new Gauge({
    name: 'kanak_outbox_rows',
    help: 'Outbox rows without an outcome: unsent (waiting for Redis) or sent (waiting for a worker)',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      last = await read();
      if (!last) return;
      this.set({ state: 'unsent' }, Number(last.unsent));
      this.set({ state: 'sent' }, Number(last.sent));
    },
  });
  new Gauge({
    name: 'kanak_outbox_oldest_unsent_age_seconds',
    help: 'Age of the oldest outbox row not yet handed to a queue (0: none)',
    registers: [registry],
    collect() {
      // Read by kanak_outbox_rows' collect, which the registry runs first (registration order).
      if (last) this.set(Number(last.oldest ?? 0));
    },
  });
}

export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/** BullMQ job counts per queue and state. */
export function registerQueueMetrics(registry: Registry, queues: Queue[]): void {
  new Gauge({
    name: 'kanak_queue_jobs',
    help: 'BullMQ jobs per queue and state (waiting, active, delayed, failed)',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      for (const queue of queues) {
        const counts = await bounded(queue.getJobCounts(...QUEUE_STATES));
        if (!counts) continue;
        for (const state of QUEUE_STATES)
          this.set({ queue: queue.name, state }, counts[state] ?? 0);
      }
    },
  });
}
