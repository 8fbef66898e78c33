// Cash on delivery: offered within its caps (total, zone, a refused parcel, balances), confirmed
// by the mailed code, cancelled when not confirmed in time, delivered with cash or refused and
// restocked, and the carrier's remittance file matched and recorded once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelUnpaidOrders, type OrderView } from '@kanak/core';
import { SEED_ACCOUNTS } from '@kanak/db';
import {
  formatRupees,
  type AdminOrdersPage,
  type CheckoutOptionsView,
  type PaymentLinkAnswer,
  type RemittanceAnswer,
  type ReturnView,
  type Settlement,
} from '@kanak/shared';
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
  startWorkerProcess,
  type WorkerProcess,
} from './pipeline-support';

type Shopper = Awaited<ReturnType<typeof newCustomer>>;
type Size = { productId: string; sizeId: string };

/** COD_FEE_RUPEES of this file's shop: asked on top of each COD order, invoiced as its own line. */
const FEE = 49;

describe('cash on delivery', () => {
  let server: TestServer;
  let smtp: TestSmtp;
  let worker: WorkerProcess;
  let admin: string;
  let http: ReturnType<typeof httpClient>;
  const db = () => server.database.db;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({ ORDER_WAIT_MS: 10_000, COD_FEE_RUPEES: FEE });
    http = httpClient(server.baseUrl);
    admin = await login(server, SEED_ACCOUNTS.admin.email, SEED_ACCOUNTS.admin.password);
    worker = await startWorkerProcess(server, {
      SMTP_URL: smtp.url,
      MAIL_POLL_MS: '200',
      RECONCILE_EVERY_MS: '0',
    });
  });
  afterAll(async () => {
    await worker?.stop('SIGKILL');
    await server?.close();
    await smtp?.close();
  });

  /** Pieces that need no HUID to ship, priced between the bounds (rupees). */
  async function sizes(count: number, offset: number, min: number, max: number) {
    const rows = await db()
      .selectFrom('product_sizes')
      .innerJoin('products', 'products.id', 'product_sizes.product_id')
      .select(['product_sizes.id as sizeId', 'product_sizes.product_id as productId'])
      .where('products.hallmark', 'is', null)
      .where('product_sizes.position', '=', 0)
      .where('product_sizes.stock', '>=', 5)
      .where('products.discounted_price', '>', min)
      .where('products.discounted_price', '<', max)
      .orderBy('products.title')
      .offset(offset)
      .limit(count)
      .execute();
    expect(rows).toHaveLength(count);
    return rows;
  }

  const stockOf = async (size: Size) =>
    (
      await db()
        .selectFrom('product_sizes')
        .select('stock')
        .where('id', '=', size.sizeId)
        .executeTakeFirstOrThrow()
    ).stock;

  async function orderOf(shopper: Shopper, size: Size, address: Partial<typeof ADDRESS> = {}) {
    await fillCart(db(), shopper.id, [{ ...size, quantity: 1 }]);
    const created = await http.post<OrderView>(
      '/api/orders/',
      { ...ADDRESS, ...address },
      { token: shopper.token },
    );
    expect(created.status).toBe(201);
    return created.body;
  }

  const options = async (shopper: Shopper, orderId: string) => {
    const res = await http.get<CheckoutOptionsView>(`/api/checkout/options?orderId=${orderId}`, {
      token: shopper.token,
    });
    expect(res.status).toBe(200);
    return res.body.cod;
  };
  const chooseCod = (shopper: Shopper, orderId: string) =>
    http.post<PaymentLinkAnswer & { message?: string }>(
      `/api/payment/${orderId}`,
      { method: 'cod' },
      { token: shopper.token },
    );
  const confirm = (shopper: Shopper, orderId: string, code: string) =>
    http.post<OrderView & { message?: string }>(
      `/api/orders/${orderId}/cod/confirm`,
      { code },
      { token: shopper.token },
    );
  /** The code of the latest COD mail to the shopper for the order, read from the SMTP server. */
  const mailedCode = async (shopper: Shopper, orderId: string, after = 0) => {
    const no = orderId.slice(0, 8).toUpperCase();
    const mail = await eventually(async () =>
      smtp.mails
        .filter((m) => m.to === shopper.email && m.subject.startsWith(`Your code for order ${no}`))
        .at(after),
    );
    expect(mail.text).toContain(`/cod/${orderId}?code=`);
    return /: (\d{6})$/.exec(mail.subject)![1]!;
  };
  const ship = (orderId: string, awb: string) =>
    http.put<OrderView>(
      `/api/admin/orders/${orderId}/ship`,
      { carrier: 'delhivery', awb },
      { token: admin },
    );
  const outcome = (orderId: string, value: string) =>
    http.put<OrderView & { message?: string }>(
      `/api/admin/orders/${orderId}/cod`,
      { outcome: value },
      { token: admin },
    );

  /** A shopper's order confirmed for cash on delivery (PLACED). */
  async function confirmedCod(shopper: Shopper, size: Size) {
    const order = await orderOf(shopper, size);
    expect((await chooseCod(shopper, order._id)).status).toBe(200);
    const placed = await confirm(shopper, order._id, await mailedCode(shopper, order._id));
    expect(placed.status).toBe(200);
    expect(placed.body.orderStatus).toBe('PLACED');
    return placed.body;
  }

  it('is offered below the cap at a PIN where the carrier collects cash', async () => {
    const shopper = await newCustomer(server, 'Offered');
    const [size] = await sizes(1, 0, 1_000, 30_000);
    const order = await orderOf(shopper, size!);
    // The fee is said before it is chosen, with what the courier collects.
    expect(await options(shopper, order._id)).toEqual({
      available: true,
      maxRupees: 50_000,
      feeRupees: FEE,
      payOnDeliveryRupees: order.totalDiscountedPrice + FEE,
    });
  });

  it('is refused above COD_MAX_RUPEES, with the reason, at checkout and when chosen', async () => {
    const shopper = await newCustomer(server, 'Dear');
    const [size] = await sizes(1, 0, 60_000, 10_000_000);
    const order = await orderOf(shopper, size!);
    expect(order.totalDiscountedPrice).toBeGreaterThan(50_000);
    const cod = await options(shopper, order._id);
    expect(cod.available).toBe(false);
    expect(cod.reason).toMatch(/up to ₹50,000/);
    const chosen = await chooseCod(shopper, order._id);
    expect(chosen.status).toBe(409);
    expect(chosen.body.message).toBe(cod.reason);
  });

  it('is refused at a PIN whose zone takes no cash (North-East and islands)', async () => {
    const shopper = await newCustomer(server, 'Guwahati');
    const [size] = await sizes(1, 1, 1_000, 30_000);
    const order = await orderOf(shopper, size!, {
      city: 'Guwahati',
      state: 'Assam',
      zipCode: '781001',
    });
    const cod = await options(shopper, order._id);
    expect(cod).toMatchObject({ available: false, maxRupees: 50_000 });
    expect(cod.reason).toMatch(/does not collect cash at PIN 781001/);
    expect((await chooseCod(shopper, order._id)).status).toBe(409);
  });

  it('is refused when store credit pays part of the order', async () => {
    const shopper = await newCustomer(server, 'Credit');
    await db()
      .insertInto('customer_credit_entries')
      .values({
        user_id: shopper.id,
        amount_paise: 100_000,
        source: 'exchange',
        source_id: randomUUID(),
        note: 'Old gold exchanged in store',
        actor_user_id: null,
      })
      .execute();
    const [size] = await sizes(1, 2, 5_000, 30_000);
    const order = await orderOf(shopper, size!);
    expect((await options(shopper, order._id)).available).toBe(true);
    const paid = await http.post(
      `/api/payment/${order._id}`,
      { useStoreCredit: true },
      { token: shopper.token },
    );
    expect(paid.status).toBe(200);
    const cod = await options(shopper, order._id);
    expect(cod.available).toBe(false);
    expect(cod.reason).toMatch(/savings scheme or store credit/);
    // Asking for both at once is refused too.
    const both = await http.post<{ message: string }>(
      `/api/payment/${order._id}`,
      { method: 'cod', useStoreCredit: true },
      { token: shopper.token },
    );
    expect(both.status).toBe(400);
  });

  it('is confirmed by the mailed code (a wrong one is a 400), takes the stock, and is invoiced at dispatch', async () => {
    const shopper = await newCustomer(server, 'Coder');
    const [size] = await sizes(1, 3, 1_000, 30_000);
    const before = await stockOf(size!);
    const order = await orderOf(shopper, size!);
    const chosen = await chooseCod(shopper, order._id);
    expect(chosen.status).toBe(200);
    expect(chosen.body).toEqual({
      orderStatus: 'PENDING',
      cod: { confirmBy: expect.any(String) },
    });
    const confirmBy = Date.parse(chosen.body.cod!.confirmBy);
    expect(confirmBy).toBeGreaterThan(Date.now() + 25 * 60_000);
    const code = await mailedCode(shopper, order._id);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await confirm(shopper, order._id, wrong);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/not right: 4 tries left/);
    expect(await stockOf(size!)).toBe(before);
    // Someone else's order is not theirs to confirm.
    const stranger = await newCustomer(server, 'Stranger');
    expect((await confirm(stranger, order._id, code)).status).toBe(404);

    const placed = await confirm(shopper, order._id, code);
    expect(placed.status).toBe(200);
    expect(placed.body.orderStatus).toBe('PLACED');
    expect(placed.body.payment).toEqual({ method: 'cod', provider: null });
    expect(placed.body.invoice ?? null).toBeNull();
    expect(await stockOf(size!)).toBe(before - 1);
    // The right code again answers the order; no second placement.
    expect((await confirm(shopper, order._id, code)).body.orderStatus).toBe('PLACED');
    expect(await stockOf(size!)).toBe(before - 1);
    const placedMail = await eventually(async () =>
      smtp.mails.find((m) => m.to === shopper.email && /cash on delivery$/.test(m.subject)),
    );
    expect(placedMail.text).toContain(
      `keep ${formatRupees(order.totalDiscountedPrice + FEE)} ready for the courier`,
    );

    const shipped = await ship(order._id, `COD${Date.now()}`);
    expect(shipped.status).toBe(200);
    const view = await http.get<OrderView>(`/api/orders/${order._id}`, { token: shopper.token });
    expect(view.body.orderStatus).toBe('SHIPPED');
    expect(view.body.invoice?.number).toMatch(/^KJ\//);
    const invoice = await db()
      .selectFrom('invoices')
      .select('document')
      .where('order_id', '=', order._id)
      .where('kind', '=', 'INVOICE')
      .executeTakeFirstOrThrow();
    const document = invoice.document as {
      lines: { orderItemId: string; hsn: string; taxable: number; gst: number; total: number }[];
      totals: { total: number };
    };
    expect(document.lines.at(-1)).toMatchObject({
      orderItemId: 'cod-fee',
      hsn: '9968',
      taxable: 48,
      gst: 1,
      total: FEE,
    });
    expect(document.totals.total).toBe(order.totalDiscountedPrice + FEE);
  });

  it('takes no more than five guesses of the code, even fired at once', async () => {
    const shopper = await newCustomer(server, 'Guesser');
    const [size] = await sizes(1, 3, 1_000, 30_000);
    const order = await orderOf(shopper, size!);
    expect((await chooseCod(shopper, order._id)).status).toBe(200);
    const code = await mailedCode(shopper, order._id);
    const guesses = Array.from({ length: 12 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(guesses.map((g) => confirm(shopper, order._id, g)));
    // Five wrong codes are counted (400); every later guess meets the spent code (409).
    expect(answers.filter((a) => a.status === 400)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(7);
    // The right code no longer works either: a new one must be asked for.
    expect((await confirm(shopper, order._id, code)).status).toBe(409);
  });

  it('is cancelled when the code is not given back in time (the clock moved past confirmBy)', async () => {
    const shopper = await newCustomer(server, 'Late');
    const [size] = await sizes(1, 4, 1_000, 30_000);
    const order = await orderOf(shopper, size!);
    const chosen = await chooseCod(shopper, order._id);
    const confirmBy = Date.parse(chosen.body.cod!.confirmBy);
    const code = await mailedCode(shopper, order._id);
    const sweep = (at: number) =>
      cancelUnpaidOrders(db(), { unpaidTtlMs: 40 * 60_000, clock: () => new Date(at) });
    // A minute before the deadline (and past the unpaid TTL, without a link): kept.
    expect((await sweep(confirmBy - 60_000)).map((e) => e.orderId)).not.toContain(order._id);
    const cancelled = await sweep(confirmBy + 1_000);
    expect(cancelled.map((e) => e.orderId)).toContain(order._id);
    const view = await http.get<OrderView>(`/api/orders/${order._id}`, { token: shopper.token });
    expect(view.body.orderStatus).toBe('CANCELLED');
    expect(view.body.statusNote).toBe(
      'Cancelled: cash on delivery not confirmed within 30 minutes',
    );
    const late = await confirm(shopper, order._id, code);
    expect(late.status).toBe(409);
  });

  it('is refused at the door: cancelled, restocked, credit-noted, and the shopper is kept from COD', async () => {
    const shopper = await newCustomer(server, 'Refuser');
    const [size, next] = await sizes(2, 5, 1_000, 30_000);
    const before = await stockOf(size!);
    const placed = await confirmedCod(shopper, size!);
    expect(await stockOf(size!)).toBe(before - 1);
    // Not shipped yet: nothing to refuse.
    expect((await outcome(placed._id, 'refused')).status).toBe(409);
    expect((await ship(placed._id, `RTO${Date.now()}`)).status).toBe(200);
    const refused = await outcome(placed._id, 'refused');
    expect(refused.status).toBe(200);
    expect(refused.body.orderStatus).toBe('CANCELLED');
    expect(refused.body.invoice).not.toBeNull();
    expect(refused.body.creditNote?.number).toMatch(/^KJCN\//);
    expect(refused.body.refundDue).toBe(false);
    expect(await stockOf(size!)).toBe(before);
    // Again: nothing changes; collected afterwards is a 409.
    expect((await outcome(placed._id, 'refused')).status).toBe(200);
    expect(await stockOf(size!)).toBe(before);
    expect((await outcome(placed._id, 'collected')).status).toBe(409);
    const cancelledMail = await eventually(async () =>
      smtp.mails.find((m) => m.to === shopper.email && /cancelled/i.test(m.subject)),
    );
    expect(cancelledMail.subject).not.toMatch(/refund/i);

    const again = await orderOf(shopper, next!);
    const cod = await options(shopper, again._id);
    expect(cod.available).toBe(false);
    expect(cod.reason).toMatch(/refused in the last 90 days/);
    expect((await chooseCod(shopper, again._id)).status).toBe(409);
  });

  it('is delivered with cash, and the remittance file is matched to the rupee, listed and recorded once', async () => {
    const shopper = await newCustomer(server, 'Payer');
    const [a, b, c] = await sizes(3, 7, 1_000, 30_000);
    const first = await confirmedCod(shopper, a!);
    const second = await confirmedCod(shopper, b!);
    const third = await confirmedCod(shopper, c!);
    const awbA = `REMA${Date.now()}`;
    const awbB = `REMB${Date.now()}`;
    const awbC = `REMC${Date.now()}`;
    expect((await ship(first._id, awbA)).status).toBe(200);
    expect((await ship(second._id, awbB)).status).toBe(200);
    expect((await ship(third._id, awbC)).status).toBe(200);
    const collected = await outcome(first._id, 'collected');
    expect(collected.status).toBe(200);
    expect(collected.body.orderStatus).toBe('DELIVERED');
    expect(collected.body.invoice).not.toBeNull();
    expect((await outcome(second._id, 'collected')).body.orderStatus).toBe('DELIVERED');
    expect((await outcome(third._id, 'collected')).body.orderStatus).toBe('DELIVERED');
    // Only an administrator records it.
    expect(
      (
        await http.put(
          `/api/admin/orders/${first._id}/cod`,
          { outcome: 'collected' },
          { token: shopper.token },
        )
      ).status,
    ).toBe(403);

    const dueA = first.totalDiscountedPrice + FEE;
    const dueB = second.totalDiscountedPrice + FEE;
    const dueC = third.totalDiscountedPrice + FEE;
    const csv = [
      'AWB,Amount,Date,Reference',
      `${awbA},${dueA},2026-12-05,UTR-7781`,
      `${awbB},"${dueB - 100}",05-12-2026,UTR-7781`,
      'NOSUCHAWB123,1500,2026-12-05,UTR-7781',
      `${awbC},${dueC + 40},2026-12-05,UTR-7781`,
    ].join('\r\n');
    const codPayments = () =>
      db()
        .selectFrom('payments')
        .select(['order_id', 'amount', 'provider_payment_id', 'status'])
        .where('provider', '=', 'cod')
        .where('order_id', 'in', [first._id, second._id, third._id])
        .orderBy('amount')
        .execute();
    const send = (dryRun?: boolean) =>
      http.post<RemittanceAnswer>(
        '/api/admin/cod/remittances',
        dryRun === undefined ? { csv } : { csv, dryRun },
        { token: admin },
      );

    const dry = await send();
    expect(dry.status).toBe(200);
    expect(dry.body.dryRun).toBe(true);
    expect(dry.body.lines.map((l) => [l.line, l.status, l.orderId])).toEqual([
      [2, 'matched', first._id],
      [3, 'short', second._id],
      [4, 'unmatched', null],
      [5, 'over', third._id],
    ]);
    expect(dry.body.lines[1]!.message).toBe(`₹100 short of ${formatRupees(dueB)}`);
    // Each difference is listed: remitted − due.
    expect(dry.body.lines.map((l) => l.difference)).toEqual([null, -100, null, 40]);
    expect(dry.body.totals).toMatchObject({
      lines: 4,
      matchedRupees: dueA + dueB - 100 + dueC + 40,
      recorded: 0,
      unmatched: 1,
      short: 1,
      over: 1,
      shortRupees: 100,
      overRupees: 40,
    });
    expect(await codPayments()).toEqual([]);

    const applied = await send(false);
    expect(applied.status).toBe(200);
    expect(applied.body.totals).toMatchObject({
      recorded: 3,
      recordedRupees: dueA + dueB - 100 + dueC + 40,
      short: 1,
      shortRupees: 100,
      over: 1,
      overRupees: 40,
      unmatched: 1,
    });
    const rows = await codPayments();
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => [r.status, r.provider_payment_id]).sort()).toEqual(
      [
        ['PAID', `UTR-7781_${awbA}`],
        ['PAID', `UTR-7781_${awbB}`],
        ['PAID', `UTR-7781_${awbC}`],
      ].sort(),
    );
    // The payment is what the carrier remitted; the order keeps the difference, flagged.
    expect(rows.map((r) => r.amount).sort((x, y) => x - y)).toEqual(
      [dueA, dueB - 100, dueC + 40].sort((x, y) => x - y),
    );
    const adminView = (orderId: string) =>
      http.get<OrderView>(`/api/orders/${orderId}`, { token: admin });
    expect((await adminView(second._id)).body.codRemittance).toEqual({
      difference: -100,
      resolved: false,
      note: null,
    });
    expect((await adminView(third._id)).body.codRemittance).toMatchObject({ difference: 40 });
    expect((await adminView(first._id)).body.codRemittance).toBeNull();
    const shopperView = await http.get<OrderView>(`/api/orders/${second._id}`, {
      token: shopper.token,
    });
    expect(shopperView.body.codRemittance).toBeUndefined();
    const view = await http.get<OrderView>(`/api/orders/${first._id}`, { token: shopper.token });
    expect(view.body.payment).toEqual({ method: 'cod', provider: 'cod' });

    const again = await send(false);
    expect(again.body.totals.recorded).toBe(0);
    expect(again.body.lines.map((l) => l.status)).toEqual([
      'recorded',
      'recorded',
      'unmatched',
      'recorded',
    ]);
    expect(await codPayments()).toHaveLength(3);

    // A return of a piece paid in cash: no provider holds that money, so no refund is asked of
    // one; the refund is due, to be paid out by bank transfer, and both sides are told so.
    const itemId = first.orderItems[0]!._id;
    const asked = await http.post<ReturnView>(
      `/api/orders/${first._id}/returns`,
      { kind: 'return', reason: 'Not as pictured', items: [{ orderItemId: itemId }] },
      { token: shopper.token },
    );
    expect(asked.status).toBe(201);
    const move = (action: string, body?: unknown) =>
      http.put<ReturnView>(`/api/admin/returns/${asked.body.id}/${action}`, body, {
        token: admin,
      });
    expect((await move('approve')).status).toBe(200);
    expect((await move('receive', { huids: { [itemId]: [] } })).body.state).toBe('received');
    const refunded = await move('refund');
    expect(refunded.status).toBe(200);
    expect(refunded.body.state).toBe('refunded');
    expect(refunded.body.refundStatus).toBe('due');
    const asks = await db()
      .selectFrom('refunds')
      .select('provider')
      .where('order_id', '=', first._id)
      .execute();
    expect(asks).toEqual([]);
    const log = await db()
      .selectFrom('return_events')
      .select('note')
      .where('return_id', '=', asked.body.id)
      .execute();
    expect(log.map((e) => e.note).join(' | ')).toMatch(
      /paid in cash on delivery, to be paid out by bank transfer/,
    );

    // The settlement owes it back until it is paid: the COD row's owed is the returned amount,
    // listed under refunds due, and COD's net is what the shop keeps.
    const back = refunded.body.amount;
    const settlement = () =>
      http.get<Settlement>('/api/admin/reports/settlement?from=2026-12-05&to=2026-12-05', {
        token: admin,
      });
    const rowA = (s: Settlement) => s.payments.find((p) => p.orderId === first._id)!;
    const owing = await settlement();
    expect(owing.status).toBe(200);
    expect(rowA(owing.body)).toMatchObject({
      amount: dueA,
      invoiced: dueA,
      credited: back,
      refunded: 0,
      owed: back,
      transferDue: back,
      transferPaid: 0,
    });
    expect(owing.body.refundsDue.map((p) => p.orderId)).toContain(first._id);
    const cod = owing.body.byMethod.find((g) => g.method === 'cod')!;
    expect(cod).toMatchObject({ owed: back, short: 100, over: 40 });
    // COD's part of the invoices is the cash due: what came, less what is owed back, plus what
    // the carrier still owes, less what it sent over.
    expect(cod.net).toBe(cod.received - cod.refunded - cod.owed + 100 - 40);
    const rowOf = (s: Settlement, orderId: string) =>
      s.payments.find((p) => p.orderId === orderId)!;
    expect(rowOf(owing.body, second._id)).toMatchObject({
      amount: dueB - 100,
      invoiced: dueB,
      remittanceShort: 100,
      remittanceOver: 0,
      shortResolved: false,
    });
    expect(rowOf(owing.body, third._id)).toMatchObject({
      amount: dueC + 40,
      invoiced: dueC,
      remittanceShort: 0,
      remittanceOver: 40,
      shortResolved: null,
    });
    expect(owing.body.totals).toMatchObject({ codShort: 100, codOver: 40 });
    expect(owing.body.balances).toBe(true);
    expect(owing.body.balancesByMethod).toBe(true);

    // The owner resolves the short one with a note: no longer flagged; the books keep it.
    const resolve = (orderId: string, note: string) =>
      http.put<OrderView & { message?: string }>(
        `/api/admin/orders/${orderId}/cod/remittance`,
        { note },
        { token: admin },
      );
    expect((await resolve(first._id, 'Nothing to resolve')).status).toBe(409);
    expect((await resolve(second._id, '')).status).toBe(400);
    const resolved = await resolve(second._id, 'Carrier paid the ₹100 apart, UTR-7790');
    expect(resolved.status).toBe(200);
    expect(resolved.body.codRemittance).toEqual({
      difference: -100,
      resolved: true,
      note: 'Carrier paid the ₹100 apart, UTR-7790',
    });
    expect((await resolve(second._id, 'Again')).status).toBe(200);
    expect(rowOf((await settlement()).body, second._id)).toMatchObject({
      remittanceShort: 100,
      shortResolved: true,
    });
    const dueOrders = async () =>
      (
        await trpcCalls(() => http).query<AdminOrdersPage>(
          'orders.adminList',
          { refundsDue: true },
          admin,
        )
      ).body.result.data.content.map((o) => o._id);
    expect(await dueOrders()).toContain(first._id);
    const detail = await http.get<OrderView>(`/api/orders/${first._id}`, { token: admin });
    expect(detail.body.refundDue).toBe(true);

    // The owner pays it by bank transfer and records the reference: once.
    const transfer = (reference: string) =>
      http.post<ReturnView & { message?: string }>(
        `/api/admin/returns/${asked.body.id}/bank-transfer`,
        { reference },
        { token: admin },
      );
    expect(
      (
        await http.post(
          `/api/admin/returns/${asked.body.id}/bank-transfer`,
          { reference: 'UTR-1' },
          { token: shopper.token },
        )
      ).status,
    ).toBe(403);
    expect((await transfer('')).status).toBe(400);
    const paid = await transfer('UTR-BANK-4410');
    expect(paid.status).toBe(200);
    expect(paid.body.refundStatus).toBe('paid');
    expect(paid.body.transfer).toMatchObject({ reference: 'UTR-BANK-4410' });
    expect((await transfer('UTR-BANK-4410')).status).toBe(200);
    const other = await transfer('UTR-BANK-9999');
    expect(other.status).toBe(409);
    expect(other.body.message).toMatch(/UTR-BANK-4410/);
    expect(await dueOrders()).not.toContain(first._id);
    const mine = await http.get<ReturnView[]>(`/api/orders/${first._id}/returns`, {
      token: shopper.token,
    });
    expect(mine.body[0]!.refundStatus).toBe('paid');

    const settled = await settlement();
    expect(rowA(settled.body)).toMatchObject({
      refunded: back,
      owed: 0,
      transferDue: 0,
      transferPaid: back,
      transferReference: 'UTR-BANK-4410',
    });
    expect(settled.body.refundsDue.map((p) => p.orderId)).not.toContain(first._id);
    expect(settled.body.refundsPaid.map((p) => p.orderId)).toContain(first._id);
    const csv2 = await fetch(
      `${server.baseUrl}/api/admin/reports/settlement?from=2026-12-05&to=2026-12-05&format=csv`,
      { headers: { authorization: `Bearer ${admin}` } },
    );
    expect(await csv2.text()).toContain('UTR-BANK-4410');
  });

  it('refuses a malformed remittance file with a 400 and answers only administrators', async () => {
    const bad = await http.post<{ message: string }>(
      '/api/admin/cod/remittances',
      { csv: 'AWB,Amount\nX,1' },
      { token: admin },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/date, reference missing/);
    expect((await http.post('/api/admin/cod/remittances', { csv: 'AWB' })).status).toBe(401);
  });

  it('takes the remittance file as a multipart upload too (field file, dryRun), refusing bad uploads in words', async () => {
    const shopper = await newCustomer(server, 'Uploader');
    const [size] = await sizes(1, 11, 1_000, 30_000);
    const order = await confirmedCod(shopper, size!);
    const awb = `UPL${Date.now()}`;
    expect((await ship(order._id, awb)).status).toBe(200);
    expect((await outcome(order._id, 'collected')).body.orderStatus).toBe('DELIVERED');
    const due = order.totalDiscountedPrice + FEE;
    // As a spreadsheet saves it: UTF-8 with a byte-order mark.
    const csv = `\uFEFFAWB,Amount,Date,Reference\r\n${awb},${due},2026-12-05,UTR-UPLOAD-1\r\n`;
    const upload = async (
      parts: {
        file?: { body: string | Uint8Array<ArrayBuffer>; name: string; type: string };
        dryRun?: string;
      },
      token = admin,
    ) => {
      const form = new FormData();
      if (parts.file)
        form.append(
          'file',
          new Blob([parts.file.body], { type: parts.file.type }),
          parts.file.name,
        );
      if (parts.dryRun !== undefined) form.append('dryRun', parts.dryRun);
      const res = await fetch(`${server.baseUrl}/api/admin/cod/remittances`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      return {
        status: res.status,
        body: (await res.json()) as RemittanceAnswer & { message: string },
      };
    };
    const file = { body: csv, name: 'remittance-05-12.csv', type: 'text/csv' };

    const dry = await upload({ file });
    expect(dry.status).toBe(200);
    expect(dry.body.dryRun).toBe(true);
    expect(dry.body.lines.map((l) => [l.line, l.status, l.orderId])).toEqual([
      [2, 'matched', order._id],
    ]);
    const applied = await upload({ file, dryRun: 'false' });
    expect(applied.status).toBe(200);
    expect(applied.body.totals).toMatchObject({ recorded: 1, recordedRupees: due });
    // The same file again, uploaded or as JSON: recorded before, nothing added.
    const again = await upload({ file, dryRun: 'false' });
    expect(again.body.lines.map((l) => l.status)).toEqual(['recorded']);
    const json = await http.post<RemittanceAnswer>(
      '/api/admin/cod/remittances',
      { csv, dryRun: false },
      { token: admin },
    );
    expect(json.body.lines.map((l) => l.status)).toEqual(['recorded']);
    const paid = await db()
      .selectFrom('payments')
      .select(['amount', 'provider_payment_id'])
      .where('order_id', '=', order._id)
      .where('provider', '=', 'cod')
      .execute();
    expect(paid).toEqual([{ amount: due, provider_payment_id: `UTR-UPLOAD-1_${awb}` }]);

    // Bad uploads: each a 4xx that says what to send.
    const refusals = [
      [await upload({ dryRun: 'true' }), 400, /Attach the remittance CSV .* field "file"/],
      [
        await upload({
          file: {
            body: new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
            name: 'scan.png',
            type: 'image/png',
          },
        }),
        400,
        /must be a CSV/,
      ],
      [
        await upload({
          file: { body: new Uint8Array([0x41, 0, 0xff, 0xfe]), name: 'x.csv', type: 'text/csv' },
        }),
        400,
        /not text/,
      ],
      [await upload({ file: { ...file, body: '' } }), 400, /empty/],
      [
        await upload({ file: { ...file, body: 'A'.repeat(2_000_001) } }),
        413,
        /too large: at most 2 MB/,
      ],
      [await upload({ file, dryRun: 'maybe' }), 400, /dryRun must be true or false/],
    ] as const;
    for (const [res, status, message] of refusals) {
      expect(res.status).toBe(status);
      expect(res.body.message).toMatch(message);
    }
    expect((await upload({ file }, shopper.token)).status).toBe(403);
    // An upload of a bare form field the path does not know is refused too.
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'r.csv');
    form.append('apply', 'yes');
    const unknown = await fetch(`${server.baseUrl}/api/admin/cod/remittances`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { message: string }).message).toMatch(
      /Unknown field "apply"/,
    );
  });
});
