// Payments under faults: Redis away while a shopper returns, the server killed meanwhile, and a
// return and webhook both lost. Each test runs its own redis-server or fake provider.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { createRedis, paymentJobKey, QUEUES, type OrderView } from '@kanak/core';
import { loadConfig, type Config } from '@kanak/server';
import type { PaymentReturnStatus } from '@kanak/shared';
import {
  createTestDatabase,
  httpClient,
  startRedisServer,
  startTestServer,
  uniquePrefix,
  type RedisServer,
  type TestDatabase,
  type TestServer,
  RELAXED_LIMITS,
} from '@kanak/testkit';
import {
  ADDRESS,
  eventually,
  fillCart,
  newCustomer,
  orderStatus,
  pickSizes,
  paymentJobId,
  pipelineEnv,
  placedEvents,
  sandboxPaidOrder,
  startWorkerProcess,
} from './pipeline-support';
import { startServerProcess, timedFetch, type ChildProcessHandle } from './process-support';
import { startFakeRazorpay, type FakeRazorpay } from './razorpay-fake';

type ReturnAnswer = { status: PaymentReturnStatus; order: OrderView };

// Server processes are started and killed inside the test: more than 30 s on a loaded machine.
describe(
  'a paid return while Redis is down, then the server is killed',
  { timeout: 120_000 },
  () => {
    let redis: RedisServer;
    let database: TestDatabase;
    let config: Config;
    const children: ChildProcessHandle[] = [];

    beforeAll(async () => {
      redis = await startRedisServer();
      database = await createTestDatabase();
      config = loadConfig(
        {},
        {
          DATABASE_URL: database.url,
          REDIS_URL: redis.url,
          QUEUE_PREFIX: uniquePrefix('q'),
          JWT_SECRET: randomBytes(24).toString('hex'),
          ...RELAXED_LIMITS,
          NODE_ENV: 'test',
        },
      );
      children.push(await startWorkerProcess({ config }));
    });
    afterAll(async () => {
      for (const child of children) await child.stop('SIGKILL');
      await redis?.stop();
      await database?.drop();
    });

    // Both server processes share the test's database, Redis, queue prefix and token secret.
    const server = (env: Record<string, string> = {}) =>
      startServerProcess({
        ...pipelineEnv(config),
        DATABASE_URL: config.DATABASE_URL,
        REDIS_URL: config.REDIS_URL,
        JWT_SECRET: config.JWT_SECRET,
        ...env,
      });

    it('keeps the confirmation in PostgreSQL and places the order once after both come back', async () => {
      // A server that would wait a whole minute (the most ORDER_WAIT_MS allows) for the worker's
      // outcome: an answer well before that is one that did not wait for it.
      const first = await server({ ORDER_WAIT_MS: '60000' });
      children.push(first);
      const shop = { baseUrl: first.baseUrl, database };
      const [size] = await pickSizes(database.db, 1, 20);
      const pay = await sandboxPaidOrder(shop, size!, 2);

      await redis.stop();
      // The relay knows Redis is away (its next poll), so the return does not wait on it.
      await first.waitFor(/outbox relay: Redis is unreachable/);
      const returned = await timedFetch(
        `${first.baseUrl}${pay.returnPath}`,
        { headers: { authorization: `Bearer ${pay.shopper.token}` } },
        30_000,
      );
      expect(returned.status, returned.error ?? returned.body).toBe(200);
      const answer = JSON.parse(returned.body) as ReturnAnswer;
      expect(answer.status).toBe('PENDING');
      expect(answer.order.orderStatus).toBe('PENDING');
      const kept = await database.db
        .selectFrom('outbox')
        .select(['job_key', 'sent_at'])
        .where('job_key', '=', paymentJobKey(pay.order._id, pay.paymentId))
        .executeTakeFirstOrThrow();
      expect(kept.sent_at).toBeNull();

      // The process dies with the confirmation unsent; nothing of it lived only in its memory.
      expect(await first.stop('SIGKILL')).toBeNull();
      await redis.start();
      const second = await server();
      children.push(second);

      await eventually(
        async () => (await orderStatus(database.db, pay.order._id)) === 'PLACED',
        30_000,
      );
      expect(await orderStatus(database.db, pay.order._id)).toBe('PLACED');
      const stock = await database.db
        .selectFrom('product_sizes')
        .select('stock')
        .where('id', '=', size!.sizeId)
        .executeTakeFirstOrThrow();
      expect(stock.stock).toBe(size!.stock - 2);
      expect(
        await database.db
          .selectFrom('payments')
          .select(['status', 'provider_payment_id'])
          .where('order_id', '=', pay.order._id)
          .execute(),
      ).toEqual([{ status: 'PAID', provider_payment_id: pay.paymentId }]);
      expect(await placedEvents(database.db, pay.order._id)).toHaveLength(1);
      // The worker records the job's outcome after the order's own transaction, so wait for it.
      const outboxRow = () =>
        database.db
          .selectFrom('outbox')
          .select(['sent_at', 'outcome'])
          .where('job_key', '=', paymentJobKey(pay.order._id, pay.paymentId))
          .executeTakeFirstOrThrow();
      await eventually(async () => (await outboxRow()).outcome !== null, 30_000);
      const row = await outboxRow();
      expect(row.sent_at).not.toBeNull();
      expect(row.outcome).toMatchObject({ kind: 'done', value: { result: 'PAID' } });

      // The shopper coming back later reads the settled answer.
      const again = await httpClient(second.baseUrl).get<ReturnAnswer>(pay.returnPath, {
        token: pay.shopper.token,
      });
      expect(again.body.status).toBe('PAID');
    });
  },
);

