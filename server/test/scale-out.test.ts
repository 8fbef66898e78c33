// Two server and two worker processes over one PostgreSQL database, one Redis (one queue prefix)
// and one S3-compatible server, seen only through the public REST paths: uploads, catalogue
// edits, login limits and payment confirmations behave as with one process of each.
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrderFromCart,
  createPaymentLink,
  createRazorpayProvider,
  createRedis,
  signToken,
  type ProductView,
} from '@kanak/core';
import { SEED_ACCOUNTS } from '@kanak/db';
import { loadConfig, type Config } from '@kanak/server';
import {
  createTestDatabase,
  deleteKeysUnder,
  httpClient,
  inBatches,
  NO_LIMITS,
  openEventStream,
  startTestS3,
  TEST_REDIS_URL,
  uniquePrefix,
  type TestDatabase,
  type TestS3,
} from '@kanak/testkit';
import {
  ADDRESS,
  fillCart,
  pickSizes,
  pipelineEnv,
  startWorkerProcess,
  type WorkerProcess,
} from './pipeline-support';
import { sleep, startServerProcess, type ServerProcess } from './process-support';
import { startFakeRazorpay, type FakeRazorpay } from './razorpay-fake';

const KEY_ID = 'rzp_test_scaleout';
const KEY_SECRET = 'scale-out-key-secret';
const WEBHOOK_SECRET = 'scale-out-webhook-secret';
const FAILED_LOGINS = 4;
const ORDERS = 200;

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1,
  0, 0, 0, 1,
]);

/** Deletes the test's queues, limits and jobs from the shared Redis. */
async function deleteKeys(prefix: string) {
  const redis = createRedis(TEST_REDIS_URL);
  try {
    await deleteKeysUnder(redis, prefix);
  } finally {
    redis.disconnect();
  }
}

