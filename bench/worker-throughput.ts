// The order pipeline's throughput for `pnpm bench`: paid-order confirmations per second through
// the real worker, beside a ceiling measured in the same run: the jobs per second BullMQ itself
// completes for a job that does nothing, at the worker's concurrency, on the same Redis. The
// worker is the production one run.ts starts (its bundle and memory settings); its peak RSS is
// sampled from its start to the last confirmation.
import { spawn, type ChildProcess } from 'node:child_process';
import { deleteKeysUnder, inBatches } from '@kanak/testkit/helpers';
import type { Row } from './row';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { BULK_CUSTOMER_DOMAIN, createDb, type Database } from '@kanak/db';
import {
  createOrderFromCart,
  createOrderPipeline,
  createPaymentLink,
  createRequestRedis,
  createSandboxProvider,
  JOB_OPTIONS,
  requestPaymentConfirmation,
  startOutboxRelay,
  type ActionLimits,
} from '@kanak/core';
import { loadWorkerConfig } from '../worker/src/config';
import { sampleRss } from './rss';
import { track } from './children';
import { benchCount } from './counts';

const NOOP_JOBS = benchCount('BENCH_NOOP_JOBS', 5000);
const ORDERS = benchCount('BENCH_ORDERS', 2000);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The worker's own default (worker/src/config.ts), or WORKER_CONCURRENCY when set. */
const CONCURRENCY = loadWorkerConfig({
  WORKER_CONCURRENCY: process.env.WORKER_CONCURRENCY,
}).WORKER_CONCURRENCY;
/** Shoppers placing orders and coming back from the payment page at once. */
const CLIENTS = 32;
// Budgets are not what is measured here (and would refuse 2,000 returns from one address).
const NO_LIMITS: ActionLimits = { consume: async () => undefined };

const fmt = (n: number) => n.toLocaleString('en-US');

