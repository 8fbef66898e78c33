import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  freePort,
  sampleValue,
  scrape,
  TEST_REDIS_URL,
  uniquePrefix,
  type TestDatabase,
} from '@kanak/testkit';
import {
  eventually,
  orderStatus,
  pickSizes,
  sandboxPaidOrder,
  type ShopUnderTest,
} from './pipeline-support';
import {
  startServerProcess,
  startTsxProcess,
  type ChildProcessHandle,
  type ServerProcess,
} from './process-support';

// Server and worker as their own processes (their logs are what an operator greps), each with
// a metrics port behind a token; the server trusts loopback as its proxy (X-Request-Id).
describe('operations: metrics on their own port, one request id from return to worker', () => {
  const token = randomBytes(16).toString('hex');
  let database: TestDatabase;
  let server: ServerProcess;
  let worker: ChildProcessHandle;
  let shop: ShopUnderTest;
  let serverMetrics: string;
  let workerMetrics: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const [serverPort, workerPort] = [await freePort(), await freePort()];
    serverMetrics = `http://127.0.0.1:${serverPort}/metrics`;
    workerMetrics = `http://127.0.0.1:${workerPort}/metrics`;
    const shared = {
      DATABASE_URL: database.url,
      REDIS_URL: TEST_REDIS_URL,
      QUEUE_PREFIX: uniquePrefix('ops'),
      PAYMENT_PROVIDER: 'sandbox',
      PAYMENT_SANDBOX_SECRET: randomBytes(12).toString('hex'),
      METRICS_TOKEN: token,
      NODE_ENV: 'test',
    };
    server = await startServerProcess({
      ...shared,
      METRICS_PORT: String(serverPort),
      TRUST_PROXY: 'loopback',
      ORDER_WAIT_MS: '10000',
    });
    worker = await startTsxProcess(
      'worker/src/main.ts',
      {
        ...shared,
        WORKER_METRICS_PORT: String(workerPort),
        WORKER_METRICS_INTERVAL_MS: '0',
        WORKER_CONCURRENCY: '2',
      },
      /worker listening/,
    );
    shop = { baseUrl: server.baseUrl, database };
  });
  afterAll(async () => {
    await worker?.stop();
    await server?.stop();
    await database?.drop();
  });

  it('serves /metrics only with the token, and never on the shop port without it', async () => {
    expect((await scrape(serverMetrics)).status).toBe(401);
    expect((await scrape(serverMetrics, 'not-the-token-at-all')).status).toBe(401);
    expect((await scrape(workerMetrics)).status).toBe(401);
    const shopPort = await scrape(`${server.baseUrl}/metrics`);
    expect(shopPort.status).toBe(401);
    expect(shopPort.text).not.toContain('kanak_http_requests_total');
    expect((await scrape(`${server.baseUrl}/metrics`, token)).status).toBe(200);
  });

  it('traces a payment return by its request id and counts the payment once', async () => {
    const [size] = await pickSizes(database.db, 1);
    const paid = await sandboxPaidOrder(shop, size!);
    // A listing twice (a cache miss, then a hit) and a tRPC call, for the request families.
    for (let i = 0; i < 2; i++) await fetch(`${server.baseUrl}/api/products?limit=5`);
    await fetch(`${server.baseUrl}/trpc/ping`);
    const before = await scrape(workerMetrics, token);
    expect(before.status).toBe(200);
    const paidBefore = sampleValue(before.families, 'kanak_payments_total', { result: 'PAID' });

    const requestId = `trace-${randomBytes(6).toString('hex')}`;
    const answer = await fetch(`${server.baseUrl}${paid.returnPath}`, {
      headers: { 'x-request-id': requestId, authorization: `Bearer ${paid.shopper.token}` },
    });
    expect(answer.headers.get('x-request-id')).toBe(requestId);
    await eventually(async () => (await orderStatus(database.db, paid.order._id)) === 'PLACED');

    // The server's line, the worker's lines and the order event all carry the one id.
    await server.waitFor(new RegExp(`"requestId":"${requestId}".*payment return recorded`));
    await worker.waitFor(new RegExp(`"requestId":"${requestId}".*payment-confirmations`));
    const event = await database.db
      .selectFrom('order_events')
      .select(['to_status', 'request_id'])
      .where('order_id', '=', paid.order._id)
      .where('to_status', '=', 'PLACED')
      .executeTakeFirstOrThrow();
    expect(event.request_id).toBe(requestId);
    const row = await database.db
      .selectFrom('outbox')
      .select('request_id')
      .where('payload', '@>', JSON.stringify({ orderId: paid.order._id }))
      .executeTakeFirstOrThrow();
    expect(row.request_id).toBe(requestId);

    // A forged-looking id (spaces, a newline) is replaced by one of the server's own.
    const forged = await fetch(`${server.baseUrl}/api/health`, {
      headers: { 'x-request-id': 'x y\tz' },
    });
    expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    const after = await scrape(workerMetrics, token);
    expect(sampleValue(after.families, 'kanak_payments_total', { result: 'PAID' })).toBe(
      paidBefore + 1,
    );
    const w = after.families;
    for (const name of [
      'kanak_queue_jobs',
      'kanak_jobs_total',
      'kanak_job_duration_seconds',
      'kanak_repricing_runs_total',
      'kanak_repricing_duration_seconds',
      'kanak_mails_sent_total',
      'kanak_mails_failed_total',
      'kanak_mails_pending',
      'kanak_pg_pool_connections',
      'kanak_redis_up',
      'kanak_process_cpu_seconds_total',
      'kanak_process_resident_memory_bytes',
      'kanak_nodejs_eventloop_lag_seconds',
    ])
      expect(w.has(name), name).toBe(true);
    expect(
      sampleValue(w, 'kanak_jobs_total', { queue: 'payment-confirmations', outcome: 'completed' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sampleValue(w, 'kanak_redis_up')).toBe(1);

    const s = (await scrape(serverMetrics, token)).families;
    for (const name of [
      'kanak_http_requests_total',
      'kanak_http_request_duration_seconds',
      'kanak_read_cache_hits_total',
      'kanak_read_cache_misses_total',
      'kanak_read_cache_evictions_total',
      'kanak_outbox_rows',
      'kanak_outbox_oldest_unsent_age_seconds',
      'kanak_order_event_watchers',
      'kanak_pg_pool_connections',
      'kanak_redis_up',
      'kanak_process_cpu_seconds_total',
      'kanak_nodejs_eventloop_lag_seconds',
    ])
      expect(s.has(name), name).toBe(true);
    // Route templates and procedure names, never ids.
    expect(
      sampleValue(s, 'kanak_http_requests_total', {
        method: 'GET',
        route: '/api/payment',
        status: '200',
      }),
    ).toBe(1);
    expect(
      sampleValue(s, 'kanak_http_requests_total', { route: 'trpc:ping' }),
    ).toBeGreaterThanOrEqual(1);
    const routes = s.get('kanak_http_requests_total')!.metrics.map((m) => m.labels?.route ?? '');
    expect(routes.filter((r) => r.includes(paid.order._id))).toEqual([]);
    expect(sampleValue(s, 'kanak_read_cache_hits_total')).toBeGreaterThanOrEqual(1);
  });
});
