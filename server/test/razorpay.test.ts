import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue, QueueEvents } from 'bullmq';
import {
  checkReturnSignature,
  createRazorpayProvider,
  createRedis,
  QUEUES,
  type OrderView,
} from '@kanak/core';
import { httpClient, startTestServer, type TestServer } from '@kanak/testkit';
import {
  ADDRESS,
  eventually,
  fillCart,
  newCustomer,
  paymentJobId,
  pickSizes,
  startWorkerProcess,
  type WorkerProcess,
} from './pipeline-support';
import { startFakeRazorpay, type FakeRazorpay } from './razorpay-fake';

const KEY_ID = 'rzp_test_fakekey';
const KEY_SECRET = 'fake-key-secret-123';
const WEBHOOK_SECRET = 'fake-webhook-secret-456';
const sign = (secret: string, data: string) =>
  createHmac('sha256', secret).update(data).digest('hex');

describe('Razorpay payment-links adapter against a local fake', () => {
  let fake: FakeRazorpay;
  beforeAll(async () => {
    fake = await startFakeRazorpay(KEY_ID, KEY_SECRET);
  });
  afterAll(() => fake?.close());

  it('creates a link in paise with basic auth, fetches payments, verifies both signatures', async () => {
    const provider = createRazorpayProvider({
      keyId: KEY_ID,
      keySecret: KEY_SECRET,
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: fake.url,
    });
    const orderId = '11111111-2222-4333-8444-555555555555';
    const link = await provider.createLink({
      orderId,
      amount: 12_345,
      description: 'Order',
      customer: { name: 'Priya Sharma', email: 'priya@example.com', contact: '9876543210' },
      callbackUrl: 'http://shop.test/payment/' + orderId,
      serverOrigin: 'http://shop.test',
      expiresAt: new Date('2030-01-01T00:30:00Z'),
    });
    expect(link.id).toMatch(/^plink_/);
    expect(link.url).toBe(`${fake.url}/rzp/${link.id}`);
    const sent = fake.requests.find((r) => r.method === 'POST')!;
    expect(sent.authorization).toBe(
      `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`,
    );
    const reference = fake.links.get(link.id)!.reference_id;
    // Unique per link (Razorpay refuses a reference_id used before), at most 40 characters, and
    // naming the order; the order's id also travels in the notes.
    expect(reference).toMatch(/^11111111222243338444555555555555-[0-9a-f]{6}$/);
    expect(reference.length).toBeLessThanOrEqual(40);
    expect(sent.body).toMatchObject({
      amount: 1_234_500,
      currency: 'INR',
      reference_id: reference,
      notes: { order_id: orderId },
      callback_url: `http://shop.test/payment/${orderId}`,
      callback_method: 'get',
      expire_by: Date.parse('2030-01-01T00:30:00Z') / 1000,
    });

    const paymentId = fake.pay(link.id);
    expect(await provider.fetchPayment(paymentId, [link.id])).toEqual({
      id: paymentId,
      status: 'captured',
      amount: 12_345,
      paymentLinkId: link.id,
      madeAt: expect.any(Date),
    });
    expect(await provider.fetchPayment(paymentId, ['plink_Other'])).toMatchObject({
      status: 'captured',
      paymentLinkId: null,
    });
    expect(await provider.fetchPayment('pay_Missing', [link.id])).toBeNull();
    fake.failing.add(paymentId);
    await expect(provider.fetchPayment(paymentId, [link.id])).rejects.toThrow(/503/);
    fake.failing.delete(paymentId);

    const body = Buffer.from(
      JSON.stringify({
        event: 'payment_link.paid',
        payload: {
          payment_link: { entity: { id: link.id, reference_id: reference } },
          payment: { entity: { id: paymentId } },
        },
      }),
    );
    expect(provider.verifyWebhook(body, sign(WEBHOOK_SECRET, body.toString()))).toBe(true);
    expect(provider.verifyWebhook(body, sign('other', body.toString()))).toBe(false);
    expect(provider.verifyWebhook(body, undefined)).toBe(false);
    expect(provider.parseWebhook(body)).toEqual({ orderId, paymentId, paymentLinkId: link.id });
    expect(
      provider.parseWebhook(
        Buffer.from(JSON.stringify({ event: 'payment.captured', payload: {} })),
      ),
    ).toBeNull();

    const params = { paymentLinkId: link.id, referenceId: orderId, status: 'paid', paymentId };
    expect(
      provider.verifyReturnSignature(
        params,
        sign(KEY_SECRET, `${link.id}|${orderId}|paid|${paymentId}`),
      ),
    ).toBe(true);
    expect(
      provider.verifyReturnSignature(
        { ...params, status: 'failed' },
        sign(KEY_SECRET, `${link.id}|${orderId}|paid|${paymentId}`),
      ),
    ).toBe(false);
  });

  it('makes a second link for the same order (one expired, a re-quote): each has its own reference', async () => {
    const provider = createRazorpayProvider({
      keyId: KEY_ID,
      keySecret: KEY_SECRET,
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: fake.url,
    });
    const orderId = '22222222-3333-4444-8555-666666666666';
    const ask = {
      orderId,
      amount: 50_000,
      description: 'Order',
      customer: { name: 'Asha Rao', email: 'asha@example.com', contact: '9876543210' },
      callbackUrl: `http://shop.test/payment/${orderId}`,
      serverOrigin: 'http://shop.test',
      expiresAt: new Date('2030-01-01T00:30:00Z'),
    };
    // Before: both links carried reference_id = the order id, and Razorpay refused the second.
    const first = await provider.createLink(ask);
    const second = await provider.createLink(ask);
    const [a, b] = [first, second].map((l) => fake.links.get(l.id)!.reference_id);
    expect(a).not.toBe(b);
    // A webhook of the second link names the order, by its notes or, without them, its reference.
    const paymentId = fake.pay(second.id);
    const webhook = (entity: object) =>
      Buffer.from(
        JSON.stringify({
          event: 'payment_link.paid',
          payload: { payment_link: { entity }, payment: { entity: { id: paymentId } } },
        }),
      );
    expect(
      provider.parseWebhook(
        webhook({ id: second.id, reference_id: b, notes: { order_id: orderId } }),
      ),
    ).toEqual({ orderId, paymentId, paymentLinkId: second.id });
    expect(provider.parseWebhook(webhook({ id: second.id, reference_id: b }))).toEqual({
      orderId,
      paymentId,
      paymentLinkId: second.id,
    });
    // The signed return carries the reference: accepted for its own order only.
    const signed = {
      paymentId,
      paymentLinkId: second.id,
      status: 'paid',
      referenceId: b,
      signature: sign(KEY_SECRET, `${second.id}|${b}|paid|${paymentId}`),
    };
    expect(() => checkReturnSignature(provider, orderId, signed)).not.toThrow();
    expect(() =>
      checkReturnSignature(provider, '33333333-3333-4333-8333-333333333333', signed),
    ).toThrow('The payment signature is not valid');
    expect(() => checkReturnSignature(provider, orderId, { ...signed, referenceId: a })).toThrow(
      'The payment signature is not valid',
    );
  });
});

