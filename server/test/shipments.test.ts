import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { SEED_ACCOUNTS } from '@kanak/db';
import { formatIndiaDate, type OrderView } from '@kanak/shared';
import {
  httpClient,
  startTestServer,
  startTestSmtp,
  trpcCalls,
  type TestServer,
  type TestSmtp,
} from '@kanak/testkit';
import {
  eventually,
  login,
  pickSizes,
  sandboxPaidOrder,
  startWorkerProcess,
  type WorkerProcess,
} from './pipeline-support';

/**
 * Shipping records the carrier, AWB, insured value and dispatch through the ledger;
 * the order view, the shipped mail (read from a real SMTP server) and the spec's bodiless ship.
 * The worker runs with the shop's HOST and PORT and no PUBLIC_URL: mail links name that port.
 */
describe('shipments', () => {
  let server: TestServer;
  let smtp: TestSmtp;
  let worker: WorkerProcess;
  let admin: string;
  let port: string;
  const http = () => httpClient(server.baseUrl);
  const trpc = trpcCalls(http);
  const db = () => server.database.db;
  let sizes: { productId: string; sizeId: string }[] = [];

  /** A new shopper's order, paid (PLACED). */
  const paidOrder = async (index: number) => {
    const paid = await sandboxPaidOrder(server, sizes[index]!, 1);
    expect((await http().get(paid.returnPath, { token: paid.shopper.token })).status).toBe(200);
    return paid;
  };
  const put = (orderId: string, action: string, body?: unknown) =>
    http().put<OrderView & { message?: string }>(`/api/admin/orders/${orderId}/${action}`, body, {
      token: admin,
    });

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({ ORDER_WAIT_MS: 8000 });
    port = new URL(server.baseUrl).port;
    // No PUBLIC_URL and no MAIL_LINK_BASE_URL: links must use the shop's own HOST and PORT.
    worker = await startWorkerProcess(server, {
      SMTP_URL: smtp.url,
      MAIL_POLL_MS: '200',
      PUBLIC_URL: '',
      MAIL_LINK_BASE_URL: '',
      HOST: '127.0.0.1',
      PORT: port,
    });
    admin = await login(server, SEED_ACCOUNTS.admin.email, SEED_ACCOUNTS.admin.password);
    sizes = await pickSizes(db(), 6, 20);
  });
  afterAll(async () => {
    await worker?.stop('SIGKILL');
    await server?.close();
    await smtp?.close();
  });

  it('lists the carriers with tracking templates and insured caps (admin only)', async () => {
    const res = await http().get<{ code: string; trackingUrl: string; insuredCap: number }[]>(
      '/api/admin/carriers',
      { token: admin },
    );
    expect(res.status).toBe(200);
    expect(res.body.map((c) => c.code)).toEqual([
      'bvc',
      'sequel',
      'bluedart',
      'delhivery',
      'indiapost',
    ]);
    expect(res.body.every((c) => c.trackingUrl.includes('{awb}') && c.insuredCap > 0)).toBe(true);
    expect((await http().get('/api/admin/carriers')).status).toBe(401);
  });

  it('ships over REST with carrier and AWB: the order view, the shipped mail and the confirmed mail', async () => {
    const paid = await paidOrder(0);
    const id = paid.order._id;
    expect((await put(id, 'confirmed')).status).toBe(200);
    const beforeShip = Date.now();
    const shipped = await put(id, 'ship', { carrier: 'bluedart', awb: ' 7070 1234 56 ' });
    const afterShip = Date.now();
    expect(shipped.status).toBe(200);
    expect(shipped.body.orderStatus).toBe('SHIPPED');
    const view = await http().get<OrderView>(`/api/orders/${id}`, { token: paid.shopper.token });
    expect(view.body.shipment).toMatchObject({
      carrier: 'Blue Dart',
      carrierCode: 'bluedart',
      awb: '7070123456',
      trackingUrl:
        'https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo=7070123456',
      insuredValue: view.body.totalDiscountedPrice,
    });
    // Stamped while the ship request ran (an order of events, not a duration).
    const shippedAt = Date.parse(view.body.shipment!.shippedAt);
    expect(shippedAt).toBeGreaterThanOrEqual(beforeShip);
    expect(shippedAt).toBeLessThanOrEqual(afterShip);
    // Stored in paise, with the admin who shipped it.
    const row = await db()
      .selectFrom('shipments')
      .selectAll()
      .where('order_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.insured_value_paise).toBe(view.body.totalDiscountedPrice * 100);
    expect(row.actor_user_id).not.toBeNull();

    const to = paid.shopper.email;
    const mail = await eventually(async () =>
      smtp.mails.find((m) => m.to === to && /has shipped/.test(m.subject)),
    );
    expect(mail.text).toContain('Blue Dart · AWB 7070123456');
    expect(mail.html).toContain(
      'href="https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&amp;trackNo=7070123456"',
    );
    // The order link names the shop's own port (PUBLIC_URL unset).
    expect(mail.html).toContain(`http://localhost:${port}/account/orders/${id}/0`);

    // The confirmed mail arrives exactly once.
    const confirmed = await eventually(async () =>
      smtp.mails.find((m) => m.to === to && /confirmed/.test(m.subject)),
    );
    expect(confirmed.subject).toMatch(/^Order [0-9A-F]{8} confirmed$/);
    expect(confirmed.text).toMatch(/preparing your pieces/);
    await eventually(async () => smtp.mails.filter((m) => m.to === to).length >= 3);
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.mails.filter((m) => m.to === to && /confirmed/.test(m.subject))).toHaveLength(1);
  });

  it('ships over tRPC with carrier and AWB; the admin detail carries the shipment', async () => {
    const paid = await paidOrder(1);
    const id = paid.order._id;
    const res = await trpc.mutate<{ done: boolean; order: OrderView }>(
      'orders.move',
      { orderId: id, action: 'ship', carrier: 'bvc', awb: 'BVC-2611-0001', huids: {} },
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.body.result.data.done).toBe(true);
    expect(res.body.result.data.order.shipment).toMatchObject({
      carrier: 'BVC Logistics',
      awb: 'BVC-2611-0001',
      trackingUrl: 'https://www.bvclogistics.com/track-shipment?awb=BVC-2611-0001',
    });
    const detail = await trpc.query<{ order: OrderView }>(
      'orders.adminDetail',
      { orderId: id },
      admin,
    );
    expect(detail.body.result.data.order.shipment?.awb).toBe('BVC-2611-0001');
    const mine = await trpc.query<OrderView[]>('orders.mine', undefined, paid.shopper.token);
    expect(mine.body.result.data[0]!.shipment?.carrier).toBe('BVC Logistics');
  });

  it("keeps the spec's bodiless ship: shipped, no shipment recorded, the mail without a courier", async () => {
    const paid = await paidOrder(2);
    const res = await put(paid.order._id, 'ship');
    expect(res.status).toBe(200);
    expect(res.body.orderStatus).toBe('SHIPPED');
    expect(res.body.shipment).toBeNull();
    const mail = await eventually(async () =>
      smtp.mails.find((m) => m.to === paid.shopper.email && /has shipped/.test(m.subject)),
    );
    expect(mail.text).not.toContain('AWB');
    expect(mail.text).toMatch(/left our workshop/);
  });

  it('refuses an unknown carrier, a bad AWB, a carrier without AWB and a carrier on another move with 400, moving nothing', async () => {
    const paid = await paidOrder(3);
    const id = paid.order._id;
    const unknown = await put(id, 'ship', { carrier: 'pigeon', awb: '123456789' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/Unknown carrier "pigeon": one of bvc, sequel/);
    const badAwb = await put(id, 'ship', { carrier: 'delhivery', awb: 'ab<script>' });
    expect(badAwb.status).toBe(400);
    expect(badAwb.body.message).toMatch(/AWB number is 6–30 letters, digits or hyphens/);
    const noAwb = await put(id, 'ship', { carrier: 'delhivery' });
    expect(noAwb.status).toBe(400);
    expect(noAwb.body.message).toMatch(/Delhivery needs its AWB number/);
    const onConfirm = await put(id, 'confirmed', { carrier: 'delhivery', awb: '1234567890' });
    expect(onConfirm.status).toBe(400);
    expect(onConfirm.body.message).toMatch(/only when shipping/);
    const trpcUnknown = await trpc.mutate(
      'orders.move',
      { orderId: id, action: 'ship', carrier: 'pigeon', awb: '123456789' },
      admin,
    );
    expect(trpcUnknown.status).toBe(400);
    const view = await http().get<OrderView>(`/api/orders/${id}`, { token: admin });
    expect(view.body.orderStatus).toBe('PLACED');
    expect(view.body.shipment).toBeNull();
  });

  it('builds the password reset link from the shop’s own port when PUBLIC_URL is unset', async () => {
    const paid = await paidOrder(4);
    expect((await http().post('/auth/forgot-password', { email: paid.shopper.email })).status).toBe(
      202,
    );
    const reset = await eventually(async () =>
      smtp.mails.find((m) => m.to === paid.shopper.email && /password/i.test(m.subject)),
    );
    expect(reset.text).toContain(`http://localhost:${port}/reset-password?token=`);
  });

  it("lists the day's parcels in the manifest, as JSON, as CSV with formula cells escaped and as a PDF", async () => {
    const paid = await paidOrder(5);
    // A consignee name a spreadsheet would run as a formula.
    await db()
      .updateTable('orders')
      .set({ ship_first_name: '=HYPERLINK("http://evil")' })
      .where('id', '=', paid.order._id)
      .execute();
    const shipped = await put(paid.order._id, 'ship', { carrier: 'sequel', awb: 'SQ-778899' });
    expect(shipped.status).toBe(200);
    // The manifest of the parcel's own day in India (from its stamp, not the test's clock: a run
    // across India's midnight asks for the right day).
    const today = new Date(Date.parse(shipped.body.shipment!.shippedAt) + 330 * 60_000)
      .toISOString()
      .slice(0, 10);
    const json = await http().get<
      { awb: string; carrier: string; insuredValue: number; invoiceNumber: string | null }[]
    >(`/api/admin/shipments/manifest?date=${today}`, { token: admin });
    expect(json.status).toBe(200);
    // The earlier tests' parcels too (unless India's midnight fell between them).
    expect(json.body.at(-1)).toMatchObject({
      awb: 'SQ-778899',
      carrier: 'Sequel Logistics',
      carrierCode: 'sequel',
      insuredValue: paid.order.totalDiscountedPrice,
      phone: paid.order.shippingAddress.mobile,
      invoiceNumber: expect.stringMatching(/^KJ\/\d{4}-\d{2}\/\d{6}$/),
    });
    const csv = await fetch(
      `${server.baseUrl}/api/admin/shipments/manifest?date=${today}&format=csv`,
      {
        headers: { authorization: `Bearer ${admin}` },
      },
    );
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toBe(
      'Order,Invoice,Shipped at (IST),Carrier,AWB,Pieces,Net weight (g),Insured value (INR),Consignee,Phone,City,State,PIN',
    );
    const line = text.split('\r\n').find((l) => l.includes('SQ-778899'))!;
    // India's time of dispatch in ISO with its offset, on the manifest's own day.
    expect(line).toMatch(
      new RegExp(`,${today}T\\d{2}:\\d{2}:\\d{2}\\+05:30,Sequel Logistics,SQ-778899,1,`),
    );
    expect(line).toContain(json.body.at(-1)!.invoiceNumber!);
    expect(text).toContain(`"'=HYPERLINK(""http://evil"") Sharma"`);
    // The printable manifest: the same parcels, read back from the PDF.
    const pdf = await fetch(
      `${server.baseUrl}/api/admin/shipments/manifest?date=${today}&format=pdf`,
      { headers: { authorization: `Bearer ${admin}` } },
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const printed = (
      await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), {
        mergePages: true,
      })
    ).text;
    expect(printed).toContain(`shipments manifest`);
    // India's day as documents write it, and the sender.
    expect(printed).toContain(`Dispatch date ${formatIndiaDate(today)}`);
    expect(printed).not.toContain('UTC');
    expect(printed).toContain('Sender: 12 Residency Road, Bengaluru, Karnataka 560025');
    expect(printed).toContain(json.body.at(-1)!.invoiceNumber!);
    expect(printed).toContain(paid.order.shippingAddress.mobile);
    expect(printed).toContain('SQ-778899');
    expect(printed).toContain('Sequel Logistics');
    expect(printed).toContain(paid.order._id.slice(0, 8).toUpperCase());
    expect(printed).toContain(
      new Intl.NumberFormat('en-IN').format(paid.order.totalDiscountedPrice),
    );
    expect(printed).toMatch(/\d+ parcels?/);
    // One carrier's manifest holds that carrier's parcels only.
    const sequel = await http().get<{ carrier: string }[]>(
      `/api/admin/shipments/manifest?date=${today}&carrier=sequel`,
      { token: admin },
    );
    expect(sequel.body.length).toBeGreaterThan(0);
    expect(sequel.body.every((r) => r.carrier === 'Sequel Logistics')).toBe(true);
    expect(
      (await http().get(`/api/admin/shipments/manifest?date=27-11-2026`, { token: admin })).status,
    ).toBe(400);
    expect((await http().get(`/api/admin/shipments/manifest`)).status).toBe(401);
  });

  it('prints the packing slip with the sender, the return address, the invoice number and India dates', async () => {
    const paid = await paidOrder(3);
    expect(
      (await put(paid.order._id, 'ship', { carrier: 'bluedart', awb: '7070123456' })).status,
    ).toBe(200);
    const res = await fetch(`${server.baseUrl}/api/admin/orders/${paid.order._id}/packing-slip`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = (
      await extractText(await getDocumentProxy(new Uint8Array(await res.arrayBuffer())), {
        mergePages: true,
      })
    ).text;
    const invoice = await db()
      .selectFrom('invoices')
      .select('number')
      .where('order_id', '=', paid.order._id)
      .where('kind', '=', 'INVOICE')
      .executeTakeFirstOrThrow();
    expect(text).toContain('PACKING SLIP');
    expect(text).toContain(invoice.number);
    expect(text).toContain(`#${paid.order._id.slice(0, 8).toUpperCase()}`);
    // The sender block wraps the address over lines: read as one line.
    expect(text.replace(/\s+/g, ' ')).toContain(
      'FROM (SENDER) Kanak Jewellers Private Limited 12 Residency Road, Bengaluru, Karnataka 560025',
    );
    expect(text.replace(/\s+/g, ' ')).toContain(
      'IF UNDELIVERED, RETURN TO Kanak Jewellers Private Limited 12 Residency Road',
    );
    expect(text).toContain(`Shipped: ${formatIndiaDate(new Date())}`);
    expect(text).toContain('Insured value: ₹');
    expect(text).toContain('AWB: 7070123456');
    expect(text).toContain(paid.order.shippingAddress.mobile);
    expect(
      (
        await http().get(`/api/admin/orders/${paid.order._id}/packing-slip`, {
          token: paid.shopper.token,
        })
      ).status,
    ).toBe(403);
  });

  it('attaches the tax invoice to the shipped mail of an order of hallmarked gold shipped with its HUIDs', async () => {
    // A hallmarked 22K piece of 5 g: its invoice waits for the HUID typed at dispatch.
    await db()
      .updateTable('products')
      .set({ hallmark: '22K916' })
      .where('id', '=', sizes[1]!.productId)
      .execute();
    await db()
      .updateTable('product_sizes')
      .set({ weight: '5 g', stock: 50 })
      .where('id', '=', sizes[1]!.sizeId)
      .execute();
    const paid = await paidOrder(1);
    const item = paid.order.orderItems[0]!;
    const invoice = () =>
      fetch(`${server.baseUrl}/api/orders/${paid.order._id}/invoice`, {
        headers: { authorization: `Bearer ${paid.shopper.token}` },
      });
    const waiting = await invoice();
    expect(waiting.status).toBe(409);
    expect(((await waiting.json()) as { message: string }).message).toContain(
      'issued when the order is dispatched',
    );
    const shipped = await put(paid.order._id, 'ship', {
      carrier: 'bluedart',
      awb: '7070654321',
      huids: { [item._id]: ['SHIPD1'] },
    });
    expect(shipped.status).toBe(200);
    const number = await db()
      .selectFrom('invoices')
      .select('number')
      .where('order_id', '=', paid.order._id)
      .where('kind', '=', 'INVOICE')
      .executeTakeFirstOrThrow();
    const mail = await eventually(async () =>
      smtp.mails.find((m) => m.to === paid.shopper.email && /has shipped/.test(m.subject)),
    );
    expect(mail.attachments).toEqual([
      expect.objectContaining({
        filename: `${number.number.replaceAll('/', '-')}.pdf`,
        contentType: 'application/pdf',
      }),
    ]);
    expect((await invoice()).status).toBe(200);
  });
});