const KEY_ID = 'rzp_test_reconcile';
const KEY_SECRET = 'reconcile-key-secret';

describe('reconciliation: a return and a webhook both lost', () => {
  let fake: FakeRazorpay;
  let server: TestServer;
  let worker: ChildProcessHandle;

  beforeAll(async () => {
    fake = await startFakeRazorpay(KEY_ID, KEY_SECRET);
    server = await startTestServer({
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: KEY_ID,
      RAZORPAY_KEY_SECRET: KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: 'reconcile-webhook-secret',
      RAZORPAY_API_URL: fake.url,
    });
    worker = await startWorkerProcess(server, {
      RECONCILE_EVERY_MS: '300',
      RECONCILE_AFTER_MS: '0',
    });
  });
  afterAll(async () => {
    await worker?.stop();
    await server?.close();
    await fake?.close();
  });

  async function orderWithLink(offset: number) {
    const [size] = await pickSizes(server.database.db, 1, offset);
    const shopper = await newCustomer(server, 'Lost');
    await fillCart(server.database.db, shopper.id, [
      { productId: size!.productId, sizeId: size!.sizeId, quantity: 1 },
    ]);
    const http = httpClient(server.baseUrl);
    const order = (await http.post<OrderView>('/api/orders/', ADDRESS, { token: shopper.token }))
      .body;
    const link = await http.post<{ payment_link_id: string }>(
      `/api/payment/${order._id}`,
      undefined,
      { token: shopper.token },
    );
    expect(link.status).toBe(200);
    return { order, linkId: link.body.payment_link_id };
  }

  const statusOf = (orderId: string) => orderStatus(server.database.db, orderId);

  it('asks the provider about open links and places the paid order, once', async () => {
    // The oldest open link cannot be asked about (provider outage): the others are still checked.
    const unreachable = await orderWithLink(59);
    fake.failingLinks.add(unreachable.linkId);
    const paid = await orderWithLink(60);
    const unpaid = await orderWithLink(61);
    // The shopper paid at the provider; neither the return nor the webhook ever reached us.
    const paymentId = fake.pay(paid.linkId);

    await eventually(async () => (await statusOf(paid.order._id)) === 'PLACED', 20_000);
    await worker.waitFor(new RegExp(`reconciliation: .*${paymentId}→PAID`));
    expect(
      await server.database.db
        .selectFrom('payments')
        .select(['status', 'provider_payment_id'])
        .where('order_id', '=', paid.order._id)
        .execute(),
    ).toEqual([{ status: 'PAID', provider_payment_id: paymentId }]);
    const events = await server.database.db
      .selectFrom('order_events')
      .select(['to_status', 'note'])
      .where('order_id', '=', paid.order._id)
      .where('to_status', '!=', 'PENDING')
      .execute();
    expect(events).toEqual([{ to_status: 'PLACED', note: `Paid by ${paymentId} (reconcile)` }]);

    // Later runs find nothing more to do: the unpaid order waits, the paid one is not paid twice.
    const asked = fake.requests.length;
    await eventually(async () => fake.requests.length > asked + 2, 10_000);
    expect(await statusOf(unpaid.order._id)).toBe('PENDING');
    await worker.waitFor(new RegExp(`could not ask about ${unreachable.linkId}: .*503`));

    // Once the provider answers again, that order's payment is found too.
    const late = fake.pay(unreachable.linkId);
    fake.failingLinks.delete(unreachable.linkId);
    await eventually(async () => (await statusOf(unreachable.order._id)) === 'PLACED', 20_000);
    await worker.waitFor(new RegExp(`${late}→PAID`));
    expect(await placedEvents(server.database.db, paid.order._id)).toHaveLength(1);
  });
});

describe('a job Redis lost after the relay sent it', () => {
  let server: TestServer;
  const workers: ChildProcessHandle[] = [];
  afterAll(async () => {
    for (const w of workers) await w.stop('SIGKILL');
    await server?.close();
  });

  it('is sent again once its resend time passes without an outcome, and applied once', async () => {
    server = await startTestServer({ ORDER_WAIT_MS: 0, OUTBOX_RESEND_AFTER_MS: 1000 });
    const [size] = await pickSizes(server.database.db, 1, 62);
    const pay = await sandboxPaidOrder(server, size!, 1);
    const answer = await httpClient(server.baseUrl).get<ReturnAnswer>(pay.returnPath, {
      token: pay.shopper.token,
    });
    expect(answer.body.status).toBe('PENDING');
    const jobId = await paymentJobId(server.database.db, pay.order._id, pay.paymentId);
    const queue = new Queue(QUEUES.paymentConfirmations, {
      connection: createRedis(server.config.REDIS_URL),
      prefix: server.config.QUEUE_PREFIX,
    });
    try {
      // Relayed (no worker runs yet), then lost: Redis restarted empty, a failover, an AOF gap.
      await eventually(async () => (await queue.getJobState(jobId)) === 'waiting');
      await queue.remove(jobId);
      expect(await queue.getJob(jobId)).toBeUndefined();
      await eventually(async () => (await queue.getJobState(jobId)) === 'waiting', 10_000);
    } finally {
      await queue.close();
    }

    workers.push(await startWorkerProcess(server));
    await eventually(
      async () => (await orderStatus(server.database.db, pay.order._id)) === 'PLACED',
      20_000,
    );
    expect(await placedEvents(server.database.db, pay.order._id)).toHaveLength(1);
  });
});
