// A payment job that meets a long PostgreSQL outage waits it out: the worker defers it (no attempt
// spent) instead of failing its five attempts within 7.5 s and dead-lettering it, as the chaos
// soak's 30-minute run saw 27 times. The worker is a real process behind a TCP proxy the test
// cuts; the server and the test read the database directly.
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedis, QUEUES } from '@kanak/core';
import {
  httpClient,
  startPgProxy,
  startTestServer,
  type PgProxy,
  type TestServer,
} from '@kanak/testkit';
import { SEED_ACCOUNTS } from '@kanak/db';
import {
  eventually,
  login,
  orderStatus,
  paymentJobId,
  pickSizes,
  placedEvents,
  sandboxPaidOrder,
  startWorkerProcess,
  type WorkerProcess,
} from '../../server/test/pipeline-support';

/** Longer than the five attempts' whole backoff (0.5 + 1 + 2 + 4 s) and their connect waits. */
const OUTAGE_MS = 14_000;

describe('a worker whose database is away for longer than its retries', () => {
  let server: TestServer;
  let proxy: PgProxy;
  let worker: WorkerProcess;
  let payments: Queue;
  let moves: Queue;

  beforeAll(async () => {
    server = await startTestServer({ ORDER_WAIT_MS: 0 });
    proxy = await startPgProxy(Number(new URL(server.config.DATABASE_URL).port || 5432));
    worker = await startWorkerProcess(server, {
      DATABASE_URL: proxy.rewrite(server.config.DATABASE_URL),
      DB_CONNECT_TIMEOUT_MS: '1000',
      DB_STATEMENT_TIMEOUT_MS: '2000',
    });
    const connection = createRedis(server.config.REDIS_URL);
    payments = new Queue(QUEUES.paymentConfirmations, {
      connection,
      prefix: server.config.QUEUE_PREFIX,
    });
    moves = new Queue(QUEUES.orderMoves, { connection, prefix: server.config.QUEUE_PREFIX });
  });
  afterAll(async () => {
    await worker?.stop('SIGKILL');
    await payments?.close();
    await moves?.close();
    await proxy?.close();
    await server?.close();
  });

  it('defers the payment and move jobs through the outage and applies each once when PostgreSQL is back', async () => {
    const db = server.database.db;
    const [size] = await pickSizes(db, 1, 7);
    const pay = await sandboxPaidOrder(server, size!, 1);
    const admin = await login(server, SEED_ACCOUNTS.admin.email, SEED_ACCOUNTS.admin.password);
    const placed = await db
      .selectFrom('orders')
      .select('id')
      .where('status', '=', 'PLACED')
      .orderBy('id')
      .executeTakeFirstOrThrow();

    await proxy.cut();
    const cutAt = Date.now();
    const ret = await httpClient(server.baseUrl).get<{ status: string }>(
      `/api/payment?payment_id=${pay.paymentId}&order_id=${pay.order._id}`,
      { token: pay.shopper.token },
    );
    expect(ret.status).toBe(200);
    expect(ret.body.status).toBe('PENDING');
    const jobId = await paymentJobId(db, pay.order._id, pay.paymentId);
    // An admin's move, queued by the server (whose own database is there) during the outage.
    const move = await httpClient(server.baseUrl).put<{ jobId: string }>(
      `/api/admin/orders/${placed.id}/confirmed`,
      undefined,
      { token: admin },
    );
    expect(move.status).toBe(202);

    await worker.waitFor(/deferred \d+ms \(start 1\)/, 10_000);
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS - (Date.now() - cutAt)));
    // Through the whole outage: tried again and again, yet no attempt spent and nothing failed.
    const waiting = await payments.getJob(jobId);
    expect(waiting!.attemptsStarted).toBeGreaterThanOrEqual(3);
    expect(waiting!.attemptsMade).toBe(0);
    expect(await payments.getJobState(jobId)).not.toBe('failed');
    expect(await orderStatus(db, pay.order._id)).toBe('PENDING');
    const moving = await moves.getJob(move.body.jobId);
    expect(moving!.attemptsStarted).toBeGreaterThanOrEqual(2);
    expect(moving!.attemptsMade).toBe(0);
    expect(await orderStatus(db, placed.id)).toBe('PLACED');

    await proxy.restore();
    await eventually(
      async () =>
        (await payments.getJobState(jobId)) === 'completed' &&
        (await moves.getJobState(move.body.jobId)) === 'completed',
      45_000,
    );
    expect(await orderStatus(db, pay.order._id)).toBe('PLACED');
    expect(await orderStatus(db, placed.id)).toBe('CONFIRMED');
    expect(await placedEvents(db, pay.order._id)).toHaveLength(1);
    const stock = await db
      .selectFrom('product_sizes')
      .select('stock')
      .where('id', '=', size!.sizeId)
      .executeTakeFirstOrThrow();
    expect(stock.stock).toBe(size!.stock - 1);
    const row = await db
      .selectFrom('outbox')
      .select('outcome')
      .where('job_key', 'like', `pay-${pay.order._id}-%`)
      .executeTakeFirstOrThrow();
    expect(row.outcome).toMatchObject({ kind: 'done' });
    expect(await db.selectFrom('dead_letters').selectAll().execute()).toEqual([]);
  }, 90_000);
});
