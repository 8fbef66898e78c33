import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRazorpayProvider, settleProcessingRefunds } from '@kanak/core';
import { SEED_ACCOUNTS } from '@kanak/db';
import type { AdminOrdersPage, DeadLettersView, OrderView, ReturnView } from '@kanak/shared';
import {
  httpClient,
  startTestServer,
  startTestSmtp,
  trpcCalls,
  type TestServer,
  type TestSmtp,
} from '@kanak/testkit';
import {
  ADDRESS,
  eventually,
  fillCart,
  login,
  newCustomer,
  orderStatus,
  startWorkerProcess,
  type WorkerProcess,
} from './pipeline-support';
import { startFakeRazorpay, type FakeRazorpay } from './razorpay-fake';

const KEY_ID = 'rzp_test_returnskey';
const KEY_SECRET = 'returns-key-secret-123';
const WEBHOOK_SECRET = 'returns-webhook-secret-456';
const sign = (data: string) => createHmac('sha256', WEBHOOK_SECRET).update(data).digest('hex');

/**
 * Returns that can always finish, and refunds that are paid or shown, with a real worker, the
 * local Razorpay fake and the shopper's mails read from a real SMTP server: a HUID misread on
 * receipt is corrected and the return refunded; one is refused after receipt; a refund Razorpay
 * refuses is retried with backoff, shows as due on the Orders page and as a dead letter, and the
 * shopper is told it is being processed — "refunded" only once Razorpay confirms it. A refund
 * Razorpay accepts and the reconciliation later reads as failed is asked for again the same way.
 */
