import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderView } from '@kanak/core';
import { httpClient, startTestServer, type TestServer } from '@kanak/testkit';
import {
  ADDRESS,
  eventually,
  fillCart,
  login,
  newCustomer,
  orderStatus,
  pickSizes,
  startWorkerProcess,
  type WorkerProcess,
} from './pipeline-support';
import { startFakeRazorpay, type FakeRazorpay } from './razorpay-fake';

// Orders keep their money trail. No order with money on it is deleted; a deleted or
// cancelled order's links are cancelled at the provider; links expire; money that still comes
// through a closed link is recorded as owed back, never dropped.

const KEY_ID = 'rzp_test_trail';
const KEY_SECRET = 'trail-key-secret';
const WEBHOOK_SECRET = 'trail-webhook-secret';
const sign = (data: string) => createHmac('sha256', WEBHOOK_SECRET).update(data).digest('hex');

describe('the money trail with Razorpay', () => {
  let fake: FakeRazorpay;
  let server: TestServer;
  let worker: WorkerProcess;
  let http: ReturnType<typeof httpClient>;
  let admin: string;
  let offset = 40;

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
    admin = await login(server, 'admin@kanak.shop', 'Admin@123');
  });
  afterAll(async () => {
    await worker?.stop();
    await server?.close();
    await fake?.close();
  });

  /** A PENDING order with an open Razorpay link. */
  async function orderWithLink(name: string) {
    const [size] = await pickSizes(server.database.db, 1, offset++);
    const shopper = await newCustomer(server, name);
    await fillCart(server.database.db, shopper.id, [
      { productId: size!.productId, sizeId: size!.sizeId, quantity: 1 },
    ]);
    const order = (await http.post<OrderView>('/api/orders/', ADDRESS, { token: shopper.token }))
      .body;
    const link = await http.post<{ payment_link_id: string }>(
      `/api/payment/${order._id}`,
      undefined,
      { token: shopper.token },
    );
    expect(link.status).toBe(200);
    return { shopper, order, linkId: link.body.payment_link_id };
  }

  /** The provider's signed webhook for a payment through the link. */
  async function webhook(orderId: string, linkId: string, paymentId: string) {
    const body = JSON.stringify({
      entity: 'event',
      event: 'payment_link.paid',
      payload: {
        payment_link: { entity: { id: linkId, reference_id: orderId, status: 'paid' } },
        payment: { entity: { id: paymentId, status: 'captured' } },
      },
    });
    const res = await http.post('/api/payment/webhook', body, {
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': sign(body) },
    });
    expect(res.status).toBe(200);
  }

  const paymentRow = (paymentId: string) =>
    server.database.db
      .selectFrom('payments')
      .select(['status', 'refund_reason', 'order_id', 'note'])
      .where('provider_payment_id', '=', paymentId)
      .executeTakeFirst();

  const paymentsOf = (orderId: string) =>
    server.database.db
      .selectFrom('payments')
      .select('status')
      .where('order_id', '=', orderId)
      .execute();

  /** Every way a client deletes: the spec's PUT, DELETE, and tRPC. */
  const deletions = (orderId: string) => [
    () =>
      http.put<{ message: string }>(`/api/admin/orders/${orderId}/delete`, undefined, {
        token: admin,
      }),
    () => http.delete<{ message: string }>(`/api/admin/orders/${orderId}`, { token: admin }),
    () =>
      http.post<{ error: { message: string } }>(
        '/trpc/orders.remove',
        { orderId },
        { token: admin },
      ),
  ];

  it('a PAID order answers 409 to every delete, saying to cancel instead, and keeps its payment', async () => {
    const { order, linkId } = await orderWithLink('Paid');
    const paymentId = fake.pay(linkId);
    await webhook(order._id, linkId, paymentId);
    await eventually(async () => (await orderStatus(server.database.db, order._id)) === 'PLACED');
    for (const remove of deletions(order._id)) {
      const res = await remove();
      expect(res.status).toBe(409);
      expect(JSON.stringify(res.body)).toMatch(
        /cannot be deleted: it has been paid.*Cancel it instead/,
      );
    }
    expect(await orderStatus(server.database.db, order._id)).toBe('PLACED');
    expect(await paymentsOf(order._id)).toEqual([{ status: 'PAID' }]);
  });

  it('a REFUND_PENDING order answers 409 to every delete and keeps the refund owed', async () => {
    const { order, linkId } = await orderWithLink('Refund');
    const paymentId = fake.pay(linkId);
    await webhook(order._id, linkId, paymentId);
    await eventually(async () => (await orderStatus(server.database.db, order._id)) === 'PLACED');
    const cancel = await http.put(`/api/admin/orders/${order._id}/cancel`, undefined, {
      token: admin,
    });
    expect([200, 202]).toContain(cancel.status);
    await eventually(async () => (await paymentRow(paymentId))?.status === 'REFUND_PENDING');
    for (const remove of deletions(order._id)) {
      const res = await remove();
      expect(res.status).toBe(409);
      expect(JSON.stringify(res.body)).toMatch(/a refund is owed on it/);
    }
    expect(await paymentsOf(order._id)).toEqual([{ status: 'REFUND_PENDING' }]);
  });

  it('deleting an unpaid order cancels its link at Razorpay; a payment made on it anyway is owed back', async () => {
    const { order, linkId } = await orderWithLink('Deleted');
    // The spec's path answers as it always did for an unpaid order.
    const res = await http.put<{ message: string }>(
      `/api/admin/orders/${order._id}/delete`,
      undefined,
      { token: admin },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Order deleted successfully' });
    expect(fake.links.get(linkId)!.status).toBe('cancelled');
    expect(
      fake.requests.some(
        (r) => r.method === 'POST' && r.path === `/v1/payment_links/${linkId}/cancel`,
      ),
    ).toBe(true);
    expect(
      await server.database.db
        .selectFrom('orders')
        .select('id')
        .where('id', '=', order._id)
        .executeTakeFirst(),
    ).toBeUndefined();

    // The shopper's payment raced the cancel and was taken: the webhook still records it.
    const paymentId = fake.pay(linkId);
    await webhook(order._id, linkId, paymentId);
    const owed = await eventually(async () => {
      const row = await paymentRow(paymentId);
      return row?.status === 'REFUND_PENDING' && row;
    });
    expect(owed).toMatchObject({ refund_reason: 'LINK_CLOSED', order_id: order._id });
    expect(owed.note).toMatch(/deleted before payment/);
  });

  it('an expired link refuses the return; money captured after the expiry is owed back and the order waits', async () => {
    const { shopper, order, linkId } = await orderWithLink('Expired');
    const expireAt = (minutesAgo: number) =>
      server.database.db
        .updateTable('payments')
        .set({ expires_at: new Date(Date.now() - minutesAgo * 60_000) })
        .where('payment_link_id', '=', linkId)
        .execute();

    // Long past its expiry, a return for the link is refused without moving the order.
    await expireAt(60);
    const other = fake.pay(linkId);
    const back = await http.get<{ message: string }>(
      `/api/payment?payment_id=${other}&order_id=${order._id}&razorpay_payment_link_id=${linkId}`,
      { token: shopper.token },
    );
    expect(back.status).toBe(409);
    expect(back.body.message).toMatch(/payment link has expired/);
    expect(await orderStatus(server.database.db, order._id)).toBe('PENDING');

    // Captured a minute after the link expired (its webhook arrives within the grace).
    await expireAt(2);
    const late = fake.pay(linkId, 'captured', new Date(Date.now() - 60_000));
    await webhook(order._id, linkId, late);
    const owed = await eventually(async () => {
      const row = await paymentRow(late);
      return row?.status === 'REFUND_PENDING' && row;
    });
    expect(owed.refund_reason).toBe('LINK_CLOSED');
    expect(owed.note).toMatch(/after its payment link had expired/);
    expect(await orderStatus(server.database.db, order._id)).toBe('PENDING');

    // Coming back later, the shopper gets a fresh link with its own expiry.
    const fresh = await http.post<{ payment_link_id: string }>(
      `/api/payment/${order._id}`,
      undefined,
      { token: shopper.token },
    );
    expect(fresh.status).toBe(200);
    expect(fresh.body.payment_link_id).not.toBe(linkId);
    const sent = fake.links.get(fresh.body.payment_link_id)!.expire_by!;
    expect(sent * 1000 - Date.now()).toBeGreaterThan(29 * 60_000);
  });
});

