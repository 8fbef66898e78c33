// Tenders ("Redemption at checkout", "exchange credit usable at checkout"): an
// order paid wholly or partly from a matured savings scheme or store credit, the rest by a
// sandbox payment link confirmed by a real worker. The balance is spent once, comes back on a
// cancel, and is never paid out as cash.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  createSandboxProvider,
  DomainError,
  payOrder,
  type OrderView,
} from '@kanak/core';
import { SEED_ACCOUNTS } from '@kanak/db';
import {
  formatRupees,
  indiaDate,
  type PaymentLinkAnswer,
  type SchemeEnrolment,
  type Settlement,
} from '@kanak/shared';
import { httpClient, startTestServer, type TestServer } from '@kanak/testkit';
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

describe('paying an order from a scheme balance or store credit', () => {
  let server: TestServer;
  let http: ReturnType<typeof httpClient>;
  let admin: string;
  let worker: WorkerProcess;
  const today = indiaDate(new Date());

  beforeAll(async () => {
    server = await startTestServer({ ORDER_WAIT_MS: 10_000 });
    http = httpClient(server.baseUrl);
    admin = await login(server, SEED_ACCOUNTS.admin.email, SEED_ACCOUNTS.admin.password);
    worker = await startWorkerProcess(server, { RECONCILE_EVERY_MS: '0' });
  });
  afterAll(async () => {
    await worker?.stop('SIGKILL');
    await server?.close();
  });

  const db = () => server.database.db;

  /** Sizes of pieces that need no HUID (so the invoice can be read before dispatch), by price. */
  async function sizes(count: number, offset: number) {
    const rows = await db()
      .selectFrom('product_sizes')
      .innerJoin('products', 'products.id', 'product_sizes.product_id')
      .select(['product_sizes.id as sizeId', 'product_sizes.product_id as productId'])
      .where('products.hallmark', 'is', null)
      .where('product_sizes.position', '=', 0)
      .where('product_sizes.stock', '>=', 5)
      .where('products.discounted_price', '>', 20_000)
      .where('products.discounted_price', '<', 120_000)
      .orderBy('products.title')
      .offset(offset)
      .limit(count)
      .execute();
    expect(rows).toHaveLength(count);
    return rows;
  }

  /** A PENDING order of the shopper for one piece. */
  async function orderOf(shopper: Shopper, size: { productId: string; sizeId: string }) {
    await fillCart(db(), shopper.id, [{ ...size, quantity: 1 }]);
    const created = await http.post<OrderView>('/api/orders/', ADDRESS, { token: shopper.token });
    expect(created.status).toBe(201);
    return created.body;
  }

  /**
   * A matured enrolment of the shopper in the seeded plan (10 instalments, bonus 75 % of one):
   * its 10 instalments written as paid from 10 months ago, so it matures today and is redeemable
   * for 30 days. Balance = 10.75 × instalment.
   */
  async function maturedScheme(shopper: Shopper, instalment: number) {
    const plan = await db()
      .selectFrom('scheme_plans')
      .select('id')
      .where('paused', '=', false)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const res = await http.post<{ id: string }>(
      '/api/schemes/enrolments',
      { planId: plan.id, instalment },
      { token: shopper.token },
    );
    expect(res.status).toBe(201);
    const id = res.body.id;
    const started = addMonths(today, -10);
    await db().deleteFrom('scheme_payments').where('enrolment_id', '=', id).execute();
    for (let n = 1; n <= 10; n++)
      await db()
        .insertInto('scheme_payments')
        .values({
          enrolment_id: id,
          n,
          provider: 'sandbox',
          payment_link_id: `plink_tender_${id}_${n}`,
          payment_link_url: 'http://unused.test',
          provider_payment_id: `pay_tender_${id.slice(0, 8)}_${n}`,
          status: 'PAID',
          amount: instalment,
          paid_at: new Date(`${addMonths(started, n - 1)}T06:00:00Z`),
          expires_at: new Date(`${addMonths(started, n - 1)}T12:00:00Z`),
        })
        .execute();
    await db()
      .updateTable('scheme_enrolments')
      .set({ started_on: started, state: 'MATURED', matured_at: new Date() })
      .where('id', '=', id)
      .execute();
    return id;
  }

  const scheme = async (shopper: Shopper, id: string) =>
    (await http.get<SchemeEnrolment>(`/api/schemes/enrolments/${id}`, { token: shopper.token }))
      .body;
  const pay = (shopper: Shopper, orderId: string, body?: object) =>
    http.post<PaymentLinkAnswer & { message?: string }>(`/api/payment/${orderId}`, body, {
      token: shopper.token,
    });
  const orderView = async (shopper: Shopper, orderId: string) =>
    (await http.get<OrderView>(`/api/orders/${orderId}`, { token: shopper.token })).body;

  /** Pays a sandbox link as the hosted page's Pay button does, and comes back. */
  async function payLink(shopper: Shopper, orderId: string, url: string) {
    const html = await (await fetch(url)).text();
    const href = new URL(/id="pay" href="([^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&'));
    const paymentId = href.searchParams.get('razorpay_payment_id')!;
    const back = await http.get<{ status: string }>(
      `/api/payment?payment_id=${paymentId}&order_id=${orderId}`,
      { token: shopper.token },
    );
    expect(back.status).toBe(200);
    expect(back.body.status).toBe('PAID');
    return paymentId;
  }

  async function cancelByShop(orderId: string) {
    const res = await http.put(`/api/admin/orders/${orderId}/cancel`, undefined, { token: admin });
    expect([200, 202]).toContain(res.status);
    await eventually(async () => {
      const row = await db()
        .selectFrom('orders')
        .select('status')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      return row.status === 'CANCELLED';
    });
  }

  const pdfText = async (shopper: Shopper, path: string) => {
    const pdf = await fetch(`${server.baseUrl}${path}`, {
      headers: { authorization: `Bearer ${shopper.token}` },
    });
    expect(pdf.status).toBe(200);
    return (
      await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), {
        mergePages: true,
      })
    ).text;
  };
  const invoiceText = (shopper: Shopper, orderId: string) =>
    pdfText(shopper, `/api/orders/${orderId}/invoice`);

  it('whole: a scheme balance pays it all; the order is placed at once (stock, invoice), no link', async () => {
    const shopper = await newCustomer(server, 'Whole');
    const [size] = await sizes(1, 0);
    const order = await orderOf(shopper, size!);
    const total = order.totalDiscountedPrice;
    const instalment = 1000 + 500 * Math.ceil(Math.max(0, total / 10.75 - 1000) / 500);
    const schemeId = await maturedScheme(shopper, instalment);
    const balance = (await scheme(shopper, schemeId)).balance;
    expect(balance).toBe(instalment * 10.75);
    const stockBefore = await db()
      .selectFrom('product_sizes')
      .select('stock')
      .where('id', '=', size!.sizeId)
      .executeTakeFirstOrThrow();

    const res = await pay(shopper, order._id, { schemeEnrolmentId: schemeId });
    expect(res.status).toBe(200);
    expect(res.body.payment_link_url).toBeUndefined();
    expect(res.body).toMatchObject({ orderStatus: 'PLACED', toPay: 0 });
    expect(res.body.tenders).toEqual([
      expect.objectContaining({ kind: 'scheme', amount: total, status: 'SPENT' }),
    ]);
    // No payment link was made for it.
    const links = await db()
      .selectFrom('payments')
      .select('id')
      .where('order_id', '=', order._id)
      .execute();
    expect(links).toEqual([]);

    const view = await orderView(shopper, order._id);
    expect(view.orderStatus).toBe('PLACED');
    expect(view.invoice?.number).toBeTruthy();
    expect(view.tenders).toEqual([
      expect.objectContaining({ kind: 'scheme', amount: total, status: 'SPENT' }),
    ]);
    const stockAfter = await db()
      .selectFrom('product_sizes')
      .select('stock')
      .where('id', '=', size!.sizeId)
      .executeTakeFirstOrThrow();
    expect(stockAfter.stock).toBe(stockBefore.stock - 1);
    // The order's record says which balance paid it, and how much.
    const placedEvent = await db()
      .selectFrom('order_events')
      .select('note')
      .where('order_id', '=', order._id)
      .where('to_status', '=', 'PLACED')
      .executeTakeFirstOrThrow();
    expect(placedEvent.note).toBe(
      `Paid in full from the shopper’s balances: savings scheme ${formatRupees(total)}`,
    );
    // The order-placed mail is queued with the placement, as for a link payment.
    const mails = await db()
      .selectFrom('notifications')
      .select('id')
      .where('order_id', '=', order._id)
      .execute();
    expect(mails.length).toBeGreaterThan(0);
    // The scheme's balance is what is left; the owner's liability counts the redeemed amount.
    const after = await scheme(shopper, schemeId);
    expect(after.balance).toBe(balance - total);
    expect(after.redeemed).toBe(total);
    // The statement says where the balance went: the bonus added, the spent line, what is left.
    const statement = await pdfText(shopper, `/api/schemes/enrolments/${schemeId}/statement`);
    expect(statement).toContain('(added)');
    expect(statement).toContain(
      `Spent on orders (or held by an order being paid): ₹${total.toLocaleString('en-IN')}`,
    );
    // Asking again changes nothing: the order is no longer payable.
    expect((await pay(shopper, order._id, { schemeEnrolmentId: schemeId })).status).toBe(409);

    // Cancelled by the shop: the balance goes back to the scheme; nothing is owed as cash.
    await cancelByShop(order._id);
    expect((await scheme(shopper, schemeId)).balance).toBe(balance);
    const refund = await http.post<{ message: string }>(
      `/api/admin/orders/${order._id}/refund`,
      undefined,
      { token: admin },
    );
    expect(refund.status).toBe(409);
    expect(refund.body.message).toContain('never paid out as cash');
    expect((await orderView(shopper, order._id)).tenders).toEqual([
      expect.objectContaining({ kind: 'scheme', status: 'RETURNED' }),
    ]);
  });

  it('an order with nothing to pay is not placed: a ₹0 line cannot be ordered, a ₹0 order cannot be paid', async () => {
    // Before: a piece priced 0 made an order of ₹0, and POST /api/payment/{id} placed it with no
    // payment row, took the stock and numbered an invoice.
    const shopper = await newCustomer(server, 'Free');
    const [size] = await sizes(1, 3);
    const stockOf = async () =>
      (
        await db()
          .selectFrom('product_sizes')
          .select('stock')
          .where('id', '=', size!.sizeId)
          .executeTakeFirstOrThrow()
      ).stock;
    const stockBefore = await stockOf();
    const order = await orderOf(shopper, size!);
    // The order's price is 0, as a piece priced 0 before the ₹1 rule made it.
    await db()
      .updateTable('orders')
      .set({ total_price: 0, total_discounted_price: 0, discount: 0 })
      .where('id', '=', order._id)
      .execute();
    await db()
      .updateTable('order_items')
      .set({ price: 0, discounted_price: 0 })
      .where('order_id', '=', order._id)
      .execute();
    const res = await pay(shopper, order._id);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/totals ₹0 and no balance pays it: it cannot be placed/);
    expect((await orderView(shopper, order._id)).orderStatus).toBe('PENDING');
    expect(await stockOf()).toBe(stockBefore);
    const invoices = await db()
      .selectFrom('invoices')
      .select('id')
      .where('order_id', '=', order._id)
      .execute();
    expect(invoices).toEqual([]);

    // A piece whose stored price is 0 (written before the rule) cannot be ordered at all.
    const priced = await db()
      .selectFrom('products')
      .innerJoin('product_sizes', 'product_sizes.product_id', 'products.id')
      .select(['products.discounted_price', 'product_sizes.discounted_price as sizePrice'])
      .where('product_sizes.id', '=', size!.sizeId)
      .executeTakeFirstOrThrow();
    const setPrice = async (product: number, sizePrice: number | null) => {
      await db()
        .updateTable('products')
        .set({ discounted_price: product })
        .where('id', '=', size!.productId)
        .execute();
      await db()
        .updateTable('product_sizes')
        .set({ discounted_price: sizePrice })
        .where('id', '=', size!.sizeId)
        .execute();
    };
    await setPrice(0, priced.sizePrice === null ? null : 0);
    try {
      const again = await newCustomer(server, 'Free2');
      await fillCart(db(), again.id, [{ ...size!, quantity: 1 }]);
      const created = await http.post<{ message: string }>('/api/orders/', ADDRESS, {
        token: again.token,
      });
      expect(created.status).toBe(409);
      expect(created.body.message).toMatch(/has no price at the moment and cannot be ordered/);
    } finally {
      await setPrice(priced.discounted_price, priced.sizePrice);
    }
  });

  it('partial: the scheme pays its balance, a link the rest; the invoice names both; a cancel refunds the link part only', async () => {
    const shopper = await newCustomer(server, 'Partial');
    const [size] = await sizes(1, 1);
    const order = await orderOf(shopper, size!);
    const total = order.totalDiscountedPrice;
    const schemeId = await maturedScheme(shopper, 1000);
    const balance = 10_750;
    expect(total).toBeGreaterThan(balance);

    const res = await pay(shopper, order._id, { schemeEnrolmentId: schemeId });
    expect(res.status).toBe(200);
    expect(res.body.toPay).toBe(total - balance);
    expect(res.body.tenders).toEqual([
      expect.objectContaining({ kind: 'scheme', amount: balance, status: 'HELD' }),
    ]);
    const link = await db()
      .selectFrom('payments')
      .select(['amount', 'payment_link_url'])
      .where('order_id', '=', order._id)
      .where('status', '=', 'CREATED')
      .executeTakeFirstOrThrow();
    expect(link.amount).toBe(total - balance);
    expect(link.payment_link_url).toBe(res.body.payment_link_url);
    // Held by the unpaid order: nothing left to spend, not yet redeemed in the owner's books.
    expect((await scheme(shopper, schemeId)).balance).toBe(0);
    // "Pay now" again (no body) reuses the link for the rest; the tender stays as it is.
    const again = await pay(shopper, order._id);
    expect(again.body.payment_link_url).toBe(res.body.payment_link_url);
    expect(again.body.toPay).toBe(total - balance);

    const paymentId = await payLink(shopper, order._id, res.body.payment_link_url!);
    const placed = await orderView(shopper, order._id);
    expect(placed.orderStatus).toBe('PLACED');
    expect(placed.tenders).toEqual([
      expect.objectContaining({ kind: 'scheme', amount: balance, status: 'SPENT' }),
    ]);
    const book = await http.get<{
      liability: { paid: number; bonus: number; redeemed: number; total: number };
    }>('/api/admin/schemes/enrolments', { token: admin });
    // Liability = Σ paid + Σ bonus committed − Σ redeemed, recomputed here from the rows.
    const figures = await sql<{ paid: number; bonus: number; redeemed: number }>`
      SELECT
        (SELECT coalesce(sum(p.amount), 0) FROM scheme_payments p
           JOIN scheme_enrolments e ON e.id = p.enrolment_id
          WHERE p.status = 'PAID' AND e.state NOT IN ('PENDING', 'CLOSED'))::float AS paid,
        (SELECT coalesce(sum(e.instalment * e.bonus_percent / 100.0), 0) FROM scheme_enrolments e
          WHERE e.state IN ('MATURED', 'REDEEMED'))::float AS bonus,
        (SELECT coalesce(sum(t.amount_paise), 0) / 100.0 FROM order_tenders t
          WHERE t.kind = 'scheme' AND t.status = 'SPENT')::float AS redeemed`.execute(db());
    const row = figures.rows[0]!;
    expect(row.redeemed).toBeGreaterThanOrEqual(balance);
    expect(book.body.liability).toEqual({
      paid: row.paid,
      bonus: row.bonus,
      redeemed: row.redeemed,
      total: row.paid + row.bonus - row.redeemed,
    });

    const text = await invoiceText(shopper, order._id);
    expect(text).toContain('Paid by');
    const rupees = (n: number) => n.toLocaleString('en-IN');
    expect(text).toMatch(new RegExp(`Savings scheme: Swarna Nidhi[^\\n]*: ₹${rupees(balance)}`));
    expect(text).toContain(`Payment link (${paymentId}): ₹${rupees(total - balance)}`);

    // Cancelled after payment: the link's payment is owed back, the scheme gets its balance.
    await cancelByShop(order._id);
    const owed = await db()
      .selectFrom('payments')
      .select(['amount', 'status'])
      .where('order_id', '=', order._id)
      .execute();
    expect(owed).toEqual([{ amount: total - balance, status: 'REFUND_PENDING' }]);
    expect((await scheme(shopper, schemeId)).balance).toBe(balance);
    expect((await scheme(shopper, schemeId)).state).toBe('MATURED');
    const refund = await http.post(`/api/admin/orders/${order._id}/refund`, undefined, {
      token: admin,
    });
    expect(refund.status).toBe(200);
    const refunds = await db()
      .selectFrom('refunds')
      .select('amount')
      .where('order_id', '=', order._id)
      .execute();
    expect(refunds).toEqual([{ amount: total - balance }]);
  });

  it('two tabs spending one scheme balance at once: exactly one order gets it', async () => {
    const shopper = await newCustomer(server, 'Twotabs');
    const [a, b] = await sizes(2, 2);
    const first = await orderOf(shopper, a!);
    const second = await orderOf(shopper, b!);
    const schemeId = await maturedScheme(shopper, 1000);
    const [x, y] = await Promise.all([
      pay(shopper, first._id, { schemeEnrolmentId: schemeId }),
      pay(shopper, second._id, { schemeEnrolmentId: schemeId }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const refused = x.status === 409 ? x : y;
    expect(refused.body.message).toContain('already spent');
    const tenders = await db()
      .selectFrom('order_tenders')
      .select(['amount_paise', 'status'])
      .where('enrolment_id', '=', schemeId)
      .execute();
    expect(tenders).toEqual([{ amount_paise: 1_075_000, status: 'HELD' }]);

    // The same order in two tabs: one tender, one link.
    const third = await orderOf(shopper, a!);
    const other = await maturedScheme(shopper, 1000);
    const [p, q] = await Promise.all([
      pay(shopper, third._id, { schemeEnrolmentId: other }),
      pay(shopper, third._id, { schemeEnrolmentId: other }),
    ]);
    expect([p.status, q.status]).toEqual([200, 200]);
    expect(p.body.payment_link_url).toBe(q.body.payment_link_url);
    const held = await db()
      .selectFrom('order_tenders')
      .select('id')
      .where('order_id', '=', third._id)
      .execute();
    expect(held).toHaveLength(1);
  });

  it('exchange credit is spent at checkout once under two tabs, and comes back when the order is cancelled', async () => {
    const shopper = await newCustomer(server, 'Credit');
    await db()
      .insertInto('customer_credit_entries')
      .values({
        user_id: shopper.id,
        amount_paise: 500_000,
        source: 'exchange',
        source_id: randomUUID(),
        note: 'Old gold exchanged in store',
        actor_user_id: null,
      })
      .execute();
    const [a, b] = await sizes(2, 4);
    const first = await orderOf(shopper, a!);
    const second = await orderOf(shopper, b!);
    const [x, y] = await Promise.all([
      pay(shopper, first._id, { useStoreCredit: true }),
      pay(shopper, second._id, { useStoreCredit: true }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const won = x.status === 200 ? { res: x, order: first } : { res: y, order: second };
    expect(won.res.body.tenders).toEqual([
      expect.objectContaining({ kind: 'store_credit', amount: 5000, status: 'HELD' }),
    ]);
    expect(won.res.body.toPay).toBe(won.order.totalDiscountedPrice - 5000);
    const credit = async () =>
      (await http.get<{ balance: number }>('/api/exchange/credit', { token: shopper.token })).body
        .balance;
    expect(await credit()).toBe(0);

    // The unpaid order cancelled: the credit is booked back, once.
    await cancelByShop(won.order._id);
    expect(await credit()).toBe(5000);
    await cancelByShop(won.order._id).catch(() => undefined);
    expect(await credit()).toBe(5000);
  });

  it('only a matured scheme within its redemption window pays (the clock is injected)', async () => {
    const shopper = await newCustomer(server, 'Window');
    const [size] = await sizes(1, 6);
    const order = await orderOf(shopper, size!);
    const schemeId = await maturedScheme(shopper, 1000);
    const user = { id: shopper.id, role: 'CUSTOMER' as const };
    const provider = createSandboxProvider(server.config.PAYMENT_SANDBOX_SECRET);
    const origins = { server: server.baseUrl, web: server.baseUrl };
    const at = (date: string) => () => new Date(`${date}T06:00:00Z`);
    const attempt = (date: string) =>
      payOrder({
        db: db(),
        provider,
        user,
        input: { orderId: order._id, schemeEnrolmentId: schemeId },
        origins,
        ttlMinutes: 30,
        clock: at(date),
      }).then(
        () => 'paid',
        (e: DomainError) => e.message,
      );
    // The seeded plan redeems within 30 days of maturity (today).
    expect(await attempt(addDays(today, 31))).toContain('redemption window closed');
    expect(await attempt(addDays(today, -1))).toContain('not matured yet');
    // Not matured by the scheduler: refused whatever the date.
    await db()
      .updateTable('scheme_enrolments')
      .set({ state: 'ACTIVE' })
      .where('id', '=', schemeId)
      .execute();
    expect(await attempt(today)).toContain('only a matured scheme');
    // Another shopper's scheme is not found.
    const stranger = await newCustomer(server, 'Stranger');
    const theirs = await orderOf(stranger, size!);
    const res = await pay(stranger, theirs._id, { schemeEnrolmentId: schemeId });
    expect(res.status).toBe(404);
    expect(
      await db()
        .selectFrom('order_tenders')
        .select('id')
        .where('order_id', '=', order._id)
        .execute(),
    ).toEqual([]);
  });
  it("the settlement counts what tenders paid: placed orders' rows balance, no invoice is left without a payment", async () => {
    const [a, b, c] = await sizes(3, 0);
    // Partly by a scheme's balance, the rest by a link.
    const saver = await newCustomer(server, 'Settlescheme');
    const bySchemeOrder = await orderOf(saver, a!);
    const schemeId = await maturedScheme(saver, 1000);
    const schemeBalance = 10_750;
    const bySchemeRes = await pay(saver, bySchemeOrder._id, { schemeEnrolmentId: schemeId });
    expect(bySchemeRes.body.toPay).toBe(bySchemeOrder.totalDiscountedPrice - schemeBalance);
    const schemePayment = await payLink(
      saver,
      bySchemeOrder._id,
      bySchemeRes.body.payment_link_url!,
    );
    // Partly by store credit, the rest by a link.
    const holder = await newCustomer(server, 'Settlecredit');
    await db()
      .insertInto('customer_credit_entries')
      .values({
        user_id: holder.id,
        amount_paise: 300_000,
        source: 'exchange',
        source_id: randomUUID(),
        note: 'Old gold exchanged in store',
        actor_user_id: null,
      })
      .execute();
    const byCreditOrder = await orderOf(holder, b!);
    const byCreditRes = await pay(holder, byCreditOrder._id, { useStoreCredit: true });
    expect(byCreditRes.body.toPay).toBe(byCreditOrder.totalDiscountedPrice - 3000);
    const creditPayment = await payLink(
      holder,
      byCreditOrder._id,
      byCreditRes.body.payment_link_url!,
    );
    // Wholly by a scheme's balance: an invoice and no payment row.
    const whole = await newCustomer(server, 'Settlewhole');
    const wholeOrder = await orderOf(whole, c!);
    const wholeTotal = wholeOrder.totalDiscountedPrice;
    const instalment = 1000 + 500 * Math.ceil(Math.max(0, wholeTotal / 10.75 - 1000) / 500);
    const wholeScheme = await maturedScheme(whole, instalment);
    const wholeRes = await pay(whole, wholeOrder._id, { schemeEnrolmentId: wholeScheme });
    expect(wholeRes.body).toMatchObject({ orderStatus: 'PLACED', toPay: 0 });
    await eventually(async () =>
      Boolean(
        await db()
          .selectFrom('invoices')
          .select('id')
          .where('order_id', 'in', [bySchemeOrder._id, byCreditOrder._id, wholeOrder._id])
          .where('kind', '=', 'INVOICE')
          .execute()
          .then((rows) => rows.length === 3),
      ),
    );

    const res = await http.get<Settlement>(
      `/api/admin/reports/settlement?from=${today}&to=${today}`,
      { token: admin },
    );
    expect(res.status).toBe(200);
    const report = res.body;
    const rowOf = (paymentId: string) =>
      report.payments.find((p) => p.providerPaymentId === paymentId);
    expect(rowOf(schemePayment)).toMatchObject({
      amount: bySchemeOrder.totalDiscountedPrice - schemeBalance,
      invoiced: bySchemeOrder.totalDiscountedPrice,
      schemeSpent: schemeBalance,
      creditSpent: 0,
    });
    expect(rowOf(creditPayment)).toMatchObject({
      amount: byCreditOrder.totalDiscountedPrice - 3000,
      invoiced: byCreditOrder.totalDiscountedPrice,
      schemeSpent: 0,
      creditSpent: 3000,
    });
    // Every row balances by itself, and so do the totals (the earlier tests' orders too: cancelled,
    // their tenders returned and their links owed or refunded).
    for (const p of report.payments)
      expect(p.amount - p.refunded).toBe(
        p.invoiced - p.credited + p.owed + p.creditIssued - p.creditSpent - p.schemeSpent,
      );
    // The wholly scheme-paid order is a row of its own: no money, its invoice paid by the scheme.
    expect(report.payments.find((p) => p.orderId === wholeOrder._id)).toMatchObject({
      method: 'balances',
      amount: 0,
      invoiced: wholeTotal,
      schemeSpent: wholeTotal,
    });
    // The totals count every invoiced order's spent tenders (earlier tests' orders too).
    const spent = await db()
      .selectFrom('order_tenders')
      .innerJoin('invoices', 'invoices.order_id', 'order_tenders.order_id')
      .select(['order_tenders.kind', sql<string>`sum(order_tenders.amount_paise)`.as('paise')])
      .where('order_tenders.status', '=', 'SPENT')
      .where('invoices.kind', '=', 'INVOICE')
      .where('invoices.issued_at', '>=', new Date(`${today}T00:00:00+05:30`))
      .groupBy('order_tenders.kind')
      .execute();
    const spentOf = (kind: string) => Number(spent.find((r) => r.kind === kind)?.paise ?? 0) / 100;
    const t = report.totals;
    expect(spentOf('scheme')).toBeGreaterThanOrEqual(schemeBalance + wholeTotal);
    expect(t.schemeSpent).toBe(spentOf('scheme'));
    expect(t.creditSpent).toBe(spentOf('store_credit'));
    expect(t.received - t.refunded).toBe(
      t.invoiced - t.credited + t.owed + t.creditIssued - t.creditSpent - t.schemeSpent,
    );
    expect(report.balances).toBe(true);
    // The wholly tendered invoice (and the first test's, spent then returned on its cancel) is paid.
    expect(report.invoicesWithoutPayment).toEqual([]);
  });
});
