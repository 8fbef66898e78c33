import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxProvider, type OrderView } from '@kanak/core';
import { httpClient, startTestServer, type TestServer } from '@kanak/testkit';
import { SEED_ACCOUNTS } from '@kanak/db';
import type { PaymentReturnStatus } from '@kanak/shared';
import {
  ADDRESS,
  fillCart,
  login,
  newCustomer,
  pickSizes,
  sandboxPaidOrder,
  startWorkerProcess,
  type WorkerProcess,
} from './pipeline-support';

// The payment-return answer is declared in server/src (PaymentReturnAnswer); core has no equivalent.
type ReturnAnswer = { status: PaymentReturnStatus; order: OrderView };

describe('payments through the sandbox provider, confirmed by a real worker', () => {
  let server: TestServer;
  let worker: WorkerProcess;
  let http: ReturnType<typeof httpClient>;

  beforeAll(async () => {
    // Generous: 20 payers settle through a worker with 4 jobs at a time on a shared CI machine.
    server = await startTestServer({ ORDER_WAIT_MS: 15_000 });
    http = httpClient(server.baseUrl);
    worker = await startWorkerProcess(server);
  });
  afterAll(async () => {
    await worker?.stop();
    await server?.close();
  });

  const db = () => server.database.db;

  async function pendingOrder(
    name: string,
    lines: { productId: string; sizeId: string; quantity: number }[],
  ) {
    const shopper = await newCustomer(server, name);
    await fillCart(db(), shopper.id, lines);
    const created = await http.post<OrderView>('/api/orders/', ADDRESS, { token: shopper.token });
    expect(created.status).toBe(201);
    return { shopper, order: created.body };
  }

  /** Opens the hosted page like a browser and follows one of its buttons' links. */
  async function hostedPage(linkUrl: string) {
    const res = await fetch(linkUrl);
    const html = await res.text();
    const href = (id: string) => {
      const match = new RegExp(`id="${id}" href="([^"]+)"`).exec(html);
      return match ? new URL(match[1]!.replaceAll('&amp;', '&')) : null;
    };
    return { status: res.status, html, pay: href('pay'), fail: href('fail') };
  }

  const stockOf = async (sizeId: string) =>
    (
      await db()
        .selectFrom('product_sizes')
        .select('stock')
        .where('id', '=', sizeId)
        .executeTakeFirstOrThrow()
    ).stock;

  it('pays end to end: link, hosted page, return, worker applies payment, stock, cart and status once', async () => {
    const sizes = await pickSizes(db(), 2, 10);
    const before = await Promise.all(sizes.map((s) => stockOf(s.sizeId)));
    const { shopper, order } = await pendingOrder('Payer', [
      { productId: sizes[0]!.productId, sizeId: sizes[0]!.sizeId, quantity: 2 },
      { productId: sizes[1]!.productId, sizeId: sizes[1]!.sizeId, quantity: 1 },
    ]);

    const link = await http.post<{ payment_link_url: string; payment_link_id: string }>(
      `/api/payment/${order._id}`,
      undefined,
      { token: shopper.token },
    );
    expect(link.status).toBe(200);
    expect(link.body.payment_link_id).toMatch(/^plink_sbx_/);
    expect(link.body.payment_link_url).toContain(
      `${server.baseUrl}/sandbox-pay/${link.body.payment_link_id}`,
    );
    // A second call for the same unpaid order reuses the open link.
    const again = await http.post<{ payment_link_id: string }>(
      `/api/payment/${order._id}`,
      undefined,
      { token: shopper.token },
    );
    expect(again.body.payment_link_id).toBe(link.body.payment_link_id);
    // Only the owner may pay.
    const stranger = await newCustomer(server, 'Stranger');
    expect(
      (await http.post(`/api/payment/${order._id}`, undefined, { token: stranger.token })).status,
    ).toBe(404);

    const page = await hostedPage(link.body.payment_link_url);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`₹${order.totalDiscountedPrice.toLocaleString('en-IN')}`);
    expect(page.pay!.pathname).toBe(`/payment/${order._id}`);
    const q = page.pay!.searchParams;
    expect(q.get('razorpay_payment_link_status')).toBe('paid');
    expect(q.get('razorpay_payment_link_id')).toBe(link.body.payment_link_id);
    expect(q.get('razorpay_payment_link_reference_id')).toBe(order._id);
    expect(q.get('razorpay_signature')).toMatch(/^[0-9a-f]{64}$/);

    const paid = await http.get<ReturnAnswer>(
      `/api/payment?payment_id=${q.get('razorpay_payment_id')}&order_id=${order._id}`,
      { token: shopper.token },
    );
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('PAID');
    expect(paid.body.order.orderStatus).toBe('PLACED');

    expect(await stockOf(sizes[0]!.sizeId)).toBe(before[0]! - 2);
    expect(await stockOf(sizes[1]!.sizeId)).toBe(before[1]! - 1);
    const cartItems = await db()
      .selectFrom('cart_items')
      .innerJoin('carts', 'carts.id', 'cart_items.cart_id')
      .select('cart_items.id')
      .where('carts.user_id', '=', shopper.id)
      .execute();
    expect(cartItems).toEqual([]);
    const payments = await db()
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', order._id)
      .execute();
    expect(payments).toMatchObject([
      {
        status: 'PAID',
        provider: 'sandbox',
        provider_payment_id: q.get('razorpay_payment_id'),
        amount: order.totalDiscountedPrice,
      },
    ]);
    const events = await db()
      .selectFrom('order_events')
      .selectAll()
      .where('order_id', '=', order._id)
      .orderBy('id')
      .execute();
    expect(events.map((e) => [e.actor, e.from_status, e.to_status])).toEqual([
      ['customer', null, 'PENDING'],
      ['payment', 'PENDING', 'PLACED'],
    ]);

    // The paid order cannot be paid again; the hosted page says so.
    expect(
      (await http.post(`/api/payment/${order._id}`, undefined, { token: shopper.token })).status,
    ).toBe(409);
    expect((await hostedPage(link.body.payment_link_url)).pay).toBeNull();

    // Cancelled by the shop before shipping: the pieces go back to stock and the payment is owed back.
    const admin = await login(server, SEED_ACCOUNTS.admin.email, SEED_ACCOUNTS.admin.password);
    const cancelled = await http.put<OrderView>(
      `/api/admin/orders/${order._id}/cancel`,
      undefined,
      { token: admin },
    );
    expect(cancelled.body.orderStatus).toBe('CANCELLED');
    // Owed, not yet asked of the provider: no refund state or id yet.
    expect(cancelled.body.refund).toEqual({
      reason: 'CANCELLED_BY_SHOP',
      amount: order.totalDiscountedPrice,
      state: null,
      providerRefundId: null,
    });
    expect(await stockOf(sizes[0]!.sizeId)).toBe(before[0]);
    expect(await stockOf(sizes[1]!.sizeId)).toBe(before[1]);
    expect(
      await db()
        .selectFrom('payments')
        .select('status')
        .where('order_id', '=', order._id)
        .execute(),
    ).toEqual([{ status: 'REFUND_PENDING' }]);
  });

  it('creates links over tRPC, and still applies a return whose session expired (answering 401)', async () => {
    const [size] = await pickSizes(db(), 1, 22);
    const { shopper, order } = await pendingOrder('Expired', [
      { productId: size!.productId, sizeId: size!.sizeId, quantity: 1 },
    ]);
    const created = await http.post<{
      result: { data: { payment_link_url: string; payment_link_id: string } };
    }>('/trpc/payments.create', { orderId: order._id }, { token: shopper.token });
    expect(created.status).toBe(200);
    const q = (await hostedPage(created.body.result.data.payment_link_url)).pay!.searchParams;
    const visitor = await http.get(
      `/api/payment?payment_id=${q.get('razorpay_payment_id')}&order_id=${order._id}`,
    );
    expect(visitor.status).toBe(401);
    expect(
      (
        await db()
          .selectFrom('orders')
          .select('status')
          .where('id', '=', order._id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('PLACED');
  });

  it('applies duplicate confirmations (repeats, concurrent, tRPC and REST) exactly once', async () => {
    const [size] = await pickSizes(db(), 1, 14);
    const before = await stockOf(size!.sizeId);
    const { shopper, order } = await pendingOrder('Twice', [
      { productId: size!.productId, sizeId: size!.sizeId, quantity: 3 },
    ]);
    const link = await http.post<{ payment_link_url: string }>(
      `/api/payment/${order._id}`,
      undefined,
      { token: shopper.token },
    );
    const q = (await hostedPage(link.body.payment_link_url)).pay!.searchParams;
    const paymentId = q.get('razorpay_payment_id')!;

    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () =>
        http.get<ReturnAnswer>(`/api/payment?payment_id=${paymentId}&order_id=${order._id}`, {
          token: shopper.token,
        }),
      ),
      http.post<{ result: { data: ReturnAnswer } }>(
        '/trpc/payments.confirmReturn',
        {
          orderId: order._id,
          paymentId,
          paymentLinkId: q.get('razorpay_payment_link_id'),
          status: 'paid',
          signature: q.get('razorpay_signature'),
        },
        { token: shopper.token },
      ),
    ]);
    for (const a of answers.slice(0, 4)) expect((a.body as ReturnAnswer).status).toBe('PAID');
    expect((answers[4]!.body as { result: { data: ReturnAnswer } }).result.data.status).toBe(
      'PAID',
    );
    // Later repeats, after the job is long done, change nothing either.
    expect(
      (
        await http.get<ReturnAnswer>(`/api/payment?payment_id=${paymentId}&order_id=${order._id}`, {
          token: shopper.token,
        })
      ).body.status,
    ).toBe('PAID');

    expect(await stockOf(size!.sizeId)).toBe(before - 3);
    expect(
      await db().selectFrom('payments').selectAll().where('order_id', '=', order._id).execute(),
    ).toHaveLength(1);
    const placed = await db()
      .selectFrom('order_events')
      .selectAll()
      .where('order_id', '=', order._id)
      .where('to_status', '=', 'PLACED')
      .execute();
    expect(placed).toHaveLength(1);
  });

  it('leaves a failed payment PENDING with stock untouched, and the link open for a retry', async () => {
    const [size] = await pickSizes(db(), 1, 16);
    const before = await stockOf(size!.sizeId);
    const { shopper, order } = await pendingOrder('Failer', [
      { productId: size!.productId, sizeId: size!.sizeId, quantity: 1 },
    ]);
    const link = await http.post<{ payment_link_url: string; payment_link_id: string }>(
      `/api/payment/${order._id}`,
      undefined,
      { token: shopper.token },
    );
    const page = await hostedPage(link.body.payment_link_url);
    const f = page.fail!.searchParams;
    expect(f.get('razorpay_payment_link_status')).toBe('failed');
    const failed = await http.get<ReturnAnswer>(
      `/api/payment?payment_id=${f.get('razorpay_payment_id')}&order_id=${order._id}`,
      { token: shopper.token },
    );
    expect(failed.status).toBe(200);
    expect(failed.body.status).toBe('FAILED');
    expect(failed.body.order.orderStatus).toBe('PENDING');
    expect(await stockOf(size!.sizeId)).toBe(before);

    const retry = await http.post<{ payment_link_id: string }>(
      `/api/payment/${order._id}`,
      undefined,
      { token: shopper.token },
    );
    expect(retry.body.payment_link_id).toBe(link.body.payment_link_id);
    const p = page.pay!.searchParams;
    const paid = await http.get<ReturnAnswer>(
      `/api/payment?payment_id=${p.get('razorpay_payment_id')}&order_id=${order._id}`,
      { token: shopper.token },
    );
    expect(paid.body.status).toBe('PAID');
    expect(await stockOf(size!.sizeId)).toBe(before - 1);
  });

  it('refuses forged payment ids, a payment of another order, a bad return signature and bad webhooks', async () => {
    const [size] = await pickSizes(db(), 1, 18);
    const a = await pendingOrder('Forger', [
      { productId: size!.productId, sizeId: size!.sizeId, quantity: 1 },
    ]);
    const b = await pendingOrder('Victim', [
      { productId: size!.productId, sizeId: size!.sizeId, quantity: 1 },
    ]);
    const linkA = await http.post<{ payment_link_id: string; payment_link_url: string }>(
      `/api/payment/${a.order._id}`,
      undefined,
      { token: a.shopper.token },
    );
    await http.post(`/api/payment/${b.order._id}`, undefined, { token: b.shopper.token });

    const forged = await http.get<{ message: string }>(
      `/api/payment?payment_id=pay_sbx_paid_AAAAAAAAAAAAAAAA_0123456789abcdef&order_id=${a.order._id}`,
      { token: a.shopper.token },
    );
    expect(forged.status).toBe(400);
    expect(forged.body.message).toMatch(/not known/);

    // A genuine payment of order A presented as order B's.
    const sandbox = createSandboxProvider(server.config.PAYMENT_SANDBOX_SECRET);
    const paymentA = sandbox.paymentIdFor(linkA.body.payment_link_id, 'paid');
    const crossed = await http.get<{ message: string }>(
      `/api/payment?payment_id=${paymentA}&order_id=${b.order._id}`,
      { token: b.shopper.token },
    );
    expect(crossed.status).toBe(400);
    expect(crossed.body.message).toMatch(/not made for this order/);
    expect(
      (
        await db()
          .selectFrom('orders')
          .select('status')
          .where('id', '=', b.order._id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('PENDING');

    const badSig = await http.post<{ message: string }>(
      '/trpc/payments.confirmReturn',
      {
        orderId: a.order._id,
        paymentId: paymentA,
        paymentLinkId: linkA.body.payment_link_id,
        status: 'paid',
        signature: 'f'.repeat(64),
      },
      { token: a.shopper.token },
    );
    expect(badSig.status).toBe(400);

    expect((await http.get('/api/payment?payment_id=x:y&order_id=abc')).status).toBe(400);
    expect((await http.get('/api/payment')).status).toBe(400);

    const body = JSON.stringify({ event: 'payment_link.paid', payload: {} });
    const unsigned = await http.post<{ message: string }>('/api/payment/webhook', body, {
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.message).toBe('Invalid webhook signature');
    const wrong = await http.post('/api/payment/webhook', body, {
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'a'.repeat(64) },
    });
    expect(wrong.status).toBe(400);
    expect(
      (
        await db()
          .selectFrom('orders')
          .select('status')
          .where('id', '=', a.order._id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('PENDING');
  });

  it('sells the last unit once when two orders pay at the same moment; the other is cancelled for refund', async () => {
    const [size] = await pickSizes(db(), 1, 20);
    await db()
      .updateTable('product_sizes')
      .set({ stock: 1 })
      .where('id', '=', size!.sizeId)
      .execute();
    const line = [{ productId: size!.productId, sizeId: size!.sizeId, quantity: 1 }];
    const buyers = [await pendingOrder('Anjali', line), await pendingOrder('Bhavna', line)];
    const returns = await Promise.all(
      buyers.map(async ({ shopper, order }) => {
        const link = await http.post<{ payment_link_url: string }>(
          `/api/payment/${order._id}`,
          undefined,
          { token: shopper.token },
        );
        return {
          shopper,
          order,
          q: (await hostedPage(link.body.payment_link_url)).pay!.searchParams,
        };
      }),
    );
    const answers = await Promise.all(
      returns.map(({ shopper, order, q }) =>
        http.get<ReturnAnswer>(
          `/api/payment?payment_id=${q.get('razorpay_payment_id')}&order_id=${order._id}`,
          { token: shopper.token },
        ),
      ),
    );
    const statuses = answers.map((a) => a.body.order.orderStatus).sort();
    expect(statuses).toEqual(['CANCELLED', 'PLACED']);
    // The loser was charged: told of the refund, not that the payment failed.
    expect(answers.map((a) => a.body.status).sort()).toEqual(['PAID', 'REFUND_PENDING']);
    const loser = answers.find((a) => a.body.order.orderStatus === 'CANCELLED')!.body.order;
    expect(loser.refundDue).toBe(true);
    expect(loser.statusNote).toMatch(/sold out/);
    expect(loser.statusNote).toMatch(/refunded/);
    expect(await stockOf(size!.sizeId)).toBe(0);
    const loserPayment = await db()
      .selectFrom('payments')
      .select(['status', 'note'])
      .where('order_id', '=', loser._id)
      .executeTakeFirstOrThrow();
    expect(loserPayment.status).toBe('REFUND_PENDING');
    expect(loserPayment.note).toMatch(/sold out/);
  });

  it('tells the truth to 20 shoppers paying at once for the last 3 units: 3 placed, 17 refunds due', async () => {
    const [size] = await pickSizes(db(), 1, 24);
    // Orders are taken while stock lasts in the cart; the race is decided when payments land.
    const payers = [];
    for (let i = 0; i < 20; i++) payers.push(await sandboxPaidOrder(server, size!, 1));
    await db()
      .updateTable('product_sizes')
      .set({ stock: 3 })
      .where('id', '=', size!.sizeId)
      .execute();

    const answers = await Promise.all(
      payers.map((p) => http.get<ReturnAnswer>(p.returnPath, { token: p.shopper.token })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const by = (status: PaymentReturnStatus) => answers.filter((a) => a.body.status === status);
    expect(by('PAID')).toHaveLength(3);
    expect(by('REFUND_PENDING')).toHaveLength(17);
    for (const a of by('PAID')) expect(a.body.order.orderStatus).toBe('PLACED');
    for (const a of by('REFUND_PENDING')) {
      expect(a.body.order).toMatchObject({
        orderStatus: 'CANCELLED',
        refundDue: true,
        refund: { reason: 'SOLD_OUT', amount: a.body.order.totalDiscountedPrice },
      });
      expect(a.body.order.statusNote).toMatch(/sold out.*will be refunded/);
    }
    expect(await stockOf(size!.sizeId)).toBe(0);

    // The shopper's own order page (GET /api/orders/{id}) says the same.
    const loser = payers.find((p) => p.order._id === by('REFUND_PENDING')[0]!.body.order._id)!;
    const page = await http.get<OrderView>(`/api/orders/${loser.order._id}`, {
      token: loser.shopper.token,
    });
    expect(page.body).toMatchObject({ orderStatus: 'CANCELLED', refundDue: true });
    const refunds = await db()
      .selectFrom('payments')
      .select('status')
      .where(
        'order_id',
        'in',
        payers.map((p) => p.order._id),
      )
      .execute();
    expect(refunds.filter((r) => r.status === 'REFUND_PENDING')).toHaveLength(17);
    expect(refunds.filter((r) => r.status === 'PAID')).toHaveLength(3);
  });
});