describe('the money trail with the sandbox', () => {
  let server: TestServer;
  let http: ReturnType<typeof httpClient>;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer();
    http = httpClient(server.baseUrl);
    admin = await login(server, 'admin@kanak.shop', 'Admin@123');
  });
  afterAll(() => server?.close());

  async function orderWithLink(offset: number) {
    const [size] = await pickSizes(server.database.db, 1, offset);
    const shopper = await newCustomer(server, 'Sandbox');
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
    return { order, link: link.body };
  }

  it('deleting an unpaid order closes its link: the hosted page no longer offers to pay', async () => {
    const { order, link } = await orderWithLink(60);
    expect(await (await fetch(link.payment_link_url)).text()).toContain('id="pay"');
    const res = await http.put(`/api/admin/orders/${order._id}/delete`, undefined, {
      token: admin,
    });
    expect(res.status).toBe(200);
    const row = await server.database.db
      .selectFrom('payments')
      .select('status')
      .where('payment_link_id', '=', link.payment_link_id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('CANCELLED');
    const page = await fetch(link.payment_link_url);
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain('id="pay"');
  });

  it('an expired link’s hosted page says so and offers no Pay button', async () => {
    const { link } = await orderWithLink(61);
    await server.database.db
      .updateTable('payments')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('payment_link_id', '=', link.payment_link_id)
      .execute();
    const html = await (await fetch(link.payment_link_url)).text();
    expect(html).toContain('This payment link has expired.');
    expect(html).not.toContain('id="pay"');
  });
});