describe('returns and their refunds through Razorpay', () => {
  let fake: FakeRazorpay;
  let smtp: TestSmtp;
  let server: TestServer;
  let worker: WorkerProcess;
  let admin: string;
  const http = () => httpClient(server.baseUrl);
  const trpc = trpcCalls(http);
  const db = () => server.database.db;

  beforeAll(async () => {
    fake = await startFakeRazorpay(KEY_ID, KEY_SECRET);
    smtp = await startTestSmtp();
    server = await startTestServer({
      ORDER_WAIT_MS: 8000,
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: KEY_ID,
      RAZORPAY_KEY_SECRET: KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      RAZORPAY_API_URL: fake.url,
    });
    // The worker's own reconciliation runs are off: the test runs the refunds' settlement itself,
    // on its clock, at the moment it chooses.
    worker = await startWorkerProcess(server, {
      SMTP_URL: smtp.url,
      MAIL_POLL_MS: '200',
      RECONCILE_EVERY_MS: '0',
    });
    admin = await login(server, SEED_ACCOUNTS.admin.email, SEED_ACCOUNTS.admin.password);
  });
  afterAll(async () => {
    await worker?.stop('SIGKILL');
    await server?.close();
    await smtp?.close();
    await fake?.close();
  });

  /** Hallmarked gold in stock (it ships with its HUID), one product per call. */
  let picked = 0;
  async function hallmarkedSize() {
    const row = await db()
      .selectFrom('product_sizes')
      .innerJoin('products', 'products.id', 'product_sizes.product_id')
      .select(['product_sizes.id as sizeId', 'product_sizes.product_id as productId'])
      .where('products.hallmark', 'is not', null)
      .where('product_sizes.stock', '>=', 3)
      .where('product_sizes.position', '=', 0)
      .orderBy('products.title')
      .offset(picked++)
      .executeTakeFirstOrThrow();
    return row;
  }

  /** A shopper's order paid through Razorpay (its webhook), shipped with a HUID and delivered. */
  async function deliveredOrder(name: string, huid: string) {
    const size = await hallmarkedSize();
    const shopper = await newCustomer(server, name);
    await fillCart(db(), shopper.id, [{ ...size, quantity: 1 }]);
    const order = (await http().post<OrderView>('/api/orders/', ADDRESS, { token: shopper.token }))
      .body;
    const link = await http().post<{ payment_link_id: string }>(
      `/api/payment/${order._id}`,
      undefined,
      { token: shopper.token },
    );
    const paymentId = fake.pay(link.body.payment_link_id);
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
    const hook = await http().post('/api/payment/webhook', webhook, {
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': sign(webhook) },
    });
    expect(hook.status).toBe(200);
    await eventually(async () => (await orderStatus(db(), order._id)) === 'PLACED');
    const itemId = order.orderItems[0]!._id;
    const move = (action: string, body?: unknown) =>
      http().put<OrderView>(`/api/admin/orders/${order._id}/${action}`, body, { token: admin });
    const shipped = await move('ship', {
      carrier: 'bvc',
      awb: `KJRR${huid}`,
      huids: { [itemId]: [huid] },
    });
    // 202: the worker took longer than ORDER_WAIT_MS (a loaded machine); the move is queued.
    expect([200, 202], JSON.stringify(shipped.body)).toContain(shipped.status);
    await eventually(async () => (await orderStatus(db(), order._id)) === 'SHIPPED');
    expect([200, 202]).toContain((await move('deliver')).status);
    await eventually(async () => (await orderStatus(db(), order._id)) === 'DELIVERED');
    return { shopper, order, itemId, paymentId };
  }

  const mailsTo = (email: string) => smtp.mails.filter((m) => m.to === email);
  const subjects = (email: string) => mailsTo(email).map((m) => m.subject.toLowerCase());

  it('a HUID misread on receipt is corrected and the return refunded; a refund Razorpay refuses is retried, shown due and dead-lettered, and the shopper is told it is done only when it is', async () => {
    const { shopper, order, itemId, paymentId } = await deliveredOrder('Misread', 'AB12CD');
    const asked = await http().post<ReturnView>(
      `/api/orders/${order._id}/returns`,
      { kind: 'return', reason: 'The ring is too small', items: [{ orderItemId: itemId }] },
      { token: shopper.token },
    );
    expect(asked.status).toBe(201);
    const put = (action: string, body?: unknown) =>
      http().put<ReturnView & { message?: string }>(
        `/api/admin/returns/${asked.body.id}/${action}`,
        body,
        { token: admin },
      );
    expect((await put('approve')).status).toBe(200);

    // Read wrongly: the refund is blocked, the shopper reads "under inspection".
    const misread = await put('receive', { huids: { [itemId]: ['AB12C0'] } });
    expect(misread.body).toMatchObject({ state: 'received', underInspection: true });
    expect(misread.body.huidMismatch).toContain('read AB12C0, sold with AB12CD');
    expect((await put('refund')).status).toBe(409);
    const shopperView = await http().get<ReturnView[]>(`/api/orders/${order._id}/returns`, {
      token: shopper.token,
    });
    expect(shopperView.body[0]).toMatchObject({ underInspection: true, huidMismatch: null });
    await eventually(async () => subjects(shopper.email).some((s) => s.includes('inspection')));
    const inspection = mailsTo(shopper.email).find((m) =>
      m.subject.toLowerCase().includes('inspection'),
    )!;
    expect(inspection.text).toContain('under inspection');
    expect(inspection.text).not.toMatch(/refund follows|AB12C0|AB12CD|mismatch/i);

    // Corrected: the check passes, and the refund follows — Razorpay refuses it, every try.
    const corrected = await put('correct', { huids: { [itemId]: ['AB12CD'] } });
    expect(corrected.body).toMatchObject({ state: 'received', huidMismatch: null });
    fake.refusingRefunds.add(paymentId);
    const refunded = await put('refund');
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({ state: 'refunded' });

    // Retried with backoff, each try a fresh idempotency key, then a dead letter.
    const letters = () =>
      http().get<DeadLettersView>('/api/admin/system/dead-letters', { token: admin });
    const letter = await eventually(
      async () =>
        (await letters()).body.open.find((l) => l.queue === 'refunds' && l.orderId === order._id),
      40_000,
      250,
    );
    const asks = fake.refundAsks.filter((a) => a.paymentId === paymentId);
    expect(asks.length).toBe(5);
    expect(new Set(asks.map((a) => a.key)).size).toBe(5);
    expect(asks.every((a) => a.status === 400)).toBe(true);
    expect(letter.attempts).toBe(5);

    // Shown as owed: the order, the Orders page's filter and count, both return cards.
    const adminOrder = await http().get<OrderView>(`/api/orders/${order._id}`, { token: admin });
    expect(adminOrder.body.refundDue).toBe(true);
    const due = await trpc.query<AdminOrdersPage>('orders.adminList', { refundsDue: true }, admin);
    expect(due.body.result.data.content.map((o) => o._id)).toContain(order._id);
    expect(due.body.result.data.refundsDue).toBeGreaterThanOrEqual(1);
    for (const token of [admin, shopper.token]) {
      const [card] = (await http().get<ReturnView[]>(`/api/orders/${order._id}/returns`, { token }))
        .body;
      expect(card).toMatchObject({ state: 'refunded', refundStatus: 'due' });
    }
    // The shopper was told it is being processed, never that it is done.
    await eventually(async () => subjects(shopper.email).some((s) => s.includes('processed')));
    expect(subjects(shopper.email).some((s) => s.includes('on its way'))).toBe(false);
    expect(mailsTo(shopper.email).some((m) => /we have refunded/i.test(m.text))).toBe(false);

    // The owner presses Retry once Razorpay would take it: refunded once, and now said so.
    fake.refusingRefunds.delete(paymentId);
    const retried = await http().post(
      `/api/admin/system/dead-letters/${letter.id}/retry`,
      undefined,
      { token: admin },
    );
    expect(retried.status).toBe(200);
    await eventually(async () => {
      const [card] = (
        await http().get<ReturnView[]>(`/api/orders/${order._id}/returns`, {
          token: shopper.token,
        })
      ).body;
      return card?.refundStatus === 'paid';
    }, 30_000);
    expect([...fake.refunds.values()].filter((r) => r.payment_id === paymentId)).toEqual([
      expect.objectContaining({ amount: order.totalDiscountedPrice * 100, status: 'processed' }),
    ]);
    expect(
      (await http().get<OrderView>(`/api/orders/${order._id}`, { token: admin })).body.refundDue,
    ).toBe(false);
    await eventually(async () => subjects(shopper.email).some((s) => s.includes('on its way')));
    // Each step's mail, once: request, approval, inspection, check passed, processing, refunded.
    const steps = [
      'we have your return request',
      'your return is approved',
      'your piece is under inspection',
      'we have received your piece',
      'your refund is being processed',
      'your refund is on its way',
    ];
    for (const step of steps)
      expect(
        subjects(shopper.email).filter((s) => s.includes(step)),
        step,
      ).toHaveLength(1);
    // Besides the order's own mails (placed, shipped, delivered), nothing else about it.
    const others = subjects(shopper.email).filter((s) => !steps.some((step) => s.includes(step)));
    expect(others.filter((s) => /return|refund|piece/.test(s))).toEqual([]);
  }, 120_000);

  it('a refund Razorpay accepted and the reconciliation reads as failed is asked for again: due meanwhile, refunded once, mailed once', async () => {
    const { shopper, order, itemId, paymentId } = await deliveredOrder('Bounced', 'BN78PQ');
    const asked = await http().post<ReturnView>(
      `/api/orders/${order._id}/returns`,
      { kind: 'return', reason: 'Not what I expected', items: [{ orderItemId: itemId }] },
      { token: shopper.token },
    );
    expect(asked.status).toBe(201);
    const put = (action: string, body?: unknown) =>
      http().put<ReturnView>(`/api/admin/returns/${asked.body.id}/${action}`, body, {
        token: admin,
      });
    expect((await put('approve')).status).toBe(200);
    expect((await put('receive', { huids: { [itemId]: ['BN78PQ'] } })).body).toMatchObject({
      state: 'received',
      huidMismatch: null,
    });
    // Razorpay accepts the refund as pending (a normal-speed refund the bank settles later).
    fake.pendingRefunds.add(paymentId);
    expect((await put('refund')).body).toMatchObject({ state: 'refunded' });
    const refundRow = () =>
      db()
        .selectFrom('refunds')
        .selectAll()
        .where('order_id', '=', order._id)
        .executeTakeFirstOrThrow();
    const accepted = await eventually(async () => {
      const row = await refundRow();
      return row.provider_refund_id ? row : null;
    });
    expect(accepted).toMatchObject({ state: 'processing', attempt: 1, failure: null });
    const orderOwes = async () =>
      (await http().get<OrderView>(`/api/orders/${order._id}`, { token: admin })).body.refundDue;
    const card = async () =>
      (
        await http().get<ReturnView[]>(`/api/orders/${order._id}/returns`, {
          token: shopper.token,
        })
      ).body[0]!;
    expect(await orderOwes()).toBe(false);

    // The bank fails it; Razorpay will refuse the next ask too, then take the one after.
    fake.settleRefund(accepted.provider_refund_id!, 'failed');
    fake.pendingRefunds.delete(paymentId);
    fake.refusingRefunds.add(paymentId);
    const razorpay = createRazorpayProvider({
      keyId: KEY_ID,
      keySecret: KEY_SECRET,
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: fake.url,
    });
    const at = new Date(Date.now() + 3 * 24 * 3600_000);
    const report = await settleProcessingRefunds(db(), razorpay, { clock: () => at });
    expect(report.askedAgain).toEqual([{ refundId: accepted.id, attempt: 2, as: 'queued' }]);
    expect(await refundRow()).toMatchObject({
      state: 'processing',
      attempt: 2,
      provider_refund_id: null,
      updated_at: at,
    });

    // The new attempt is refused once (the queue's backoff follows): owed everywhere meanwhile.
    await eventually(
      async () => fake.refundAsks.some((a) => a.paymentId === paymentId && a.status === 400),
      30_000,
    );
    expect(await orderOwes()).toBe(true);
    const due = await trpc.query<AdminOrdersPage>('orders.adminList', { refundsDue: true }, admin);
    expect(due.body.result.data.content.map((o) => o._id)).toContain(order._id);
    for (const token of [admin, shopper.token]) {
      const [view] = (await http().get<ReturnView[]>(`/api/orders/${order._id}/returns`, { token }))
        .body;
      expect(view).toMatchObject({ state: 'refunded', refundStatus: 'due' });
    }
    expect(mailsTo(shopper.email).some((m) => /we have refunded/i.test(m.text))).toBe(false);
    fake.refusingRefunds.delete(paymentId);

    // The next try is taken and processed: one refund paid, nothing owed, "on its way" once.
    await eventually(async () => (await card()).refundStatus === 'paid', 30_000);
    const made = [...fake.refunds.values()].filter((r) => r.payment_id === paymentId);
    expect(made.map((r) => r.status).sort()).toEqual(['failed', 'processed']);
    expect(made.find((r) => r.status === 'processed')).toMatchObject({
      amount: order.totalDiscountedPrice * 100,
    });
    const asks = fake.refundAsks.filter((a) => a.paymentId === paymentId);
    expect(new Set(asks.map((a) => a.key)).size).toBe(asks.length);
    expect(await refundRow()).toMatchObject({ state: 'processed', attempt: 2, failure: null });
    expect(await orderOwes()).toBe(false);
    // Mails go out in parallel: wait for both the "processing" and the "on its way".
    await eventually(async () => {
      const sent = subjects(shopper.email);
      return (
        sent.some((s) => s.includes('on its way')) &&
        sent.some((s) => s.includes('being processed'))
      );
    });
    expect(subjects(shopper.email).filter((s) => s.includes('on its way'))).toHaveLength(1);
    expect(subjects(shopper.email).filter((s) => s.includes('being processed'))).toHaveLength(1);
    // Read again by a later run: settled, nothing asked.
    expect((await settleProcessingRefunds(db(), razorpay)).askedAgain).toEqual([]);
  }, 90_000);

  it('refuses a return after receipt with a reason, mailed to the shopper; nothing is refunded', async () => {
    const { shopper, order, itemId, paymentId } = await deliveredOrder('Refused', 'RF34GH');
    const asked = await http().post<ReturnView>(
      `/api/orders/${order._id}/returns`,
      { kind: 'return', reason: 'Changed my mind', items: [{ orderItemId: itemId }] },
      { token: shopper.token },
    );
    const put = (action: string, body?: unknown) =>
      http().put<ReturnView>(`/api/admin/returns/${asked.body.id}/${action}`, body, {
        token: admin,
      });
    await put('approve');
    await put('receive', { huids: { [itemId]: ['ZZ99ZZ'] } });
    expect((await put('hold', { reason: 'Asking the hallmarking centre' })).body).toMatchObject({
      state: 'on_hold',
    });
    expect((await put('refuse', {})).status).toBe(400);
    const reason = 'The piece returned is not the one we sold: we are sending it back to you';
    const refused = await put('refuse', { reason });
    expect(refused.body).toMatchObject({ state: 'refused', refusedReason: reason });
    expect((await put('refund')).status).toBe(409);
    // Mails go out in parallel: wait for both the refusal and the earlier "under inspection".
    await eventually(async () => {
      const sent = subjects(shopper.email);
      return (
        sent.some((s) => s.includes('cannot accept')) && sent.some((s) => s.includes('inspection'))
      );
    });
    const mail = mailsTo(shopper.email).find((m) =>
      m.subject.toLowerCase().includes('cannot accept'),
    )!;
    expect(mail.text).toContain(reason);
    // Held after a check that did not pass: told "under inspection" once, no refund words.
    expect(subjects(shopper.email).filter((s) => s.includes('inspection'))).toHaveLength(1);
    expect(subjects(shopper.email).some((s) => /refund|received your piece/.test(s))).toBe(false);
    expect(fake.refundAsks.filter((a) => a.paymentId === paymentId)).toEqual([]);
  }, 60_000);

  it('an instalment paid twice is owed back: shown in the scheme view and the money-owed filter, refunded once under a double click', async () => {
    const plan = await db()
      .selectFrom('scheme_plans')
      .select(['id', 'min_instalment'])
      .where('paused', '=', false)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const shopper = await newCustomer(server, 'Twice');
    const enrolled = await http().post<{ id: string; paymentUrl: string }>(
      '/api/schemes/enrolments',
      { planId: plan.id, instalment: plan.min_instalment },
      { token: shopper.token },
    );
    expect(enrolled.status).toBe(201);
    const linkId = enrolled.body.paymentUrl.split('/').pop()!;
    // The shopper pays the first instalment twice through its link: the second is owed back.
    for (const paymentId of [fake.pay(linkId), fake.pay(linkId)]) {
      const body = JSON.stringify({
        entity: 'event',
        event: 'payment_link.paid',
        payload: {
          payment_link: { entity: { id: linkId, reference_id: enrolled.body.id, status: 'paid' } },
          payment: {
            entity: { id: paymentId, amount: plan.min_instalment * 100, status: 'captured' },
          },
        },
      });
      const hook = await http().post('/api/payment/webhook', body, {
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': sign(body) },
      });
      expect(hook.status).toBe(200);
    }
    const owedRow = await eventually(() =>
      db()
        .selectFrom('scheme_payments')
        .select(['id', 'provider_payment_id'])
        .where('enrolment_id', '=', enrolled.body.id)
        .where('status', '=', 'REFUND_PENDING')
        .executeTakeFirst(),
    );
    type Owed = { schemePaymentId: string; amount: number; refund: string | null };
    const book = await http().get<{ owedBack: Owed[] }>('/api/admin/schemes/enrolments', {
      token: admin,
    });
    expect(book.body.owedBack).toContainEqual(
      expect.objectContaining({
        schemePaymentId: owedRow.id,
        amount: plan.min_instalment,
        refund: null,
      }),
    );
    const owedPage = async () =>
      (await trpc.query<AdminOrdersPage>('orders.adminList', { refundsDue: true }, admin)).body
        .result.data.instalmentsOwed ?? [];
    expect((await owedPage()).map((o) => o.schemePaymentId)).toContain(owedRow.id);

    // Who may ask; then a double click: one refund at the provider.
    const path = `/api/admin/schemes/instalments/${owedRow.id}/refund`;
    expect((await http().post(path)).status).toBe(401);
    expect((await http().post(path, undefined, { token: shopper.token })).status).toBe(403);
    const clicks = await Promise.all(
      [1, 2].map(() => http().post<{ state: string }>(path, undefined, { token: admin })),
    );
    for (const click of clicks) expect(click.status).toBe(200);
    await eventually(async () => {
      const row = await db()
        .selectFrom('instalment_refunds')
        .select('state')
        .where('scheme_payment_id', '=', owedRow.id)
        .executeTakeFirst();
      return row?.state === 'processed';
    }, 30_000);
    const again = await http().post<{ state: string }>(path, undefined, { token: admin });
    expect(again.body.state).toBe('processed');
    const made = [...fake.refunds.values()].filter(
      (r) => r.payment_id === owedRow.provider_payment_id,
    );
    expect(made).toEqual([expect.objectContaining({ amount: plan.min_instalment * 100 })]);
    expect((await owedPage()).map((o) => o.schemePaymentId)).not.toContain(owedRow.id);
    const after = await http().get<{ owedBack: Owed[] }>('/api/admin/schemes/enrolments', {
      token: admin,
    });
    expect(after.body.owedBack).toContainEqual(
      expect.objectContaining({ schemePaymentId: owedRow.id, refund: 'processed' }),
    );
  }, 60_000);
});
