import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { SEED_ACCOUNTS } from '@kanak/db';
import {
  createPaymentProviders,
  instalmentJobKey,
  paymentJobKey,
  reconcileInstalments,
  reconcilePayments,
  type OrderView,
  type PaymentProviders,
} from '@kanak/core';
import type { AdminSystemView, SchemeEnrolment } from '@kanak/shared';
import { httpClient, startTestServer, type TestServer } from '@kanak/testkit';
import {
  ADDRESS,
  eventually,
  fillCart,
  login,
  newCustomer,
  orderStatus,
  pickSizes,
  placedEvents,
  startWorkerProcess,
  type WorkerProcess,
} from './pipeline-support';
import { startFakeRazorpay, type FakeRazorpay } from './razorpay-fake';
import { startFakeCashfree, type FakeCashfree } from './cashfree-fake';

const RZP = {
  id: 'rzp_test_failover',
  secret: 'rzp-key-secret-failover',
  webhook: 'rzp-webhook-1',
};
const CF = { id: 'cf_test_client', secret: 'cf-client-secret-failover' };
// Long enough for the few calls made while a breaker is open, on a busy machine.
const COOL_OFF_MS = 3000;
const FAILURES = 2;

describe('two providers: failover, one confirmation per order, the second payment refunded', () => {
  let rzp: FakeRazorpay;
  let cf: FakeCashfree;
  let server: TestServer;
  let worker: WorkerProcess;
  let http: ReturnType<typeof httpClient>;
  let providers: PaymentProviders;
  let offset = 40;

  beforeAll(async () => {
    rzp = await startFakeRazorpay(RZP.id, RZP.secret);
    cf = await startFakeCashfree(CF.id, CF.secret);
    server = await startTestServer({
      PAYMENT_PROVIDERS: 'razorpay,cashfree',
      RAZORPAY_KEY_ID: RZP.id,
      RAZORPAY_KEY_SECRET: RZP.secret,
      RAZORPAY_WEBHOOK_SECRET: RZP.webhook,
      RAZORPAY_API_URL: rzp.url,
      CASHFREE_CLIENT_ID: CF.id,
      CASHFREE_CLIENT_SECRET: CF.secret,
      CASHFREE_API_URL: cf.url,
      PAYMENT_BREAKER_FAILURES: FAILURES,
      PAYMENT_BREAKER_COOLOFF_MS: COOL_OFF_MS,
      // A return waits for the worker's answer up to a ceiling only a hung worker reaches, so its
      // PAID does not depend on how fast a loaded machine runs the job.
      ORDER_WAIT_MS: 60_000,
    });
    http = httpClient(server.baseUrl);
    worker = await startWorkerProcess(server);
    // The test's own view of the providers, for reconciliation runs asked of it directly.
    providers = createPaymentProviders(server.config, server.database.db);
  });
  afterAll(async () => {
    await worker?.stop();
    await server?.close();
    await rzp?.close();
    await cf?.close();
  });

  const db = () => server.database.db;

  async function pendingOrder(name: string) {
    const [size] = await pickSizes(db(), 1, offset++);
    const shopper = await newCustomer(server, name);
    await fillCart(db(), shopper.id, [
      { productId: size!.productId, sizeId: size!.sizeId, quantity: 1 },
    ]);
    const order = (await http.post<OrderView>('/api/orders/', ADDRESS, { token: shopper.token }))
      .body;
    return { shopper, order };
  }
  const payLink = (orderId: string, token: string) =>
    http.post<{ payment_link_url: string; payment_link_id: string }>(
      `/api/payment/${orderId}`,
      undefined,
      { token },
    );
  /** Where Cashfree sends the shopper back: the page's path and query, as the browser has them. */
  const cashfreeReturn = (linkId: string) => new URL(cf.links.get(linkId)!.link_meta.return_url!);
  /** What the /payment/{orderId} page calls with the return's parameters. */
  const returnCall = (back: URL, token: string) => {
    const orderId = back.pathname.split('/').at(-1)!;
    const paymentId = back.searchParams.get('razorpay_payment_id')!;
    const linkId = back.searchParams.get('razorpay_payment_link_id')!;
    return http.get<{ status: string; order: OrderView }>(
      `/api/payment?payment_id=${paymentId}&order_id=${orderId}&razorpay_payment_link_id=${linkId}`,
      { token },
    );
  };
  const postCashfreeWebhook = (linkId: string, paymentId: string, secret?: string) => {
    const { body, headers } = cf.webhook(linkId, paymentId, secret);
    return http.post<{ status: string }>('/api/payment/webhook/cashfree', body, { headers });
  };
  const paymentsOf = (orderId: string) =>
    db()
      .selectFrom('payments')
      .select(['provider', 'status', 'provider_payment_id', 'payment_link_id'])
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .execute();
  const coolOff = () => new Promise((r) => setTimeout(r, COOL_OFF_MS + 100));

  it('pays through Cashfree while Razorpay answers 500: return, webhook and reconciliation confirm once', async () => {
    rzp.failCreate.status = 500;
    const { shopper, order } = await pendingOrder('Failover');
    const link = await payLink(order._id, shopper.token);
    // Before: the 500 from the only provider failed the request, and the shopper could not pay.
    expect(link.status).toBe(200);
    expect(link.body.payment_link_url).toBe(`${cf.url}/cf/${link.body.payment_link_id}`);
    expect(await paymentsOf(order._id)).toMatchObject([
      { provider: 'cashfree', status: 'CREATED', payment_link_id: link.body.payment_link_id },
    ]);
    const sent = cf.requests.find((r) => r.method === 'POST' && r.path === '/pg/links')!;
    expect(sent.headers).toMatchObject({
      'x-client-id': CF.id,
      'x-client-secret': CF.secret,
      'x-api-version': '2023-08-01',
    });
    expect(sent.body).toMatchObject({
      link_id: link.body.payment_link_id,
      link_amount: order.totalDiscountedPrice,
      link_currency: 'INR',
      link_notes: { order_id: order._id },
      link_meta: { notify_url: `${server.baseUrl}/api/payment/webhook/cashfree` },
    });
    // The return keeps the spec's shape: the page and GET /api/payment read Razorpay's names.
    const back = cashfreeReturn(link.body.payment_link_id);
    expect(back.pathname).toBe(`/payment/${order._id}`);

    const paymentId = cf.pay(link.body.payment_link_id);
    const returned = await returnCall(back, shopper.token);
    expect(returned.status).toBe(200);
    expect(returned.body.status).toBe('PAID');
    expect(returned.body.order.orderStatus).toBe('PLACED');
    // The webhook and a reconciliation run after it change nothing.
    expect((await postCashfreeWebhook(link.body.payment_link_id, paymentId)).body.status).toBe(
      'queued',
    );
    await reconcilePayments(db(), providers, { olderThanMs: 0 });
    const again = await returnCall(back, shopper.token);
    expect(again.body.status).toBe('PAID');
    // The webhook's own job has run (the return's used the link id for the payment's).
    await eventually(async () => {
      const row = await db()
        .selectFrom('outbox')
        .select('finished_at')
        .where('job_key', '=', paymentJobKey(order._id, paymentId))
        .executeTakeFirst();
      return row?.finished_at;
    });
    expect(await placedEvents(db(), order._id)).toHaveLength(1);
    expect(await paymentsOf(order._id)).toMatchObject([
      { provider: 'cashfree', status: 'PAID', provider_payment_id: paymentId },
    ]);
    // The order view says how it was paid.
    const view = await http.get<OrderView>(`/api/orders/${order._id}`, { token: shopper.token });
    expect(view.body.payment).toEqual({ method: 'online', provider: 'cashfree' });
  });

  it('confirms a Cashfree payment once when the webhook comes first, or only reconciliation finds it', async () => {
    rzp.failCreate.status = 500;
    const first = await pendingOrder('WebhookFirst');
    const firstLink = await payLink(first.order._id, first.shopper.token);
    const firstPaid = cf.pay(firstLink.body.payment_link_id);
    expect((await postCashfreeWebhook(firstLink.body.payment_link_id, firstPaid)).status).toBe(200);
    await eventually(async () => (await orderStatus(db(), first.order._id)) === 'PLACED');
    const back = await returnCall(
      cashfreeReturn(firstLink.body.payment_link_id),
      first.shopper.token,
    );
    expect(back.body.status).toBe('PAID');
    await reconcilePayments(db(), providers, { olderThanMs: 0 });
    expect(await placedEvents(db(), first.order._id)).toHaveLength(1);

    // Return and webhook both lost: reconciliation asks Cashfree about the link.
    const lost = await pendingOrder('Lost');
    const lostLink = await payLink(lost.order._id, lost.shopper.token);
    const lostPaid = cf.pay(lostLink.body.payment_link_id);
    const report = await reconcilePayments(db(), providers, { olderThanMs: 0 });
    expect(report.applied).toContainEqual({
      orderId: lost.order._id,
      paymentId: lostPaid,
      result: 'PAID',
    });
    expect(await orderStatus(db(), lost.order._id)).toBe('PLACED');
    // The webhook and the return arriving late find it recorded.
    await postCashfreeWebhook(lostLink.body.payment_link_id, lostPaid);
    const late = await returnCall(
      cashfreeReturn(lostLink.body.payment_link_id),
      lost.shopper.token,
    );
    expect(late.body.status).toBe('PAID');
    expect(await placedEvents(db(), lost.order._id)).toHaveLength(1);
    expect(await paymentsOf(lost.order._id)).toMatchObject([
      { provider: 'cashfree', status: 'PAID', provider_payment_id: lostPaid },
    ]);
  });

  it('refuses a Cashfree webhook with a bad signature (400) and a provider not configured (404)', async () => {
    rzp.failCreate.status = 500;
    const { shopper, order } = await pendingOrder('Forger');
    const link = await payLink(order._id, shopper.token);
    const paymentId = cf.pay(link.body.payment_link_id);
    const forged = await postCashfreeWebhook(
      link.body.payment_link_id,
      paymentId,
      'not-the-secret',
    );
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ message: 'Invalid webhook signature' });
    const { body, headers } = cf.webhook(link.body.payment_link_id, paymentId);
    const unsigned = await http.post('/api/payment/webhook/cashfree', body, {
      headers: {
        'content-type': 'application/json',
        'x-webhook-signature': headers['x-webhook-signature']!,
      },
    });
    expect(unsigned.status).toBe(400);
    expect((await http.post('/api/payment/webhook/payu', body, { headers })).status).toBe(404);
    expect(await orderStatus(db(), order._id)).toBe('PENDING');
  });

  it('both links paid (one at each provider): one order placed, the second payment refunded through Cashfree', async () => {
    rzp.failCreate.status = null;
    await coolOff();
    const { shopper, order } = await pendingOrder('Twice');
    const first = await payLink(order._id, shopper.token);
    expect(first.body.payment_link_url).toBe(`${rzp.url}/rzp/${first.body.payment_link_id}`);
    // The Razorpay link nears its end (its time moved on), and Razorpay is down for the next.
    await db()
      .updateTable('payments')
      .set({ expires_at: new Date(Date.now() + 60_000) })
      .where('payment_link_id', '=', first.body.payment_link_id)
      .execute();
    rzp.failCreate.status = 500;
    const second = await payLink(order._id, shopper.token);
    expect(second.body.payment_link_url).toBe(`${cf.url}/cf/${second.body.payment_link_id}`);
    // One open link at a time: the older one was closed here and cancelled at Razorpay.
    expect(await paymentsOf(order._id)).toMatchObject([
      { provider: 'razorpay', status: 'EXPIRED' },
      { provider: 'cashfree', status: 'CREATED' },
    ]);
    await eventually(async () => rzp.links.get(first.body.payment_link_id)!.status === 'cancelled');

    // The shopper had both pages open and paid both (Razorpay's just before its cancel).
    const rzpPaid = rzp.pay(first.body.payment_link_id);
    const cfPaid = cf.pay(second.body.payment_link_id);
    const rzpWebhook = JSON.stringify({
      event: 'payment_link.paid',
      payload: {
        payment_link: {
          entity: { id: first.body.payment_link_id, notes: { order_id: order._id } },
        },
        payment: { entity: { id: rzpPaid } },
      },
    });
    await http.post('/api/payment/webhook/razorpay', rzpWebhook, {
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': createHmac('sha256', RZP.webhook).update(rzpWebhook).digest('hex'),
      },
    });
    await eventually(async () => (await orderStatus(db(), order._id)) === 'PLACED');
    await postCashfreeWebhook(second.body.payment_link_id, cfPaid);
    const refund = await eventually(() =>
      db()
        .selectFrom('refunds')
        .selectAll()
        .where('order_id', '=', order._id)
        .where('provider_refund_id', 'is not', null)
        .executeTakeFirst(),
    );
    expect(refund).toMatchObject({
      provider: 'cashfree',
      provider_payment_id: cfPaid,
      amount: order.totalDiscountedPrice,
      state: 'processing',
      requested_by: null,
    });
    expect(await placedEvents(db(), order._id)).toHaveLength(1);
    expect(await paymentsOf(order._id)).toMatchObject([
      { provider: 'razorpay', status: 'PAID', provider_payment_id: rzpPaid },
      { provider: 'cashfree', status: 'REFUND_PENDING', provider_payment_id: cfPaid },
    ]);
    // Refunded once, at Cashfree, against the order its payment was made in.
    const cfOrderId = /^cfp_\d+_(.+)$/.exec(cfPaid)![1]!;
    expect([...cf.refunds.values()].filter((r) => r.order_id === cfOrderId)).toMatchObject([
      { refund_amount: order.totalDiscountedPrice, refund_status: 'PENDING' },
    ]);
    // A reconciliation run finds both payments recorded: nothing more.
    await reconcilePayments(db(), providers, { olderThanMs: 0 });
    expect(
      await db().selectFrom('refunds').select('id').where('order_id', '=', order._id).execute(),
    ).toHaveLength(1);
  });

  it('opens Razorpay’s breaker after repeated failures (skipped, shown on the System page) and closes it after the cool-off', async () => {
    // A link made at Razorpay first: its breaker starts closed, with no failure counted.
    rzp.failCreate.status = null;
    await coolOff();
    const warm = await pendingOrder('Warm');
    expect((await payLink(warm.order._id, warm.shopper.token)).body.payment_link_url).toContain(
      rzp.url,
    );
    const admin = await login(server, SEED_ACCOUNTS.admin.email, SEED_ACCOUNTS.admin.password);
    const providerState = async (name: string) => {
      const view = await http.get<AdminSystemView>('/api/admin/system', { token: admin });
      return view.body.paymentProviders!.find((p) => p.name === name)!;
    };
    // The orders first (sign-ups hash passwords: slow), so the breaker's calls come together.
    const failing = [];
    for (let i = 0; i < FAILURES; i++) failing.push(await pendingOrder(`Breaker${i}`));
    const skipped = await pendingOrder('Skipped');
    const trial = await pendingOrder('Trial');
    rzp.failCreate.status = 503;
    const creations = () =>
      rzp.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_links').length;
    const before = creations();
    const failuresBefore = (await providerState('razorpay')).failures;
    for (const { shopper, order } of failing)
      expect((await payLink(order._id, shopper.token)).body.payment_link_url).toContain(cf.url);
    expect(creations()).toBe(before + FAILURES);
    expect(await providerState('razorpay')).toMatchObject({
      rank: 1,
      breaker: 'open',
      failures: failuresBefore + FAILURES,
    });
    expect((await providerState('cashfree')).breaker).toBe('closed');
    // Checkout offers the providers in the order a link would be tried now (COD: cod.test.ts).
    const options = (orderId: string, token: string) =>
      http.get<{ online: { providers: string[] }; cod: unknown }>(
        `/api/checkout/options?orderId=${orderId}`,
        { token },
      );
    const asked = await options(skipped.order._id, skipped.shopper.token);
    expect(asked.status).toBe(200);
    expect(asked.body.online).toEqual({ providers: ['cashfree', 'razorpay'] });
    expect(asked.body.cod).toMatchObject({ maxRupees: 50_000 });
    expect((await options(skipped.order._id, trial.shopper.token)).status).toBe(404);
    expect((await options('not-an-id', trial.shopper.token)).status).toBe(400);

    // Open: Razorpay is not even asked.
    expect(
      (await payLink(skipped.order._id, skipped.shopper.token)).body.payment_link_url,
    ).toContain(cf.url);
    expect(creations()).toBe(before + FAILURES);

    // Razorpay is back; after the cool-off one trial link goes there and closes the breaker.
    rzp.failCreate.status = null;
    await coolOff();
    expect((await payLink(trial.order._id, trial.shopper.token)).body.payment_link_url).toContain(
      rzp.url,
    );
    expect(await providerState('razorpay')).toMatchObject({ breaker: 'closed' });
    expect((await providerState('razorpay')).linksMade).toBeGreaterThan(0);
    expect((await options(trial.order._id, trial.shopper.token)).body.online.providers).toEqual([
      'razorpay',
      'cashfree',
    ]);
  });

  it('answers 503 when every provider fails, with no link made', async () => {
    rzp.failCreate.status = 500;
    cf.failCreate.status = 502;
    try {
      const { shopper, order } = await pendingOrder('Nowhere');
      const link = await payLink(order._id, shopper.token);
      expect(link.status).toBe(503);
      expect(await paymentsOf(order._id)).toEqual([]);
    } finally {
      cf.failCreate.status = null;
      rzp.failCreate.status = null;
    }
  });

  it('a scheme instalment fails over as an order does: one breaker, one open link, applied once', async () => {
    // Razorpay's breaker starts closed, with no failure in a row.
    rzp.failCreate.status = null;
    await coolOff();
    const warm = await pendingOrder('SchemeWarm');
    expect((await payLink(warm.order._id, warm.shopper.token)).body.payment_link_url).toContain(
      rzp.url,
    );
    const admin = await login(server, SEED_ACCOUNTS.admin.email, SEED_ACCOUNTS.admin.password);
    const plan = await http.post<{ id: number }>(
      '/api/admin/schemes/plans',
      {
        name: 'Failover Nidhi',
        minInstalment: 2000,
        step: 1000,
        instalments: 10,
        bonusPercent: 50,
        graceDays: 5,
        missedRule: 'SHRINK_BONUS',
        bonusCutPercent: 20,
        redeemWithinDays: 30,
        terms: 'Ten monthly instalments; half of one as a bonus.',
      },
      { token: admin },
    );
    expect(plan.status).toBe(201);
    const saver = async (name: string) => {
      const shopper = await newCustomer(server, name);
      // Cashfree's links need the shopper's phone: the account's.
      await db()
        .updateTable('users')
        .set({ mobile: '9876543210' })
        .where('id', '=', shopper.id)
        .execute();
      return shopper;
    };
    const enrol = (token: string) =>
      http.post<{ id: string; paymentUrl: string }>(
        '/api/schemes/enrolments',
        { planId: plan.body.id, instalment: 3000 },
        { token },
      );
    const schemeRows = (enrolmentId: string) =>
      db()
        .selectFrom('scheme_payments')
        .select(['n', 'provider', 'status', 'provider_payment_id', 'receipt_no', 'amount'])
        .where('enrolment_id', '=', enrolmentId)
        .orderBy('created_at')
        .execute();
    const creations = () =>
      rzp.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_links').length;
    const razorpayState = async () =>
      (
        await http.get<AdminSystemView>('/api/admin/system', { token: admin })
      ).body.paymentProviders!.find((p) => p.name === 'razorpay')!;
    const a = await saver('SaverA');
    const b = await saver('SaverB');
    const failedOrder = await pendingOrder('SchemeBreaker');

    // Razorpay answers 500: the enrolment's first link is made at Cashfree instead.
    rzp.failCreate.status = 500;
    const failuresBefore = (await razorpayState()).failures;
    const first = await enrol(a.token);
    // Before: the 500 from the one provider schemes used failed the enrolment.
    expect(first.status).toBe(201);
    const linkId = first.body.paymentUrl.split('/').pop()!;
    expect(first.body.paymentUrl).toBe(`${cf.url}/cf/${linkId}`);
    expect(cf.links.get(linkId)).toMatchObject({
      link_amount: 3000,
      link_notes: { order_id: first.body.id },
    });
    // The scheme's failure counts on the same breaker as orders': an order's next failure opens it.
    expect(await razorpayState()).toMatchObject({
      failures: failuresBefore + 1,
      breaker: 'closed',
    });
    expect(
      (await payLink(failedOrder.order._id, failedOrder.shopper.token)).body.payment_link_url,
    ).toContain(cf.url);
    expect((await razorpayState()).breaker).toBe('open');
    const asked = creations();
    const second = await enrol(b.token);
    expect(second.status).toBe(201);
    expect(second.body.paymentUrl).toContain(`${cf.url}/cf/`);
    expect(creations()).toBe(asked);

    // Razorpay back: asking to pay again gives the open Cashfree link, not a second one.
    rzp.failCreate.status = null;
    const again = await http.post<{ paymentUrl: string; n: number }>(
      `/api/schemes/enrolments/${first.body.id}/payment`,
      undefined,
      { token: a.token },
    );
    expect(again.body).toEqual({ paymentUrl: first.body.paymentUrl, n: 1 });
    expect(await schemeRows(first.body.id)).toMatchObject([
      { n: 1, provider: 'cashfree', status: 'CREATED' },
    ]);

    // Paid: the webhook and the return arrive together; the instalment is applied once.
    const paymentId = cf.pay(linkId);
    const back = new URL(cf.links.get(linkId)!.link_meta.return_url!);
    expect(back.pathname).toBe(`/account/schemes/${first.body.id}`);
    const returnPath = `/api/schemes/enrolments/${first.body.id}/payment?payment_id=${back.searchParams.get('razorpay_payment_id')}&razorpay_payment_link_id=${back.searchParams.get('razorpay_payment_link_id')}`;
    const [hook, returned] = await Promise.all([
      postCashfreeWebhook(linkId, paymentId),
      http.get<{ status: string; enrolment: SchemeEnrolment }>(returnPath, { token: a.token }),
    ]);
    expect(hook.body.status).toBe('queued');
    expect(returned.status).toBe(200);
    expect(returned.body.status).toBe('PAID');
    expect(returned.body.enrolment).toMatchObject({ state: 'ACTIVE', balance: 3000 });
    await eventually(async () => {
      const row = await db()
        .selectFrom('outbox')
        .select('finished_at')
        .where('job_key', '=', instalmentJobKey(first.body.id, paymentId))
        .executeTakeFirst();
      return row?.finished_at;
    });
    await reconcileInstalments(db(), providers, { olderThanMs: 0 });
    const repeat = await http.get<{ status: string }>(returnPath, { token: a.token });
    expect(repeat.body.status).toBe('PAID');
    const rows = await schemeRows(first.body.id);
    expect(rows).toMatchObject([
      { n: 1, provider: 'cashfree', status: 'PAID', provider_payment_id: paymentId, amount: 3000 },
    ]);
    expect(rows[0]!.receipt_no).not.toBeNull();

    // Return and webhook both lost: reconciliation asks Cashfree, which holds the link.
    const lostLink = second.body.paymentUrl.split('/').pop()!;
    const lostPaid = cf.pay(lostLink);
    const report = await reconcileInstalments(db(), providers, { olderThanMs: 0 });
    expect(report.applied).toContainEqual({
      enrolmentId: second.body.id,
      paymentId: lostPaid,
      result: 'PAID',
    });
    await postCashfreeWebhook(lostLink, lostPaid);
    await reconcileInstalments(db(), providers, { olderThanMs: 0 });
    await eventually(async () => {
      const row = await db()
        .selectFrom('outbox')
        .select('finished_at')
        .where('job_key', '=', instalmentJobKey(second.body.id, lostPaid))
        .executeTakeFirst();
      return row?.finished_at;
    });
    expect(await schemeRows(second.body.id)).toMatchObject([
      { n: 1, provider: 'cashfree', status: 'PAID', provider_payment_id: lostPaid },
    ]);
    // The shopper's browser comes back only now, naming the link (Cashfree's return does): the
    // instalment is paid, not "expired, pay with a new link".
    const late = new URL(cf.links.get(lostLink)!.link_meta.return_url!);
    const lateReturn = await http.get<{ status: string }>(
      `/api/schemes/enrolments/${second.body.id}/payment?payment_id=${late.searchParams.get('razorpay_payment_id')}&razorpay_payment_link_id=${late.searchParams.get('razorpay_payment_link_id')}`,
      { token: b.token },
    );
    expect(lateReturn.status).toBe(200);
    expect(lateReturn.body.status).toBe('PAID');
    expect(await schemeRows(second.body.id)).toHaveLength(1);
  });
});
