import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { SEED_ACCOUNTS } from '@kanak/db';
import { HUID_SKIP_NOTE, type OrderView } from '@kanak/core';
import { httpClient, startTestServer, type TestServer } from '@kanak/testkit';
import {
  login,
  newCustomer,
  pickSizes,
  sandboxPaidOrder,
  startWorkerProcess,
  eventually,
  type WorkerProcess,
} from './pipeline-support';

/**
 * Selling in India over REST with HUID_REQUIRED_TO_SHIP (the shop's default; the test kit turns
 * it off for other flows) and PAN_REQUIRED_TO_SHIP on: a real worker applies the moves and
 * numbers the invoices. With them off, the spec's bodyless ship is orders.test.ts's "every
 * allowed move".
 */
describe('selling in India over REST', () => {
  let server: TestServer;
  let worker: WorkerProcess;
  let http: ReturnType<typeof httpClient>;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer({ HUID_REQUIRED_TO_SHIP: 'true', PAN_REQUIRED_TO_SHIP: 'true' });
    http = httpClient(server.baseUrl);
    worker = await startWorkerProcess(server);
    admin = await login(server, SEED_ACCOUNTS.admin.email, SEED_ACCOUNTS.admin.password);
  });
  afterAll(async () => {
    await worker?.stop();
    await server?.close();
  });

  /** A paid order of one hallmarked gold piece (5 g, quantity 2). */
  async function paidGoldOrder(offset: number) {
    const [size] = await pickSizes(server.database.db, 1, offset);
    await server.database.db
      .updateTable('products')
      .set({ hallmark: '22K916' })
      .where('id', '=', size!.productId)
      .execute();
    await server.database.db
      .updateTable('product_sizes')
      .set({ weight: '5 g', stock: 50 })
      .where('id', '=', size!.sizeId)
      .execute();
    const paid = await sandboxPaidOrder(server, size!, 2);
    expect((await http.get(paid.returnPath, { token: paid.shopper.token })).status).toBe(200);
    await eventually(async () => {
      const res = await http.get<OrderView>(`/api/orders/${paid.order._id}`, {
        token: paid.shopper.token,
      });
      return res.body.orderStatus === 'PLACED' && res.body.invoice ? res.body : null;
    });
    return paid;
  }

  it('refuses to ship gold without HUIDs, naming the item; ships with them; a HUID sells once', async () => {
    const { order, shopper } = await paidGoldOrder(40);
    const itemId = order.orderItems[0]!._id;
    const bare = await http.put<{ message: string }>(
      `/api/admin/orders/${order._id}/ship`,
      undefined,
      { token: admin },
    );
    expect(bare.status).toBe(409);
    expect(bare.body.message).toContain(itemId);
    expect(bare.body.message).toContain('has 0 of 2');

    const malformed = await http.put<{ message: string }>(
      `/api/admin/orders/${order._id}/ship`,
      { huids: { [itemId]: ['AB-12'] } },
      { token: admin },
    );
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toContain('6 characters');

    const shipped = await http.put<OrderView>(
      `/api/admin/orders/${order._id}/ship`,
      { huids: { [itemId]: ['rest01', 'REST02'] } },
      { token: admin },
    );
    expect(shipped.status).toBe(200);
    expect(shipped.body.orderStatus).toBe('SHIPPED');
    expect(shipped.body.orderItems[0]).toMatchObject({ huids: ['REST01', 'REST02'] });

    // The shopper's order shows them; the invoice prints them.
    const mine = await http.get<OrderView>(`/api/orders/${order._id}`, { token: shopper.token });
    expect(mine.body.orderItems[0]!.huids).toEqual(['REST01', 'REST02']);
    const pdf = await fetch(`${server.baseUrl}/api/orders/${order._id}/invoice`, {
      headers: { authorization: `Bearer ${shopper.token}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = (
      await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), {
        mergePages: true,
      })
    ).text;
    expect(text).toContain(mine.body.invoice!.number);
    expect(text).toContain('REST01, REST02');
    // Shipped to Maharashtra from Karnataka: IGST.
    expect(text).toMatch(/IGST 3%/);

    const other = await paidGoldOrder(41);
    const taken = await http.put<{ message: string }>(
      `/api/admin/orders/${other.order._id}/confirmed`,
      { huids: { [other.order.orderItems[0]!._id]: ['REST01'] } },
      { token: admin },
    );
    expect(taken.status).toBe(409);
    expect(taken.body.message).toContain(order._id);
  });

  it('a shop that is not in production may ship gold without HUIDs by saying why: the event and the invoice keep it', async () => {
    const { order, shopper } = await paidGoldOrder(42);
    const ship = (body: unknown) =>
      http.put<OrderView & { message?: string }>(`/api/admin/orders/${order._id}/ship`, body, {
        token: admin,
      });
    const vague = await ship({ huidSkipReason: 'no' });
    expect(vague.status).toBe(400);
    expect(vague.body.message).toContain('Say why the HUIDs are not recorded');
    const shipped = await ship({ huidSkipReason: 'Demo shop: sample pieces carry no HUID' });
    expect(shipped.status).toBe(200);
    expect(shipped.body.orderStatus).toBe('SHIPPED');
    const event = await server.database.db
      .selectFrom('order_events')
      .select('note')
      .where('order_id', '=', order._id)
      .where('to_status', '=', 'SHIPPED')
      .executeTakeFirstOrThrow();
    expect(event.note).toBe(`${HUID_SKIP_NOTE}Demo shop: sample pieces carry no HUID`);
    // The dispatched order's invoice is issued, and says why it prints no HUID.
    const pdf = await fetch(`${server.baseUrl}/api/orders/${order._id}/invoice`, {
      headers: { authorization: `Bearer ${shopper.token}` },
    });
    expect(pdf.status).toBe(200);
    const text = (
      await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), {
        mergePages: true,
      })
    ).text;
    expect(text.replace(/\s+/g, ' ')).toContain('Demo shop: sample pieces carry no HUID');
  });

  it('records HUIDs on a paid order without moving it; the waiting invoice is issued then', async () => {
    const { order, shopper } = await paidGoldOrder(43);
    const item = order.orderItems[0]!._id;
    expect(
      (await http.put(`/api/admin/orders/${order._id}/confirmed`, undefined, { token: admin }))
        .status,
    ).toBe(200);
    const invoice = () =>
      fetch(`${server.baseUrl}/api/orders/${order._id}/invoice`, {
        headers: { authorization: `Bearer ${shopper.token}` },
      });
    expect((await invoice()).status).toBe(409);
    const path = `/api/admin/orders/${order._id}/huids`;
    const huids = { [item]: ['LATE01', 'LATE02'] };
    expect((await http.put(path, { huids }, { token: shopper.token })).status).toBe(403);
    const bad = await http.put<{ message: string }>(
      path,
      { huids: { [item]: ['late'] } },
      { token: admin },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/A HUID is 6 characters/);
    const saved = await http.put<OrderView>(path, { huids }, { token: admin });
    expect(saved.status).toBe(200);
    expect(saved.body.orderStatus).toBe('CONFIRMED');
    expect(saved.body.orderItems[0]!.huids).toEqual(['LATE01', 'LATE02']);
    // Above ₹2,00,000 the invoice also prints the buyer's PAN: the shopper gives it.
    if (saved.body.panNeeded)
      expect(
        (
          await http.put(
            `/api/orders/${order._id}/pan`,
            { pan: 'ABCDE1234F' },
            { token: shopper.token },
          )
        ).status,
      ).toBe(200);
    expect((await invoice()).status).toBe(200);
  });

  it('serves the invoice to its owner and an admin only', async () => {
    const { order, shopper } = await paidGoldOrder(42);
    await http.put(
      `/api/admin/orders/${order._id}/confirmed`,
      { huids: { [order.orderItems[0]!._id]: ['OWN001', 'OWN002'] } },
      { token: admin },
    );
    const stranger = await newCustomer(server, 'Stranger');
    const get = (token?: string) =>
      fetch(`${server.baseUrl}/api/orders/${order._id}/invoice`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    const [owner, byAdmin, other, visitor] = await Promise.all([
      get(shopper.token),
      get(admin),
      get(stranger.token),
      get(),
    ]);
    expect([owner.status, byAdmin.status, other.status, visitor.status]).toEqual([
      200, 200, 404, 401,
    ]);
    // The same stored document for both.
    expect(
      Buffer.from(await owner.arrayBuffer()).equals(Buffer.from(await byAdmin.arrayBuffer())),
    ).toBe(true);
  });

  it('asks for the PAN above ₹2,00,000 and refuses to ship without it when so configured', async () => {
    const { order, shopper } = await paidGoldOrder(43);
    await server.database.db
      .updateTable('orders')
      .set({ total_discounted_price: 250_000, total_price: 260_000 })
      .where('id', '=', order._id)
      .execute();
    const huids = { [order.orderItems[0]!._id]: ['PAN001', 'PAN002'] };
    const view = await http.get<OrderView>(`/api/orders/${order._id}`, { token: shopper.token });
    expect(view.body.panNeeded).toBe(true);
    const refused = await http.put<{ message: string }>(
      `/api/admin/orders/${order._id}/ship`,
      { huids },
      { token: admin },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('PAN');
    const bad = await http.put<{ message: string }>(
      `/api/orders/${order._id}/pan`,
      { pan: 'ABCD1234' },
      { token: shopper.token },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('AAAAA9999A');
    const saved = await http.put<OrderView>(
      `/api/orders/${order._id}/pan`,
      { pan: 'abcde1234f' },
      { token: shopper.token },
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ panNeeded: false, panRecorded: true });
    const shipped = await http.put<OrderView>(`/api/admin/orders/${order._id}/ship`, undefined, {
      token: admin,
    });
    expect(shipped.status).toBe(200);
  });
});
