import { createHmac, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderView } from '@kanak/core';
import { SEED_ACCOUNTS } from '@kanak/db';
import {
  httpClient,
  pingRedisPort,
  startRedisServer,
  startTestServer,
  type RedisServer,
  type TestServer,
} from '@kanak/testkit';
import { ADDRESS, fillCart, login, newCustomer, pickSizes } from './pipeline-support';

/** Small budgets, so each limit is reached in a few calls; the other limits stay relaxed. */
const BUDGET = { orders: 2, reviews: 2, uploads: 2, returns: 3, webhooks: 3, batch: 5 };

type Answer = Awaited<ReturnType<ReturnType<typeof httpClient>['call']>>;
type TrpcError = { error: { message: string; data: { code: string; httpStatus: number } } };

/** REST's refusal: 429, when to come back, and `{ error, message }` naming what was limited. */
function expectRestRefusal(res: Answer, message: RegExp, windowSeconds: number) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(res.body).toMatchObject({ error: 'TOO_MANY_REQUESTS' });
  expect((res.body as { message: string }).message).toMatch(message);
}

/** tRPC's refusal: the same status, header and message, under tRPC's own error shape. */
function expectTrpcRefusal(res: Answer, message: RegExp, windowSeconds: number) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  const { error } = res.body as TrpcError;
  expect(error.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', httpStatus: 429 });
  expect(error.message).toMatch(message);
}

