import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '@kanak/db';
import type { OrderView } from '@kanak/core';
import { httpClient, startTestServer, trpcCalls, type TestServer } from '@kanak/testkit';
import { indiaDate, type AdminOrderDetail } from '@kanak/shared';
import {
  ADDRESS,
  eventually,
  fillCart,
  login,
  newCustomer,
  pickSizes,
  sandboxPaidOrder,
  startWorkerProcess,
  type WorkerProcess,
} from './pipeline-support';

describe('orders over REST and tRPC, with admin transitions applied by a real worker', () => {
  let server: TestServer;
  let worker: WorkerProcess;
  let http: ReturnType<typeof httpClient>;
  let admin: string;
  const trpc = trpcCalls(() => http);

  beforeAll(async () => {
    server = await startTestServer();
    http = httpClient(server.baseUrl);
    worker = await startWorkerProcess(server);
    admin = await login(server, SEED_ACCOUNTS.admin.email, SEED_ACCOUNTS.admin.password);
  });
  afterAll(async () => {
    await worker?.stop();
    await server?.close();
  });

  /** A PENDING order from a fresh cart, moved to `status` directly in the database. */
  async function orderIn(
    status: OrderView['orderStatus'],
    token: string,
    userId: string,
  ): Promise<string> {
    const [size] = await pickSizes(server.database.db, 1, 3);
    await fillCart(server.database.db, userId, [
      { productId: size!.productId, sizeId: size!.sizeId, quantity: 1 },
    ]);
    const created = await http.post<OrderView>('/api/orders/', ADDRESS, { token });
    expect(created.status).toBe(201);
    await server.database.db
      .updateTable('orders')
      .set({ status })
      .where('id', '=', created.body._id)
      .execute();
    return created.body._id;
  }

  it('creates a PENDING order from the cart with copied lines, totals and the saved address', async () => {
    const shopper = await newCustomer(server, 'Kavya');
    const sizes = await pickSizes(server.database.db, 2);
    await fillCart(server.database.db, shopper.id, [
      { productId: sizes[0]!.productId, sizeId: sizes[0]!.sizeId, quantity: 2 },
      { productId: sizes[1]!.productId, sizeId: sizes[1]!.sizeId, quantity: 1 },
    ]);
    const res = await http.post<OrderView>('/api/orders/', ADDRESS, { token: shopper.token });
    expect(res.status).toBe(201);
    const order = res.body;
    expect(order._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(order.orderStatus).toBe('PENDING');
    expect(new Date(order.orderDate).toISOString()).toBe(order.orderDate);
    expect(order.shippingAddress).toEqual(ADDRESS);
    expect(order.user).toMatchObject({
      _id: shopper.id,
      firstName: 'Kavya',
      lastName: 'Tester',
      email: shopper.email,
    });
    expect(order.orderItems).toHaveLength(2);
    // Both cart rows were inserted at the same instant: find the lines by product.
    const first = order.orderItems.find((i) => i.product?._id === sizes[0]!.productId)!;
    expect(first.quantity).toBe(2);
    expect(first.weight).toBe(sizes[0]!.weight);
    expect(first.price).toBe(sizes[0]!.price * 2);
    expect(first.discountedPrice).toBe(sizes[0]!.discounted_price * 2);
    expect(first.product?._id).toBe(sizes[0]!.productId);
    expect(first.product?.imageUrls.length).toBeGreaterThanOrEqual(2);
    expect(order.totalItem).toBe(3);
    expect(order.totalPrice).toBe(sizes[0]!.price * 2 + sizes[1]!.price);
    expect(order.totalDiscountedPrice).toBe(
      sizes[0]!.discounted_price * 2 + sizes[1]!.discounted_price,
    );
    expect(order.discount).toBe(order.totalPrice - order.totalDiscountedPrice);

    const addresses = await server.database.db
      .selectFrom('addresses')
      .selectAll()
      .where('user_id', '=', shopper.id)
      .execute();
    expect(addresses).toHaveLength(1);
    const events = await server.database.db
      .selectFrom('order_events')
      .selectAll()
      .where('order_id', '=', order._id)
      .execute();
    expect(events).toMatchObject([
      { actor: 'customer', actor_user_id: shopper.id, from_status: null, to_status: 'PENDING' },
    ]);

    // Readable by its owner and an admin, not by another customer.
    expect(
      (await http.get<OrderView>(`/api/orders/${order._id}`, { token: shopper.token })).body._id,
    ).toBe(order._id);
    expect((await http.get(`/api/orders/${order._id}`, { token: admin })).status).toBe(200);
    const other = await newCustomer(server, 'Other');
    expect((await http.get(`/api/orders/${order._id}`, { token: other.token })).status).toBe(404);
    expect((await http.get('/api/orders/not-an-id', { token: shopper.token })).status).toBe(400);
    expect((await http.get(`/api/orders/${order._id}`)).status).toBe(401);

    const mine = await http.get<OrderView[]>('/api/orders/user', { token: shopper.token });
    expect(Array.isArray(mine.body)).toBe(true);
    expect(mine.body.map((o) => o._id)).toEqual([order._id]);
  });

  it('refuses an empty cart and an invalid address with 400', async () => {
    const shopper = await newCustomer(server, 'Empty');
    const empty = await http.post<{ message: string }>('/api/orders/', ADDRESS, {
      token: shopper.token,
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/cart is empty/i);
    await fillCart(server.database.db, shopper.id, []);
    expect((await http.post('/api/orders/', ADDRESS, { token: shopper.token })).status).toBe(400);
    const bad = await http.post<{ message: string }>(
      '/api/orders/',
      { ...ADDRESS, city: '' },
      { token: shopper.token },
    );
    expect(bad.status).toBe(400);
    expect((await http.post('/api/orders/', ADDRESS)).status).toBe(401);
  });

  it('stays lenient over REST but stores the address trimmed, the state spelt as listed', async () => {
    const shopper = await newCustomer(server, 'Lenient');
    const [size] = await pickSizes(server.database.db, 1, 5);
    await fillCart(server.database.db, shopper.id, [
      { productId: size!.productId, sizeId: size!.sizeId, quantity: 1 },
    ]);
    // The spec's clients know no phone rules: a short phone is still taken, and the state is read
    // whatever its case and spacing. The PIN must be India Post's and of that state.
    const res = await http.post<OrderView>(
      '/api/orders/',
      { ...ADDRESS, state: '  karNATaka ', city: ' Mysuru ', zipCode: '570001', mobile: '12345' },
      { token: shopper.token },
    );
    expect(res.status).toBe(201);
    expect(res.body.shippingAddress).toMatchObject({
      state: 'Karnataka',
      city: 'Mysuru',
      zipCode: '570001',
      mobile: '12345',
    });
    const saved = await server.database.db
      .selectFrom('addresses')
      .select(['state', 'city'])
      .where('user_id', '=', shopper.id)
      .execute();
    expect(saved).toEqual([{ state: 'Karnataka', city: 'Mysuru' }]);
    // A state not on the list, or a short PIN, is refused naming the PIN (it was kept before).
    await fillCart(server.database.db, shopper.id, [
      { productId: size!.productId, sizeId: size!.sizeId, quantity: 1 },
    ]);
    const other = await http.post<{ message: string }>(
      '/api/orders/',
      { ...ADDRESS, state: ' Bavaria ' },
      { token: shopper.token },
    );
    expect(other.status).toBe(400);
    expect(other.body.message).toBe('PIN 400001 is in Maharashtra, not Bavaria');
    const short = await http.post<{ message: string }>(
      '/api/orders/',
      { ...ADDRESS, zipCode: '5600' },
      { token: shopper.token },
    );
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/^PIN 5600 is not an Indian PIN code/);
  });

  it('refuses with 409 an order whose prices rose past what its totals can hold since the cart was filled', async () => {
    const shopper = await newCustomer(server, 'Pricey');
    const [size] = await pickSizes(server.database.db, 1, 70);
    await fillCart(server.database.db, shopper.id, [
      { productId: size!.productId, sizeId: size!.sizeId, quantity: 3 },
    ]);
    await server.database.db
      .updateTable('products')
      .set({ price: 1_000_000_000, discounted_price: 900_000_000 })
      .where('id', '=', size!.productId)
      .execute();
    // A metal-priced size carries its own price: raise it too.
    await server.database.db
      .updateTable('product_sizes')
      .set({ price: 1_000_000_000, discounted_price: 900_000_000 })
      .where('id', '=', size!.sizeId)
      .where('price', 'is not', null)
      .execute();
    const res = await http.post<{ message: string }>('/api/orders/', ADDRESS, {
      token: shopper.token,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/One order can come to at most/);
  });

  it('lists every order for the admin, newest first, with user and totalItem; customers are refused', async () => {
    const res = await http.get<OrderView[]>('/api/admin/orders', { token: admin });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.length).toBeGreaterThanOrEqual(36);
    const dates = res.body.map((o) => o.orderDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(res.body[0]!.user).toMatchObject({
      firstName: expect.any(String),
      lastName: expect.any(String),
      email: expect.any(String),
    });
    expect(res.body[0]!.totalItem).toBeGreaterThan(0);
    const customer = await login(
      server,
      SEED_ACCOUNTS.customer.email,
      SEED_ACCOUNTS.customer.password,
    );
    expect((await http.get('/api/admin/orders', { token: customer })).status).toBe(403);
    expect(
      (await http.put('/api/admin/orders/x/confirmed', undefined, { token: customer })).status,
    ).toBe(403);
  });

  it('shows the admin one paid order with its payment and history over REST and tRPC; others are refused', async () => {
    const [size] = await pickSizes(server.database.db, 1, 7);
    const pay = await sandboxPaidOrder(server, size!);
    const paid = await http.get<{ status: string }>(pay.returnPath, { token: pay.shopper.token });
    expect(paid.body.status).toBe('PAID');
    const id = pay.order._id;

    const res = await http.get<AdminOrderDetail>(`/api/admin/orders/${id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.orderNumber).toBe(id.slice(0, 8).toUpperCase());
    expect(res.body.order.orderStatus).toBe('PLACED');
    expect(res.body.order.shippingAddress).toEqual(ADDRESS);
    expect(res.body.customer.email).toBe(pay.shopper.email);
    expect(res.body.payments).toMatchObject([
      { provider: 'sandbox', providerPaymentId: pay.paymentId, status: 'PAID' },
    ]);
    expect(res.body.events.map((e) => [e.actor, e.from, e.to])).toEqual([
      ['customer', null, 'PENDING'],
      ['payment', 'PENDING', 'PLACED'],
    ]);
    expect(res.body.paidAt).toBe(res.body.events[1]!.at);

    const viaTrpc = await trpc.query<AdminOrderDetail>(
      'orders.adminDetail',
      { orderId: id },
      admin,
    );
    expect(viaTrpc.body.result.data).toEqual(res.body);
    // Found by the delivery phone in the admin list.
    const byPhone = await trpc.query<{ content: OrderView[] }>(
      'orders.adminList',
      { search: ADDRESS.mobile, pageSize: 500 },
      admin,
    );
    expect(byPhone.body.result.data.content.map((o) => o._id)).toContain(id);

    expect((await http.get(`/api/admin/orders/${id}`, { token: pay.shopper.token })).status).toBe(
      403,
    );
    expect((await http.get(`/api/admin/orders/${id}`)).status).toBe(401);
    const missing = await http.get<{ message: string }>(
      '/api/admin/orders/00000000-0000-4000-8000-000000000000',
      { token: admin },
    );
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Order not found');
    expect((await http.get('/api/admin/orders/not-an-id', { token: admin })).status).toBe(400);
  });

  it('applies every allowed admin move through the worker and logs who made it', async () => {
    const shopper = await newCustomer(server, 'Moves');
    const adminId = (
      await server.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', SEED_ACCOUNTS.admin.email)
        .executeTakeFirstOrThrow()
    ).id;
    const allowed: [OrderView['orderStatus'], string, OrderView['orderStatus']][] = [
      ['PLACED', 'confirmed', 'CONFIRMED'],
      ['PLACED', 'ship', 'SHIPPED'],
      ['PLACED', 'deliver', 'DELIVERED'],
      ['PLACED', 'cancel', 'CANCELLED'],
      ['CONFIRMED', 'ship', 'SHIPPED'],
      ['CONFIRMED', 'deliver', 'DELIVERED'],
      ['CONFIRMED', 'cancel', 'CANCELLED'],
      ['SHIPPED', 'deliver', 'DELIVERED'],
      ['PENDING', 'cancel', 'CANCELLED'],
    ];
    for (const [from, action, to] of allowed) {
      const id = await orderIn(from, shopper.token, shopper.id);
      const res = await http.put<OrderView>(`/api/admin/orders/${id}/${action}`, undefined, {
        token: admin,
      });
      expect(res.status, `${from} ${action}`).toBe(200);
      expect(res.body.orderStatus).toBe(to);
      if (to === 'DELIVERED') expect(res.body.deliveryDate).not.toBeNull();
      const events = await server.database.db
        .selectFrom('order_events')
        .selectAll()
        .where('order_id', '=', id)
        .where('actor', '=', 'admin')
        .execute();
      expect(events).toMatchObject([{ actor_user_id: adminId, from_status: from, to_status: to }]);
    }
  });

  it('refuses every illegal move with 409 naming both statuses, carried back from the worker', async () => {
    const shopper = await newCustomer(server, 'Refused');
    const refused: [OrderView['orderStatus'], string, string][] = [
      ['DELIVERED', 'ship', 'Cannot move order from DELIVERED to SHIPPED'],
      ['DELIVERED', 'cancel', 'Cannot move order from DELIVERED to CANCELLED'],
      ['DELIVERED', 'confirmed', 'Cannot move order from DELIVERED to CONFIRMED'],
      ['SHIPPED', 'confirmed', 'Cannot move order from SHIPPED to CONFIRMED'],
      ['SHIPPED', 'cancel', 'Cannot move order from SHIPPED to CANCELLED'],
      ['CONFIRMED', 'confirmed', 'Cannot move order from CONFIRMED to CONFIRMED'],
      ['CANCELLED', 'confirmed', 'Cannot move order from CANCELLED to CONFIRMED'],
      ['CANCELLED', 'deliver', 'Cannot move order from CANCELLED to DELIVERED'],
      ['PENDING', 'confirmed', 'Cannot move order from PENDING to CONFIRMED'],
      ['PENDING', 'ship', 'Cannot move order from PENDING to SHIPPED'],
    ];
    for (const [from, action, message] of refused) {
      const id = await orderIn(from, shopper.token, shopper.id);
      const res = await http.put<{ message: string }>(
        `/api/admin/orders/${id}/${action}`,
        undefined,
        { token: admin },
      );
      expect(res.status, `${from} ${action}`).toBe(409);
      expect(res.body.message).toBe(message);
      const row = await server.database.db
        .selectFrom('orders')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe(from);
    }
    // The refusal is final: BullMQ did not retry it, and it is not a dead letter.
    expect(await server.database.db.selectFrom('dead_letters').selectAll().execute()).toEqual([]);
  });

  it('validates the action and the id, and deletes with PUT …/delete', async () => {
    const shopper = await newCustomer(server, 'Deleted');
    expect(
      (await http.put('/api/admin/orders/not-an-id/ship', undefined, { token: admin })).status,
    ).toBe(400);
    expect(
      (
        await http.put('/api/admin/orders/00000000-0000-4000-8000-000000000000/ship', undefined, {
          token: admin,
        })
      ).status,
    ).toBe(404);
    const paid = await orderIn('PLACED', shopper.token, shopper.id);
    expect(
      (await http.put(`/api/admin/orders/${paid}/launch`, undefined, { token: admin })).status,
    ).toBe(400);
    // A paid order keeps its money trail: cancelled, never deleted.
    const kept = await http.put<{ message: string }>(
      `/api/admin/orders/${paid}/delete`,
      undefined,
      { token: admin },
    );
    expect(kept.status).toBe(409);
    expect(kept.body.message).toMatch(/Cancel it instead/);
    const id = await orderIn('PENDING', shopper.token, shopper.id);
    const deleted = await http.put<{ message: string }>(
      `/api/admin/orders/${id}/delete`,
      undefined,
      { token: admin },
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toMatch(/deleted/i);
    expect((await http.get(`/api/orders/${id}`, { token: admin })).status).toBe(404);
  });

  it('serves the same flows over tRPC: create, mine, transition (409 on refusal), dashboard', async () => {
    const shopper = await newCustomer(server, 'Trpc');
    const [size] = await pickSizes(server.database.db, 1, 5);
    await fillCart(server.database.db, shopper.id, [
      { productId: size!.productId, sizeId: size!.sizeId, quantity: 1 },
    ]);
    const created = await http.post<{ result: { data: OrderView } }>(
      '/trpc/orders.create',
      ADDRESS,
      { token: shopper.token },
    );
    expect(created.status).toBe(200);
    const id = created.body.result.data._id;
    const mine = await http.get<{ result: { data: OrderView[] } }>('/trpc/orders.mine', {
      token: shopper.token,
    });
    expect(mine.body.result.data.map((o) => o._id)).toEqual([id]);

    const refused = await http.post<{
      error: { message: string; data: { code: string; httpStatus: number } };
    }>('/trpc/orders.move', { orderId: id, action: 'ship' }, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('Cannot move order from PENDING to SHIPPED');
    expect(refused.body.error.data.code).toBe('CONFLICT');

    await server.database.db
      .updateTable('orders')
      .set({ status: 'PLACED' })
      .where('id', '=', id)
      .execute();
    const moved = await http.post<{ result: { data: { done: boolean; order: OrderView } } }>(
      '/trpc/orders.move',
      { orderId: id, action: 'confirmed' },
      { token: admin },
    );
    expect(moved.body.result.data.done).toBe(true);
    expect(moved.body.result.data.order.orderStatus).toBe('CONFIRMED');
    expect(
      (
        await http.post(
          '/trpc/orders.move',
          { orderId: id, action: 'confirmed' },
          { token: shopper.token },
        )
      ).status,
    ).toBe(403);

    const dash = await http.get<{
      result: {
        data: Record<string, unknown> & {
          salesByDay: { date: string }[];
          recentOrders: OrderView[];
          recentProducts: unknown[];
        };
      };
    }>('/trpc/orders.dashboard', { token: admin });
    expect(dash.status).toBe(200);
    const d = dash.body.result.data;
    const paid = await server.database.db
      .selectFrom('orders')
      .select((eb) => eb.fn.sum<number>('total_discounted_price').as('revenue'))
      .where('status', 'in', ['PLACED', 'CONFIRMED', 'SHIPPED', 'DELIVERED'])
      .executeTakeFirstOrThrow();
    expect(d.revenue).toBe(Number(paid.revenue));
    expect(d.products).toBe(340);
    expect(d.salesByDay).toHaveLength(30);
    expect(d.salesByDay[29]!.date).toBe(indiaDate(new Date()));
    expect(d.recentOrders).toHaveLength(5);
    expect(d.recentProducts).toHaveLength(10);
    expect(typeof d.growthPercent).toBe('number');
    expect((await http.get('/trpc/orders.dashboard', { token: shopper.token })).status).toBe(403);
  });
});

describe('an admin move the worker has not applied within ORDER_WAIT_MS', () => {
  let server: TestServer;
  afterAll(() => server?.close());

  it('answers 202 with the job id, and the move is applied once a worker runs', async () => {
    server = await startTestServer({ ORDER_WAIT_MS: 300 });
    const http = httpClient(server.baseUrl);
    const admin = await login(server, SEED_ACCOUNTS.admin.email, SEED_ACCOUNTS.admin.password);
    const order = await server.database.db
      .selectFrom('orders')
      .select('id')
      .where('status', '=', 'PLACED')
      .executeTakeFirstOrThrow();
    const res = await http.put<{ jobId: string; message: string }>(
      `/api/admin/orders/${order.id}/confirmed`,
      undefined,
      { token: admin },
    );
    expect(res.status).toBe(202);
    expect(res.body.jobId).toBeTruthy();
    expect(res.body.message).toMatch(/queued/);
    const worker = await startWorkerProcess(server);
    try {
      const status = async () =>
        (
          await server.database.db
            .selectFrom('orders')
            .select('status')
            .where('id', '=', order.id)
            .executeTakeFirstOrThrow()
        ).status;
      await eventually(async () => (await status()) === 'CONFIRMED', 60_000).catch(() => null);
      expect(await status()).toBe('CONFIRMED');
    } finally {
      await worker.stop();
    }
    // A server and a worker process start inside this test: room for a loaded machine.
  }, 120_000);
});