describe('scale-out: two servers and two workers sharing PostgreSQL, Redis and S3', () => {
  let database: TestDatabase;
  let s3: TestS3;
  let fake: FakeRazorpay;
  let config: Config;
  let a: ServerProcess;
  let b: ServerProcess;
  let workers: WorkerProcess[] = [];
  /** Resolve once a worker's output is fully read ('close' comes after 'exit' and the pipes). */
  let workerClosed: Promise<unknown>[] = [];
  /** Each server's own UPLOAD_DIR: with S3 configured nothing may land on a local disk. */
  const uploadDirs: string[] = [];
  const started: Array<ServerProcess | WorkerProcess> = [];
  let admin: string;

  beforeAll(async () => {
    [database, s3, fake] = await Promise.all([
      createTestDatabase(),
      startTestS3(),
      startFakeRazorpay(KEY_ID, KEY_SECRET),
    ]);
    // One configuration for every process: same database, queue prefix, signing secret and
    // provider secrets, so a token or a signed webhook is good on either server.
    config = loadConfig(
      {},
      {
        DATABASE_URL: database.url,
        REDIS_URL: TEST_REDIS_URL,
        QUEUE_PREFIX: uniquePrefix('scale'),
        JWT_SECRET: randomBytes(24).toString('hex'),
        PAYMENT_SANDBOX_SECRET: randomBytes(16).toString('hex'),
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: KEY_ID,
        RAZORPAY_KEY_SECRET: KEY_SECRET,
        RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
        RAZORPAY_API_URL: fake.url,
      },
    );
    const storage = Object.fromEntries(
      Object.entries(s3.overrides).map(([name, value]) => [name, String(value)]),
    );
    for (let i = 0; i < 2; i++)
      uploadDirs.push(await mkdtemp(path.join(os.tmpdir(), 'kanak-scale-local-')));
    const server = (uploadDir: string) =>
      startServerProcess({
        ...pipelineEnv(config),
        ...storage,
        DATABASE_URL: config.DATABASE_URL,
        REDIS_URL: config.REDIS_URL,
        JWT_SECRET: config.JWT_SECRET,
        UPLOAD_DIR: uploadDir,
        AUTH_FAILED_LOGINS_PER_EMAIL: String(FAILED_LOGINS),
        // Returns answer at once; the test waits on the database instead of 200 held requests.
        ORDER_WAIT_MS: '0',
      });
    // No reconciliation jobs: each worker's done count is then payment confirmations only.
    const worker = () => startWorkerProcess({ config }, { RECONCILE_EVERY_MS: '0' });
    const servers = [server(uploadDirs[0]!), server(uploadDirs[1]!)];
    const workerLaunches = [worker(), worker()];
    const launches = await Promise.allSettled([...servers, ...workerLaunches]);
    for (const launch of launches) if (launch.status === 'fulfilled') started.push(launch.value);
    const failed = launches.find((l) => l.status === 'rejected');
    if (failed) throw failed.reason;
    [a, b] = (await Promise.all(servers)) as [ServerProcess, ServerProcess];
    workers = await Promise.all(workerLaunches);
    workerClosed = workers.map((w) => new Promise((resolve) => w.child.once('close', resolve)));
    const login = await httpClient(a.baseUrl).post<{ jwt: string }>(
      '/auth/login',
      SEED_ACCOUNTS.admin,
    );
    expect(login.status).toBe(200);
    admin = login.body.jwt;
  }, 120_000);

  afterAll(async () => {
    // Every step even if an earlier one failed: processes first, then what they used.
    await Promise.allSettled(started.map((child) => child.stop('SIGTERM', 10_000)));
    await Promise.allSettled([
      fake?.close(),
      s3?.close(),
      ...uploadDirs.map((dir) => rm(dir, { recursive: true, force: true })),
      config && deleteKeys(config.QUEUE_PREFIX),
    ]);
    await database?.drop();
  }, 60_000);

  it('serves an image uploaded through A through B, from the bucket', async () => {
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'photo.png');
    const uploaded = await fetch(`${a.baseUrl}/api/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    const body = (await uploaded.json()) as { secure_url: string };
    expect(uploaded.status, JSON.stringify(body)).toBe(201);
    const served = await fetch(`${b.baseUrl}${new URL(body.secure_url).pathname}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toContain('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    // Not a shared local directory: both servers' upload directories stayed empty.
    for (const dir of uploadDirs) expect(await readdir(dir)).toEqual([]);
  });

  it('shows a product edited through A fresh through B at once', async () => {
    const [size] = await pickSizes(database.db, 1, 7);
    const productPath = `/api/products/id/${size!.productId}`;
    const onB = httpClient(b.baseUrl);
    // Twice on B: the second answer comes from B's catalogue cache.
    const before = (await onB.get<ProductView>(productPath)).body;
    expect((await onB.get<ProductView>(productPath)).body).toEqual(before);

    for (let round = 1; round <= 3; round++) {
      const title = `${before.title} (revised ${round})`;
      const edited = await httpClient(a.baseUrl).put<ProductView>(
        `/api/admin/products/${before._id}`,
        { ...before, title, discountedPrice: before.discountedPrice - round },
        { token: admin },
      );
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      // A answers after publishing the change, so B has it before this read reaches B.
      const seen = (await onB.get<ProductView>(productPath)).body;
      expect(seen.title).toBe(title);
      // A typed price is stored as is; a metal-priced product keeps its computed one. Either
      // way B shows what A answered.
      expect(seen.discountedPrice).toBe(edited.body.discountedPrice);
      if (before.pricing?.basis !== 'metal')
        expect(seen.discountedPrice).toBe(before.discountedPrice - round);
    }
  });

  it('counts failed logins across both servers', async () => {
    const { email, password } = SEED_ACCOUNTS.customer;
    const servers = [a, b];
    const statuses: number[] = [];
    // Alternating: each server alone sees only half of the failures.
    for (let i = 0; i < FAILED_LOGINS + 2; i++) {
      const res = await httpClient(servers[i % 2]!.baseUrl).post('/auth/login', {
        email,
        password: 'Wrong@1234',
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array.from({ length: FAILED_LOGINS }, () => 401), 429, 429]);
    // Locked on both, even with the right password.
    for (const server of servers)
      expect(
        (await httpClient(server.baseUrl).post('/auth/login', { email, password })).status,
      ).toBe(429);
  });

  it('tells a browser watching on B of moves applied by either worker, asked through A', async () => {
    const { db } = database;
    const placed = await db
      .selectFrom('orders')
      .select('id')
      .where('status', '=', 'PLACED')
      .orderBy('id')
      .limit(6)
      .execute();
    expect(placed.length).toBeGreaterThanOrEqual(4);
    // B's stream, opened the way a browser opens it: a ticket from B, then the EventSource.
    const ticket = await httpClient(b.baseUrl).post<{ result: { data: { ticket: string } } }>(
      '/trpc/live.ticket',
      {},
      { token: admin },
    );
    expect(ticket.status).toBe(200);
    const url = new URL(`${b.baseUrl}/trpc/live.orders`);
    url.searchParams.set(
      'connectionParams',
      JSON.stringify({ ticket: ticket.body.result.data.ticket }),
    );
    const stream = await openEventStream(url.toString());
    try {
      await stream.next((e) => e.event === 'connected');
      const delays: number[] = [];
      for (const { id } of placed) {
        // 200: a worker applied it within the server's wait; 202: queued, applied just after.
        const moved = await httpClient(a.baseUrl).put(
          `/api/admin/orders/${id}/confirmed`,
          {},
          { token: admin },
        );
        expect([200, 202]).toContain(moved.status);
        const answered = Date.now();
        await stream.next((e) => e.data.includes(id) && e.data.includes('"CONFIRMED"'), 10_000);
        delays.push(Date.now() - answered);
      }
      // Reported, not asserted (no timed assertions): the goal is within 1 s.
      console.info(`scale-out: order event reached B ${delays.join(', ')} ms after A answered`);
    } finally {
      stream.close();
    }
  });

  it(`applies ${ORDERS} payment confirmations, each delivered to both servers, exactly once`, async () => {
    const db = database.db;
    const provider = createRazorpayProvider({
      keyId: KEY_ID,
      keySecret: KEY_SECRET,
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: fake.url,
    });
    // Orders made with the core functions (as payments-race does): 200 sign-ups over REST would
    // spend most of the time hashing passwords. One size per order, so each stock is checkable.
    const sizes = await pickSizes(db, ORDERS, 20);
    const users = await db
      .insertInto('users')
      .values(
        sizes.map((_, i) => ({
          first_name: 'Scale',
          last_name: `Payer${i}`,
          email: `scale.payer.${i}@example.com`,
          password_hash: 'x',
        })),
      )
      .returning(['id', 'email'])
      .execute();
    const origins = { server: a.baseUrl, web: a.baseUrl };
    const orders = await inBatches(
      sizes.map((size, i) => ({ size, user: users[i]! })),
      4,
      async ({ size, user }) => {
        await fillCart(db, user.id, [
          { productId: size.productId, sizeId: size.sizeId, quantity: 1 },
        ]);
        const order = await createOrderFromCart({
          db,
          userId: user.id,
          address: ADDRESS,
          limits: NO_LIMITS,
        });
        const shopper = { id: user.id, role: 'CUSTOMER' as const };
        const link = await createPaymentLink({
          db,
          provider,
          user: shopper,
          orderId: order._id,
          origins,
        });
        const paymentId = fake.pay(link.payment_link_id);
        const token = await signToken(
          { secret: config.JWT_SECRET, expiresIn: '1h' },
          { ...shopper, email: user.email },
        );
        const webhook = JSON.stringify({
          entity: 'event',
          event: 'payment_link.paid',
          payload: {
            payment_link: {
              entity: { id: link.payment_link_id, reference_id: order._id, status: 'paid' },
            },
            payment: { entity: { id: paymentId, status: 'captured' } },
          },
        });
        return { orderId: order._id, size, paymentId, token, webhook };
      },
    );
    const ids = orders.map((o) => o.orderId);

    // Every payment reaches both servers: the shopper's return through A, the provider's webhook
    // through B. Both write the same outbox key, both relays send, both workers take jobs.
    const deliveries = await inBatches(orders, 16, async (o) => {
      const [back, hook] = await Promise.all([
        httpClient(a.baseUrl).get(`/api/payment?payment_id=${o.paymentId}&order_id=${o.orderId}`, {
          token: o.token,
        }),
        httpClient(b.baseUrl).post<{ status: string }>('/api/payment/webhook', o.webhook, {
          headers: {
            'content-type': 'application/json',
            'x-razorpay-signature': createHmac('sha256', WEBHOOK_SECRET)
              .update(o.webhook)
              .digest('hex'),
          },
        }),
      ]);
      return { back: back.status, hook: `${hook.status} ${hook.body.status}` };
    });
    expect(deliveries.filter((d) => d.back !== 200 || d.hook !== '200 queued')).toEqual([]);

    // Generous: on a loaded 2-core machine 200 jobs take a few seconds.
    const countByStatus = async () =>
      (
        await db
          .selectFrom('orders')
          .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
          .where('id', 'in', ids)
          .groupBy('status')
          .execute()
      ).map((row) => ({ status: row.status, count: Number(row.count) }));
    const deadline = Date.now() + 45_000;
    let statuses = await countByStatus();
    while (statuses.some((s) => s.status === 'PENDING')) {
      if (Date.now() > deadline)
        throw new Error(`orders still unpaid after 45 s: ${JSON.stringify(statuses)}`);
      await sleep(200);
      statuses = await countByStatus();
    }
    expect(statuses).toEqual([{ status: 'PLACED', count: ORDERS }]);

    // Exactly once per order: one PAID payment with the provider's id, one move to PLACED, and
    // the stock of its size taken once.
    const paid = await db
      .selectFrom('payments')
      .select(['order_id', 'provider_payment_id'])
      .where('order_id', 'in', ids)
      .where('status', '=', 'PAID')
      .execute();
    expect(paid).toHaveLength(ORDERS);
    const paymentOf = new Map(paid.map((p) => [p.order_id, p.provider_payment_id]));
    expect(orders.filter((o) => paymentOf.get(o.orderId) !== o.paymentId)).toEqual([]);
    const placed = await db
      .selectFrom('order_events')
      .select(['order_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('order_id', 'in', ids)
      .where('to_status', '=', 'PLACED')
      .groupBy('order_id')
      .execute();
    expect(placed).toHaveLength(ORDERS);
    expect(placed.filter((p) => Number(p.count) !== 1)).toEqual([]);
    const stocks = await db
      .selectFrom('product_sizes')
      .select(['id', 'stock'])
      .where(
        'id',
        'in',
        sizes.map((s) => s.sizeId),
      )
      .execute();
    const stockOf = new Map(stocks.map((s) => [s.id, s.stock]));
    expect(
      sizes
        .filter((s) => stockOf.get(s.sizeId) !== s.stock - 1)
        .map((s) => `${s.sizeId}: ${s.stock} -> ${stockOf.get(s.sizeId)}`),
    ).toEqual([]);
    expect(await db.selectFrom('dead_letters').select('id').execute()).toEqual([]);

    // Which worker ran which job is known only to the workers (BullMQ's processedBy needs a
    // worker name they do not set): each prints its completed-job count when stopped.
    await Promise.all(workers.map((w) => w.stop()));
    await Promise.all(workerClosed);
    const done = workers.map((w) => {
      const line = w.output.find((l) => /stopped: done=\d+/.test(l));
      expect(line, w.output.slice(-20).join('\n')).toBeDefined();
      return Number(/done=(\d+)/.exec(line!)![1]);
    });
    console.info(`scale-out: payment jobs per worker ${done.join(' + ')}`);
    // Deliveries of one payment share one outbox row, so normally one job per order.
    expect(done[0]! + done[1]!).toBeGreaterThanOrEqual(ORDERS);
    expect(done[0]).toBeGreaterThan(0);
    expect(done[1]).toBeGreaterThan(0);
  }, 90_000);
});