/** A client made by createRequestRedis refuses commands until it is connected. */
async function connected(redis: ReturnType<typeof createRequestRedis>) {
  for (let i = 0; redis.status !== 'ready'; i++) {
    if (i > 100) throw new Error(`Redis at ${REDIS_URL} is not reachable`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The ceiling, in a child process like the worker: a BullMQ Worker whose processor does
 * nothing, fed `jobs` jobs by one addBulk with the real job options. Run from worker/, where
 * bullmq resolves (the bench's own package does not depend on it).
 */
async function noopJobsPerSecond(prefix: string, root: string) {
  const script = `
    const { Queue, Worker } = require('bullmq');
    const { Redis } = require('ioredis');
    const o = JSON.parse(process.env.BENCH_NOOP);
    (async () => {
      const connection = new Redis(o.redisUrl, { maxRetriesPerRequest: null });
      const queue = new Queue('noop', { connection, prefix: o.prefix, defaultJobOptions: o.jobOptions });
      let done = 0, finish;
      const all = new Promise((resolve) => (finish = resolve));
      const count = () => ++done === o.jobs && finish();
      const worker = new Worker('noop', async () => undefined, { connection, prefix: o.prefix, concurrency: o.concurrency });
      worker.on('completed', count).on('failed', count);
      await worker.waitUntilReady();
      const t0 = performance.now();
      await queue.addBulk(Array.from({ length: o.jobs }, (_, i) => ({ name: 'noop', data: { i } })));
      await all;
      const seconds = (performance.now() - t0) / 1000;
      await worker.close();
      await queue.obliterate({ force: true });
      await queue.close();
      connection.disconnect();
      console.log(JSON.stringify({ seconds }));
    })();`;
  const child = track(
    spawn(process.execPath, ['-e', script], {
      cwd: path.join(root, 'worker'),
      env: {
        ...process.env,
        BENCH_NOOP: JSON.stringify({
          redisUrl: REDIS_URL,
          prefix,
          jobs: NOOP_JOBS,
          concurrency: CONCURRENCY,
          jobOptions: JOB_OPTIONS,
        }),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  // BullMQ waits rather than fails while Redis is away: the run is bounded here.
  const timer = setTimeout(() => child.kill(), 120_000);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  if (code !== 0) throw new Error(`no-op BullMQ run exited with ${code}`);
  const { seconds } = JSON.parse(out.trim().split('\n').pop()!) as { seconds: number };
  return Math.round(NOOP_JOBS / seconds);
}

/**
 * Bulk customers whose carts can all be paid together: a line passes while the quantity taken
 * from its size by this and every earlier customer fits the stock, so no confirmation is turned
 * into a sold-out refund by another bench order.
 */
async function payableCustomers(db: Kysely<Database>, count: number) {
  const { rows } = await sql<{ user_id: string }>`
    SELECT user_id FROM (
      SELECT c.user_id, s.stock,
             sum(ci.quantity) OVER (PARTITION BY ci.size_id ORDER BY c.user_id) AS taken
      FROM carts c
      JOIN users u ON u.id = c.user_id
      JOIN cart_items ci ON ci.cart_id = c.id
      JOIN product_sizes s ON s.id = ci.size_id
      WHERE u.email LIKE ${`%@${BULK_CUSTOMER_DOMAIN}`}
    ) lines
    GROUP BY user_id HAVING bool_and(taken <= stock)
    ORDER BY user_id LIMIT ${count}`.execute(db);
  return rows.map((r) => r.user_id);
}

/** Starts the production worker with `env` over run.ts's own (queues, sandbox secret…). */
export type StartWorker = (env: Record<string, string>) => ChildProcess;

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/**
 * Creates `ORDERS` orders awaiting payment through the domain code (order from the cart, sandbox
 * payment link), then each shopper comes back from the payment page: the return is checked and
 * written to the outbox (requestPaymentConfirmation, as GET /api/payment does), an outbox relay
 * like the server's moves it to BullMQ and the real worker process applies it. The shopper's
 * wait for the outcome is left out (waitMs 0): that is the server's cost, not the worker's.
 */
async function confirmationsPerSecond(dbUrl: string, prefix: string, startWorker: StartWorker) {
  const db = createDb(dbUrl, CLIENTS + 4);
  const secret = randomBytes(32).toString('hex');
  const provider = createSandboxProvider(secret);
  const redis = createRequestRedis(REDIS_URL, { commandTimeoutMs: 2000, label: 'Redis (bench)' });
  const pipeline = createOrderPipeline(redis, prefix);
  const relay = startOutboxRelay({
    db,
    queues: pipeline.byName,
    connected: () => redis.status === 'ready',
    log: (level, message) => console[level](message),
  });
  const worker = startWorker({
    REDIS_URL,
    QUEUE_PREFIX: prefix,
    PAYMENT_SANDBOX_SECRET: secret,
    WORKER_CONCURRENCY: String(CONCURRENCY),
  });
  const rss = sampleRss(worker);
  try {
    await connected(redis);
    const users = await payableCustomers(db, ORDERS);
    if (users.length === 0)
      throw new Error('no bulk customer has a cart to pay (seedBulkCustomers)');
    const address = {
      firstName: 'Bench',
      lastName: 'Shopper',
      streetAddress: '1, MG Road',
      city: 'Mumbai',
      state: 'Maharashtra',
      zipCode: '400001',
      mobile: '9876543210',
    };
    const origins = { server: 'http://127.0.0.1', web: 'http://127.0.0.1' };
    const since = new Date(Date.now() - 1000);
    const placedAt = performance.now();
    const orders = await inBatches(users, CLIENTS, async (userId) => {
      const user = { id: userId, role: 'CUSTOMER' as const };
      const order = await createOrderFromCart({ db, userId, address, limits: NO_LIMITS });
      const link = await createPaymentLink({ db, provider, user, orderId: order._id, origins });
      return { user, orderId: order._id, linkId: link.payment_link_id };
    });
    const placing = (performance.now() - placedAt) / 1000;
    const ids = orders.map((o) => o.orderId);

    for (let i = 0; (await pipeline.payments.getWorkersCount()) === 0; i++) {
      if (worker.exitCode !== null || i > 300) throw new Error('the worker did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    // Polled while the worker runs, so an index range (the bench's orders are the newest), not
    // a 2,000-id list.
    const pending = async () =>
      Number(
        (
          await db
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('order_date', '>=', since)
            .where('status', '=', 'PENDING')
            .executeTakeFirstOrThrow()
        ).n,
      );

    const started = performance.now();
    await inBatches(orders, CLIENTS, (o) =>
      requestPaymentConfirmation(
        { db, relay, waitMs: 0, limits: NO_LIMITS },
        {
          orderId: o.orderId,
          paymentId: provider.paymentIdFor(o.linkId, 'paid'),
          paymentLinkId: o.linkId,
        },
        { address: '127.0.0.1', user: o.user },
      ),
    );
    const written = (performance.now() - started) / 1000;
    const deadline = started + 300_000;
    while (worker.exitCode === null && performance.now() < deadline && (await pending()) > 0)
      await new Promise((r) => setTimeout(r, 25));
    const seconds = (performance.now() - started) / 1000;

    // Exactly once: one PAID payment and one move to PLACED per order, and no dead letters.
    const check = await sql<{ placed: number; once: number; more: number; dead: number }>`
      SELECT count(*) FILTER (WHERE o.status = 'PLACED')::int AS placed,
             count(*) FILTER (WHERE p.n = 1 AND e.n = 1)::int AS once,
             count(*) FILTER (WHERE p.n > 1 OR e.n > 1)::int AS more,
             (SELECT count(*) FROM dead_letters)::int AS dead
      FROM orders o
      CROSS JOIN LATERAL (SELECT count(*) AS n FROM payments
                          WHERE order_id = o.id AND status = 'PAID') p
      CROSS JOIN LATERAL (SELECT count(*) AS n FROM order_events
                          WHERE order_id = o.id AND to_status = 'PLACED') e
      WHERE o.id = ANY(${ids}::uuid[])`.execute(db);
    const { placed, once, more, dead } = check.rows[0]!;
    const unfinished = await pending();
    const exactlyOnce = placed === ids.length && once === ids.length;
    const verdict = exactlyOnce
      ? `all ${fmt(ids.length)} paid exactly once`
      : `${fmt(placed)}/${fmt(ids.length)} PLACED, ${fmt(once)} paid once, ${fmt(more)} more than once, ${fmt(unfinished)} still PENDING`;
    rss.stop();
    return {
      perSecond: Math.round((ids.length - unfinished) / seconds),
      orders: ids.length,
      guaranteesHeld: exactlyOnce && dead === 0,
      workerPeakMb: rss.peakMb(),
      note: `${verdict}; ${dead} dead letters; returns written in ${written.toFixed(1)} s; ${fmt(ids.length)} orders + links made in ${placing.toFixed(1)} s`,
    };
  } finally {
    rss.stop();
    await stopProcess(worker);
    await relay.stop();
    await pipeline.close();
    redis.disconnect();
    await db.destroy();
  }
}

/** Removes every key the runs left under `prefix` (jobs kept for the queue board). */
async function dropQueueKeys(prefix: string) {
  const redis = createRequestRedis(REDIS_URL, { commandTimeoutMs: 5000, label: 'Redis (bench)' });
  try {
    await connected(redis);
    await deleteKeysUnder(redis, prefix);
  } finally {
    redis.disconnect();
  }
}

export interface WorkerThroughput {
  rows: Row[];
  /** The ceiling, jobs/s; null when its run failed. */
  noopPerSecond: number | null;
  /** Confirmations/s, whether each order was paid exactly once with no dead letter, and the
   * worker's peak RSS; null when the run failed. */
  confirmations: { perSecond: number; guaranteesHeld: boolean; workerPeakMb: number } | null;
  /** Why a run failed. */
  error: string | null;
}

/** Both rows: the no-op ceiling first, then the confirmations as a share of it. */
export async function workerThroughput(
  root: string,
  dbUrl: string,
  startWorker: StartWorker,
): Promise<WorkerThroughput> {
  const prefix = `bench-${randomBytes(4).toString('hex')}`;
  const row = (scenario: string, perSecond: number | string, more: Partial<Row> = {}) => ({
    scenario,
    'req/s': perSecond,
    'p50 ms': '—',
    'p99 ms': '—',
    ceiling: '',
    target: '',
    note: '',
    ...more,
  });
  const why = (error: unknown) => (error instanceof Error ? error.message : String(error));
  const noopName = `BullMQ no-op job, ${fmt(NOOP_JOBS)} jobs, concurrency ${CONCURRENCY} (ceiling, jobs/s)`;
  const paidName = (orders: number) =>
    `paid-order confirmations through the worker, ${fmt(orders)} orders (/s)`;
  const target = '≥ 1,000/s';
  // A run that fails is a row saying why, as an HTTP scenario's error is: the bench goes on.
  const result: WorkerThroughput = {
    rows: [],
    noopPerSecond: null,
    confirmations: null,
    error: null,
  };
  try {
    try {
      result.noopPerSecond = await noopJobsPerSecond(prefix, root);
      result.rows.push(row(noopName, result.noopPerSecond));
    } catch (error) {
      result.error = why(error);
      result.rows.push(row(noopName, '—', { note: why(error) }));
    }
    try {
      const paid = await confirmationsPerSecond(dbUrl, prefix, startWorker);
      const noop = result.noopPerSecond;
      const ceiling = noop ? `${((100 * paid.perSecond) / noop).toFixed(1)}% of BullMQ no-op` : '';
      result.confirmations = paid;
      result.rows.push(
        row(paidName(paid.orders), paid.perSecond, {
          ceiling,
          target,
          note: `${paid.note}; worker peak RSS ${paid.workerPeakMb} MB`,
        }),
      );
    } catch (error) {
      result.error = why(error);
      result.rows.push(row(paidName(ORDERS), '—', { target, note: why(error) }));
    }
    return result;
  } finally {
    await dropQueueKeys(prefix).catch((error: unknown) =>
      console.warn(`queue keys under ${prefix} left in Redis: ${why(error)}`),
    );
  }
}