describe('server and worker configured for Razorpay', () => {
  let fake: FakeRazorpay;
  let server: TestServer;
  let worker: WorkerProcess;
  let http: ReturnType<typeof httpClient>;

  beforeAll(async () => {
    fake = await startFakeRazorpay(KEY_ID, KEY_SECRET);
    server = await startTestServer({
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: KEY_ID,
      RAZORPAY_KEY_SECRET: KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      RAZORPAY_API_URL: fake.url,
    });
    http = httpClient(server.baseUrl);
    worker = await startWorkerProcess(server);
  });
  afterAll(async () => {
    await worker?.stop();
    await server?.close();
    await fake?.close();
  });

  async function paidOrder(
    name: string,
    offset: number,
    status: 'captured' | 'authorized' = 'captured',
  ) {
    const [size] = await pickSizes(server.database.db, 1, offset);
    const shopper = await newCustomer(server, name);
    await fillCart(server.database.db, shopper.id, [
      { productId: size!.productId, sizeId: size!.sizeId, quantity: 1 },
    ]);
    const order = (await http.post<OrderView>('/api/orders/', ADDRESS, { token: shopper.token }))
      .body;
    const link = await http.post<{ payment_link_url: string; payment_link_id: string }>(
      `/api/payment/${order._id}`,
      undefined,
      { token: shopper.token },
    );
    expect(link.status).toBe(200);
    expect(link.body.payment_link_url).toBe(`${fake.url}/rzp/${link.body.payment_link_id}`);
    expect(fake.links.get(link.body.payment_link_id)!.amount).toBe(
      order.totalDiscountedPrice * 100,
    );
    const paymentId = fake.pay(link.body.payment_link_id, status);
    const webhook = JSON.stringify({
      entity: 'event',
      event: 'payment_link.paid',
      payload: {
        payment_link: {
          entity: { id: link.body.payment_link_id, reference_id: order._id, status: 'paid' },
        },
        payment: {
          entity: { id: paymentId, amount: order.totalDiscountedPrice * 100, status: 'captured' },
        },
      },
    });
    return { size: size!, shopper, order, paymentId, webhook };
  }

  it('places the order from a signed webhook and the return together, exactly once', async () => {
    const { size, shopper, order, paymentId, webhook } = await paidOrder('Webhook', 30);
    const stock = (
      await server.database.db
        .selectFrom('product_sizes')
        .select('stock')
        .where('id', '=', size.sizeId)
        .executeTakeFirstOrThrow()
    ).stock;

    const bad = await http.post<{ message: string }>('/api/payment/webhook', webhook, {
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': sign('not-the-secret', webhook),
      },
    });
    expect(bad.status).toBe(400);
    const ok = await http.post<{ status: string }>('/api/payment/webhook', webhook, {
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': sign(WEBHOOK_SECRET, webhook),
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe('queued');
    const back = await http.get<{ status: string; order: OrderView }>(
      `/api/payment?payment_id=${paymentId}&order_id=${order._id}`,
      { token: shopper.token },
    );
    expect(back.body.status).toBe('PAID');
    expect(back.body.order.orderStatus).toBe('PLACED');
    // The same webhook delivered again changes nothing.
    await http.post('/api/payment/webhook', webhook, {
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': sign(WEBHOOK_SECRET, webhook),
      },
    });
    await new Promise((r) => setTimeout(r, 500));

    const after = (
      await server.database.db
        .selectFrom('product_sizes')
        .select('stock')
        .where('id', '=', size.sizeId)
        .executeTakeFirstOrThrow()
    ).stock;
    expect(after).toBe(stock - 1);
    const payments = await server.database.db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', order._id)
      .execute();
    expect(payments).toMatchObject([
      { provider: 'razorpay', status: 'PAID', provider_payment_id: paymentId },
    ]);
    expect(fake.requests.some((r) => r.path === `/v1/payments/${paymentId}`)).toBe(true);
  });

  it('answers a webhook it cannot use with 400 and the reason', async () => {
    const post = (body: string, signature?: string) =>
      http.post('/api/payment/webhook', body, {
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'x-razorpay-signature': signature } : {}),
        },
      });
    const refusal = (message: string) => ({ status: 400, body: { error: 'BAD_REQUEST', message } });
    const pick = ({ status, body }: { status: number; body: unknown }) => ({ status, body });

    expect(pick(await post('{}'))).toEqual(refusal('Invalid webhook signature'));
    const notJson = 'not json';
    expect(pick(await post(notJson, sign(WEBHOOK_SECRET, notJson)))).toEqual(
      refusal('Webhook body is not valid JSON'),
    );
    const badId = JSON.stringify({
      event: 'payment_link.paid',
      payload: {
        payment_link: { entity: { id: 'plink_x', reference_id: 'order-x' } },
        payment: { entity: { id: 'pay bad id!' } },
      },
    });
    expect(pick(await post(badId, sign(WEBHOOK_SECRET, badId)))).toEqual(
      refusal('Webhook payment id is not valid'),
    );
  });

  it('answers PENDING for a payment not captured yet, and applies it when the webhook reports it paid', async () => {
    const { shopper, order, paymentId, webhook } = await paidOrder('Authorized', 34, 'authorized');
    const early = await http.get<{ status: string; order: OrderView }>(
      `/api/payment?payment_id=${paymentId}&order_id=${order._id}`,
      { token: shopper.token },
    );
    expect(early.body.status).toBe('PENDING');
    expect(early.body.order.orderStatus).toBe('PENDING');
    fake.capture(paymentId);
    await http.post('/api/payment/webhook', webhook, {
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': sign(WEBHOOK_SECRET, webhook),
      },
    });
    await eventually(
      async () =>
        (
          await server.database.db
            .selectFrom('orders')
            .select('status')
            .where('id', '=', order._id)
            .executeTakeFirstOrThrow()
        ).status === 'PLACED',
    );
    expect(
      await server.database.db
        .selectFrom('payments')
        .select('status')
        .where('order_id', '=', order._id)
        .execute(),
    ).toEqual([{ status: 'PAID' }]);
  });

  it('retries a provider outage with backoff and dead-letters the job after the last attempt', async () => {
    const { order, paymentId, webhook } = await paidOrder('Outage', 32);
    fake.failing.add(paymentId);
    // Each failed attempt puts the job back as delayed (its backoff), heard as an event.
    const events = new QueueEvents(QUEUES.paymentConfirmations, {
      connection: createRedis(server.config.REDIS_URL),
      prefix: server.config.QUEUE_PREFIX,
    });
    const delayed: string[] = [];
    events.on('delayed', ({ jobId: delayedId }) => delayed.push(delayedId));
    await events.waitUntilReady();
    await http.post('/api/payment/webhook', webhook, {
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': sign(WEBHOOK_SECRET, webhook),
      },
    });
    const jobId = await paymentJobId(server.database.db, order._id, paymentId);
    const dead = await eventually(
      () =>
        server.database.db
          .selectFrom('dead_letters')
          .selectAll()
          .where('job_id', '=', jobId)
          .executeTakeFirst(),
      20_000,
    );
    // Five attempts, each retry delayed by the job's own exponential backoff (0.5 s, 1 s, 2 s,
    // 4 s): read from the job BullMQ kept and from its events, not from the wall clock.
    const queue = new Queue(QUEUES.paymentConfirmations, {
      connection: createRedis(server.config.REDIS_URL),
      prefix: server.config.QUEUE_PREFIX,
    });
    try {
      const job = await queue.getJob(jobId);
      expect(job?.opts).toMatchObject({
        attempts: 5,
        backoff: { type: 'exponential', delay: 500 },
      });
      expect(job?.attemptsMade).toBe(5);
      expect(delayed.filter((id) => id === jobId).length).toBeGreaterThanOrEqual(4);
    } finally {
      await queue.close();
      await events.close();
    }
    expect(dead).toMatchObject({ queue: 'payment-confirmations', attempts: 5 });
    expect(dead.error).toMatch(/503/);
    expect(dead.payload).toMatchObject({ orderId: order._id, paymentId, source: 'webhook' });
    expect(fake.requests.filter((r) => r.path === `/v1/payments/${paymentId}`)).toHaveLength(5);
    expect(
      (
        await server.database.db
          .selectFrom('orders')
          .select('status')
          .where('id', '=', order._id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('PENDING');

    // Once the provider is back, the next delivery of the webhook runs the dead-lettered job again.
    fake.failing.delete(paymentId);
    await http.post('/api/payment/webhook', webhook, {
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': sign(WEBHOOK_SECRET, webhook),
      },
    });
    await eventually(
      async () =>
        (
          await server.database.db
            .selectFrom('orders')
            .select('status')
            .where('id', '=', order._id)
            .executeTakeFirstOrThrow()
        ).status === 'PLACED',
    );
  });
});