describe('abuse limits on the routes that create work', () => {
  let server: TestServer;
  let http: ReturnType<typeof httpClient>;
  let uploadDir: string;

  beforeAll(async () => {
    uploadDir = await mkdtemp(path.join(os.tmpdir(), 'kanak-limits-'));
    server = await startTestServer({
      RATE_LIMIT_ORDERS_PER_HOUR: BUDGET.orders,
      RATE_LIMIT_REVIEWS_PER_HOUR: BUDGET.reviews,
      RATE_LIMIT_UPLOADS_PER_HOUR: BUDGET.uploads,
      RATE_LIMIT_PAYMENT_RETURNS_PER_MINUTE: BUDGET.returns,
      RATE_LIMIT_WEBHOOKS_PER_MINUTE: BUDGET.webhooks,
      TRPC_MAX_BATCH_SIZE: BUDGET.batch,
      // Each test names its own client address (X-Forwarded-For from the loopback proxy hop).
      TRUST_PROXY: '1',
      UPLOAD_DIR: uploadDir,
    });
    http = httpClient(server.baseUrl);
  });
  afterAll(async () => {
    await server?.close();
    await rm(uploadDir, { recursive: true, force: true });
  });

  const db = () => server.database.db;
  const from = (address: string, token?: string) => ({
    headers: { 'x-forwarded-for': address },
    ...(token ? { token } : {}),
  });
  const outboxRows = async () =>
    Number(
      (
        await db()
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses a customer past the hourly order budget on REST and tRPC; another customer still orders', async () => {
    const [size] = await pickSizes(db(), 1, 2);
    const line = { productId: size!.productId, sizeId: size!.sizeId, quantity: 1 };
    const [greedy, other] = [
      await newCustomer(server, 'Greedy'),
      await newCustomer(server, 'Other'),
    ];
    await fillCart(db(), greedy.id, [line]);
    await fillCart(db(), other.id, [line]);

    // The budget is shared by both transports: one order each way uses it up.
    expect((await http.post('/api/orders/', ADDRESS, { token: greedy.token })).status).toBe(201);
    expect((await http.post('/trpc/orders.create', ADDRESS, { token: greedy.token })).status).toBe(
      200,
    );
    const ordersBefore = await db()
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', greedy.id)
      .execute();

    const rest = await http.post('/api/orders/', ADDRESS, { token: greedy.token });
    expectRestRefusal(rest, /^Too many orders\. Please try again in \d+ minutes\.$/, 3600);
    const trpc = await http.post('/trpc/orders.create', ADDRESS, { token: greedy.token });
    expectTrpcRefusal(trpc, /^Too many orders\./, 3600);
    // Refused before any write.
    expect(
      await db().selectFrom('orders').select('id').where('user_id', '=', greedy.id).execute(),
    ).toHaveLength(ordersBefore.length);

    const theirs = await http.post<OrderView>('/api/orders/', ADDRESS, { token: other.token });
    expect(theirs.status).toBe(201);
    expect(theirs.body.orderStatus).toBe('PENDING');
  });

  it('refuses reviews past the budget on REST and tRPC, counts ratings apart, and not for another customer', async () => {
    const [size] = await pickSizes(db(), 1, 3);
    const productId = size!.productId;
    const [critic, other] = [
      await newCustomer(server, 'Critic'),
      await newCustomer(server, 'Quiet'),
    ];
    const body = { review: 'Lovely finish.', rating: 4, productId };

    expect((await http.post('/api/reviews/create', body, { token: critic.token })).status).toBe(
      201,
    );
    expect((await http.post('/trpc/reviews.create', body, { token: critic.token })).status).toBe(
      200,
    );
    expectRestRefusal(
      await http.post('/api/reviews/create', body, { token: critic.token }),
      /^Too many reviews\. Please try again in \d+ minutes\.$/,
      3600,
    );
    expectTrpcRefusal(
      await http.post('/trpc/reviews.create', body, { token: critic.token }),
      /^Too many reviews\./,
      3600,
    );
    // The review form posts a rating with each review: ratings have a budget of their own.
    expect((await http.post('/api/ratings/create', body, { token: critic.token })).status).toBe(
      201,
    );
    expect((await http.post('/api/reviews/create', body, { token: other.token })).status).toBe(201);
  });

  it('refuses an admin past the hourly upload budget, before the file is stored', async () => {
    const admin = await login(server, SEED_ACCOUNTS.admin.email, SEED_ACCOUNTS.admin.password);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const upload = async () => {
      const form = new FormData();
      form.append('file', new Blob([png], { type: 'image/png' }), 'photo.png');
      const response = await fetch(`${server.baseUrl}/api/uploads`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}` },
        body: form,
      });
      return { status: response.status, headers: response.headers, body: await response.json() };
    };
    for (let i = 0; i < BUDGET.uploads; i++) expect((await upload()).status).toBe(201);
    expectRestRefusal(
      await upload(),
      /^Too many uploads\. Please try again in \d+ minutes\.$/,
      3600,
    );
    expect(await readdir(uploadDir)).toHaveLength(BUDGET.uploads);
  });

  it('answers a made-up payment return with a 4xx and writes no outbox row', async () => {
    const shopper = await newCustomer(server, 'Prober');
    const before = await outboxRows();
    const madeUp = `/api/payment?payment_id=pay_${randomUUID().slice(0, 8)}&order_id=${randomUUID()}`;

    const signedIn = await http.get<{ error: string }>(madeUp, from('10.0.1.1', shopper.token));
    expect(signedIn.status).toBe(404);
    expect(signedIn.body.error).toBe('NOT_FOUND');
    // A visitor learns nothing about the order either way.
    expect((await http.get(madeUp, from('10.0.1.1'))).status).toBe(401);

    // A real order, but not this caller's; and the caller's own order before it has a link.
    const [size] = await pickSizes(db(), 1, 4);
    const owner = await newCustomer(server, 'Owner');
    await fillCart(db(), owner.id, [
      { productId: size!.productId, sizeId: size!.sizeId, quantity: 1 },
    ]);
    const order = (await http.post<OrderView>('/api/orders/', ADDRESS, { token: owner.token }))
      .body;
    const ofOrder = `/api/payment?payment_id=pay_made_up_1&order_id=${order._id}`;
    expect((await http.get(ofOrder, from('10.0.1.2', shopper.token))).status).toBe(404);
    const noLink = await http.get<{ message: string }>(ofOrder, from('10.0.1.2', owner.token));
    expect(noLink.status).toBe(404);
    expect(noLink.body.message).toMatch(/Payment link/);
    // With a link: a link id that is not this order's.
    await http.post(`/api/payment/${order._id}`, undefined, { token: owner.token });
    const wrongLink = await http.get<{ message: string }>(
      `${ofOrder}&razorpay_payment_link_id=plink_sbx_AAAAAAAAAAAAAAAA`,
      from('10.0.1.3', owner.token),
    );
    expect(wrongLink.status).toBe(400);
    expect(wrongLink.body.message).toMatch(/not made for this order/);

    expect(await outboxRows()).toBe(before);
  });

  it('refuses payment returns past the per-address budget on REST and tRPC; another address is not held', async () => {
    const shopper = await newCustomer(server, 'Looper');
    const madeUp = () =>
      `/api/payment?payment_id=pay_${randomUUID().slice(0, 8)}&order_id=${randomUUID()}`;
    for (let i = 0; i < BUDGET.returns; i++)
      expect((await http.get(madeUp(), from('10.0.2.1', shopper.token))).status).toBe(404);
    expectRestRefusal(
      await http.get(madeUp(), from('10.0.2.1', shopper.token)),
      /^Too many payment confirmations\. Please try again in \d+ seconds?\.$/,
      60,
    );
    // The same customer from another address has its own count.
    expect((await http.get(madeUp(), from('10.0.2.2', shopper.token))).status).toBe(404);

    const confirm = () =>
      http.post(
        '/trpc/payments.confirmReturn',
        { orderId: randomUUID(), paymentId: 'pay_made_up_2' },
        from('10.0.2.3', shopper.token),
      );
    for (let i = 0; i < BUDGET.returns; i++) expect((await confirm()).status).toBe(404);
    expectTrpcRefusal(await confirm(), /^Too many payment confirmations\./, 60);
  });

  it('refuses unsigned webhooks past the per-address budget; signed ones are never held', async () => {
    const body = JSON.stringify({ event: 'payment_link.paid', payload: {} });
    const signature = createHmac('sha256', server.config.PAYMENT_SANDBOX_SECRET)
      .update(body)
      .digest('hex');
    const send = (address: string, signed = false) =>
      http.post('/api/payment/webhook', body, {
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': address,
          ...(signed ? { 'x-razorpay-signature': signature } : {}),
        },
      });
    for (let i = 0; i < BUDGET.webhooks; i++) expect((await send('10.0.3.1')).status).toBe(400);
    expectRestRefusal(
      await send('10.0.3.1'),
      /^Too many webhook calls\. Please try again in \d+ seconds?\.$/,
      60,
    );
    expect((await send('10.0.3.2')).status).toBe(400);
    // The provider's own calls from the same address still go through (the sandbox ignores them).
    for (let i = 0; i < BUDGET.webhooks + 2; i++) {
      const signed = await send('10.0.3.1', true);
      expect(signed.status).toBe(200);
      expect(signed.body).toEqual({ status: 'ignored' });
    }
  });

  it('answers a tRPC batch at the cap and refuses a longer one with a 4xx', async () => {
    const batch = (n: number) =>
      http.get<unknown>(`/trpc/${Array.from({ length: n }, () => 'ping').join(',')}?batch=1`);
    const atCap = await batch(BUDGET.batch);
    expect(atCap.status).toBe(200);
    expect(atCap.body).toEqual(
      Array.from({ length: BUDGET.batch }, () => ({ result: { data: 'pong' } })),
    );
    const over = await batch(BUDGET.batch + 1);
    expect(over.status).toBeGreaterThanOrEqual(400);
    expect(over.status).toBeLessThan(500);
    expect(JSON.stringify(over.body)).toMatch(/batch/i);
  });
});

describe('abuse limits while Redis is stopped', () => {
  let redis: RedisServer;
  let server: TestServer;
  let http: ReturnType<typeof httpClient>;

  beforeAll(async () => {
    redis = await startRedisServer();
    server = await startTestServer({
      REDIS_URL: redis.url,
      RATE_LIMIT_PAYMENT_RETURNS_PER_MINUTE: BUDGET.returns,
      TRUST_PROXY: '1',
    });
    http = httpClient(server.baseUrl);
  });
  afterAll(async () => {
    await server?.close();
    await redis?.stop();
  });

  it('keeps answering and counts in this process, refusing past the budget', async () => {
    const shopper = await newCustomer(server, 'Offline');
    const madeUp = () =>
      http.get(`/api/payment?payment_id=pay_offline&order_id=${randomUUID()}`, {
        headers: { 'x-forwarded-for': '10.0.4.1' },
        token: shopper.token,
      });
    expect((await madeUp()).status).toBe(404);

    await redis.stop();
    expect(await pingRedisPort(redis.port)).toBe(false);
    // Counted afresh in memory: the whole budget, then the refusal (not a 503).
    for (let i = 0; i < BUDGET.returns; i++) expect((await madeUp()).status).toBe(404);
    const refused = await madeUp();
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'TOO_MANY_REQUESTS' });
  });
});
