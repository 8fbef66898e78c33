import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { AdminSystemView } from '@kanak/shared';
import { pingRedisClient } from '../queues';
import { BEACON_EVERY_MS, readWorkerBeacons } from './worker-beacons';
import { openDeadLettersByQueue, refusalsByQueue } from './dead-letters';
import type { ProviderState } from '../payment-providers';

export interface SystemStatusDeps {
  db: Kysely<Database>;
  /** A client with a command timeout, so a lost Redis answers rather than queueing. */
  redis: Redis;
  prefix: string;
  /** Every BullMQ queue to count jobs of. */
  queues: Queue[];
  /** Each dependency's bound: past it the part shows as down / unknown, the page still answers. */
  timeoutMs: number;
  queueBoardPath: string;
  /** The payment providers' breakers and counters, as this process sees them. */
  paymentProviders?: () => ProviderState[];
}

/** `work`'s value, or null when it fails or has not answered within `ms`. */
async function within<T>(work: () => Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
    timer.unref();
  });
  try {
    return await Promise.race([work().catch(() => null), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A worker is stale once it has missed three beats (it died, hangs, or lost Redis). */
const STALE_AFTER_MS = 3 * BEACON_EVERY_MS;

/**
 * The admin System page: each dependency read in parallel within its own bound, so one that is
 * down shows as down (and what it holds as unknown) instead of failing the page.
 */
export async function readSystemStatus(deps: SystemStatusDeps): Promise<AdminSystemView> {
  const { db, timeoutMs } = deps;
  const [postgres, redis, workers, queues, outbox, mails, jobOutcomes, linksMade] =
    await Promise.all([
      within(() => sql`SELECT 1`.execute(db), timeoutMs),
      pingRedisClient(deps.redis, timeoutMs),
      within(() => readWorkerBeacons(deps.redis, deps.prefix), timeoutMs),
      within(
        () =>
          Promise.all(
            deps.queues.map(async (queue) => {
              const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed');
              return {
                name: queue.name,
                waiting: counts.waiting ?? 0,
                active: counts.active ?? 0,
                delayed: counts.delayed ?? 0,
                failed: counts.failed ?? 0,
              };
            }),
          ),
        timeoutMs,
      ),
      within(
        () =>
          db
            .selectFrom('outbox')
            .select([
              sql<string>`count(*)`.as('pending'),
              sql<
                number | null
              >`extract(epoch from now() - min(created_at) filter (where sent_at is null))::float8`.as(
                'oldest',
              ),
            ])
            .where('finished_at', 'is', null)
            .executeTakeFirstOrThrow(),
        timeoutMs,
      ),
      within(
        () =>
          db
            .selectFrom('notifications')
            .select(sql<string>`count(*)`.as('n'))
            .where('status', 'in', ['pending', 'queued', 'connecting', 'sending'])
            .executeTakeFirstOrThrow(),
        timeoutMs,
      ),
      // Failures that need an admin (open dead letters) apart from refusals (domain answers).
      within(
        async () => ({
          failed: await openDeadLettersByQueue(db),
          refused: await refusalsByQueue(db),
        }),
        timeoutMs,
      ),
      // Links each provider made, by any server (a second payment's own row is no link).
      within(
        () =>
          db
            .selectFrom('payments')
            .select(['provider', sql<string>`count(*)`.as('n')])
            .where('payment_link_id', 'not like', '%:%')
            .groupBy('provider')
            .execute(),
        timeoutMs,
      ),
    ]);
  const now = Date.now();
  return {
    checkedAt: new Date(now).toISOString(),
    postgres: postgres ? 'up' : 'down',
    redis: redis ? 'up' : 'down',
    workers:
      workers?.map((beacon) => ({
        id: beacon.id,
        lastBeatAt: beacon.lastBeatAt.toISOString(),
        stale: now - beacon.lastBeatAt.getTime() > STALE_AFTER_MS,
      })) ?? null,
    queues:
      queues?.map((queue) => ({
        ...queue,
        failed: jobOutcomes ? (jobOutcomes.failed.get(queue.name) ?? 0) : queue.failed,
        refused: jobOutcomes ? (jobOutcomes.refused.get(queue.name) ?? 0) : null,
      })) ?? null,
    outbox: outbox
      ? {
          pending: Number(outbox.pending),
          oldestUnsentSeconds: outbox.oldest === null ? null : Math.round(Number(outbox.oldest)),
        }
      : null,
    mailsPending: mails ? Number(mails.n) : null,
    queueBoardPath: deps.queueBoardPath,
    ...(deps.paymentProviders
      ? {
          paymentProviders: deps.paymentProviders().map((p) => ({
            ...p,
            linksMade: linksMade
              ? Number(linksMade.find((row) => row.provider === p.name)?.n ?? 0)
              : null,
          })),
        }
      : {}),
  };
}
