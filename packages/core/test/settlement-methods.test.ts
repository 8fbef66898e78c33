import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMonths,
  addToCart,
  confirmPayment,
  createOrderFromCart,
  createProviderSet,
  createSandboxProvider,
  istDay,
  payOrder,
  renderNotification,
  SAMPLE_GSTIN,
  salesRegister,
  sandboxRefundStore,
  sellerOf,
  settlementCsv,
  settlementJson,
  settlementReport,
  type AuthUser,
  type PaymentProviders,
} from '@kanak/core';
import type { CreditSource } from '@kanak/db';
import { formatRupees, type Settlement } from '@kanak/shared';
import { createTestDatabase, NO_LIMITS, type TestDatabase } from '@kanak/testkit';
import { ADDRESS, newCustomer, ORIGINS } from './support';

const SECRET = 'core-tests-settlement-methods';

/**
 * A seeded month paid every way the shop takes: online at two providers, a savings scheme's
 * balance, store credit, credit from old gold exchanged, and orders mixing them (one paid by a
 * scheme and store credit with no money at all). The settlement lists every invoice the register
 * lists, balances to the rupee, splits it by method and provider, shows the instalments owed
 * back, and its JSON and CSV agree; the placed mail of a balance-paid order names its balances.
 */
describe('the settlement by method and provider', () => {
  let database: TestDatabase;
  const db = () => database.db;
  const today = istDay(new Date());
  const range = { from: `${today.slice(0, 7)}-01`, to: today };
  const seller = sellerOf({
    SELLER_LEGAL_NAME: 'Kanak Jewellers Pvt Ltd',
    SELLER_ADDRESS: '12 Residency Road, Bengaluru',
    SELLER_STATE: 'Karnataka',
    SELLER_GSTIN: SAMPLE_GSTIN,
  });
  const shop = { name: 'Kanak Jewellers', supportEmail: 'care@kanak.shop', url: 'http://shop' };
  let sandbox: ReturnType<typeof createSandboxProvider>;
  let razorpay: ReturnType<typeof createSandboxProvider>;
  let viaSandbox: PaymentProviders;
  let viaRazorpay: PaymentProviders;
  let sizes: { productId: string; weight: string; price: number }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const store = sandboxRefundStore(db(), SECRET);
    sandbox = createSandboxProvider(SECRET, store);
    // A second provider: the sandbox's links under Razorpay's name (the settlement reads the
    // provider each payment row names).
    razorpay = { ...createSandboxProvider(SECRET, store), name: 'razorpay' };
    viaSandbox = createProviderSet([sandbox, razorpay]);
    viaRazorpay = createProviderSet([razorpay, sandbox]);
    await db().updateTable('product_sizes').set({ stock: 20 }).execute();
    // The demo seed's payments and documents go to an earlier month: this month is this test's.
    await sql`UPDATE payments SET received_at = received_at - interval '62 days'`.execute(db());
    await sql`UPDATE invoices SET issued_at = issued_at - interval '62 days'`.execute(db());
    const rows = await db()
      .selectFrom('product_sizes as s')
      .innerJoin('products as p', 'p.id', 's.product_id')
      .select(['s.product_id', 's.weight'])
      .select((eb) => eb.fn.coalesce('s.discounted_price', 'p.discounted_price').as('price'))
      .where('p.status', '=', 'live')
      .orderBy('s.id')
      .execute();
    sizes = rows.map((r) => ({
      productId: r.product_id,
      weight: r.weight,
      price: Number(r.price),
    }));
  });
  afterAll(() => database.drop());

  /** A PENDING order of one piece priced within the bounds, for a new customer. */
  async function pendingOrder(label: string, [min, max]: [number, number]) {
    const user = await newCustomer(db(), label);
    const index = sizes.findIndex((s) => s.price >= min && s.price <= max);
    expect(index).toBeGreaterThanOrEqual(0);
    const size = sizes.splice(index, 1)[0]!;
    await addToCart(db(), user.id, { productId: size.productId, weight: size.weight, quantity: 1 });
    const order = await createOrderFromCart({
      db: db(),
      userId: user.id,
      address: { ...ADDRESS, pan: 'ABCDE1234F' },
      limits: NO_LIMITS,
    });
    return { user, orderId: order._id, total: order.totalDiscountedPrice };
  }

  const credit = (user: AuthUser, rupees: number, source: CreditSource, id: string) =>
    db()
      .insertInto('customer_credit_entries')
      .values({
        user_id: user.id,
        amount_paise: rupees * 100,
        source,
        source_id: id,
        note: source === 'exchange' ? 'Old gold exchanged in store' : 'Exchange of an order',
        actor_user_id: null,
      })
      .execute();

  /** A matured scheme of 10 × `instalment` (no bonus): its balance is 10 × the instalment. */
  async function maturedScheme(user: AuthUser, instalment: number) {
    const plan = await db()
      .insertInto('scheme_plans')
      .values({
        name: 'Swarna 10',
        min_instalment: 1000,
        step: 50,
        instalments: 10,
        bonus_percent: 0,
        grace_days: 7,
        missed_rule: 'MOVE_MATURITY',
        redeem_within_days: 365,
        terms: 'Test plan',
      })
      .returning(['id', 'name', 'instalments', 'grace_days', 'redeem_within_days', 'terms'])
      .executeTakeFirstOrThrow();
    const started = addMonths(today, -11);
    const enrolment = await db()
      .insertInto('scheme_enrolments')
      .values({
        user_id: user.id,
        plan_id: plan.id,
        plan_name: plan.name,
        instalments: plan.instalments,
        bonus_percent: 0,
        grace_days: plan.grace_days,
        missed_rule: 'MOVE_MATURITY',
        bonus_cut_percent: 0,
        redeem_within_days: plan.redeem_within_days,
        terms: plan.terms,
        instalment,
        holder_name: 'Test Saver',
        started_on: started,
        state: 'MATURED',
        matured_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let n = 1; n <= 10; n++)
      await db()
        .insertInto('scheme_payments')
        .values({
          enrolment_id: enrolment.id,
          n,
          provider: 'sandbox',
          payment_link_id: `plink_settle_${enrolment.id}_${n}`,
          payment_link_url: 'http://unused.test',
          provider_payment_id: `pay_settle_${enrolment.id.slice(0, 8)}_${n}`,
          status: 'PAID',
          amount: instalment,
          paid_at: new Date(`${addMonths(started, n - 1)}T06:00:00Z`),
          expires_at: new Date(`${addMonths(started, n - 1)}T12:00:00Z`),
        })
        .execute();
    return enrolment.id;
  }

  /** Pays the order's link (after any balances) through the provider set's first provider. */
  async function payByLink(
    providers: PaymentProviders,
    order: Awaited<ReturnType<typeof pendingOrder>>,
    tenders: { schemeEnrolmentId?: string; useStoreCredit?: boolean } = {},
  ) {
    const { answer } = await payOrder({
      db: db(),
      provider: providers,
      user: order.user,
      input: { orderId: order.orderId, ...tenders },
      origins: ORIGINS,
    });
    const linkId = answer.payment_link_id!;
    const { outcome } = await confirmPayment(db(), providers, {
      orderId: order.orderId,
      paymentId: sandbox.paymentIdFor(linkId, 'paid'),
      source: 'return',
    });
    expect(outcome.result).toBe('PAID');
    return answer.toPay ?? order.total;
  }

  /** Places the order from the balances asked for alone: no link, no money. */
  async function payByBalances(
    order: Awaited<ReturnType<typeof pendingOrder>>,
    tenders: { schemeEnrolmentId?: string; useStoreCredit?: boolean },
  ) {
    const { answer } = await payOrder({
      db: db(),
      provider: viaSandbox,
      user: order.user,
      input: { orderId: order.orderId, ...tenders },
      origins: ORIGINS,
    });
    expect(answer.payment_link_id ?? null).toBeNull();
    const placed = await db()
      .selectFrom('orders')
      .select('status')
      .where('id', '=', order.orderId)
      .executeTakeFirstOrThrow();
    expect(placed.status).toBe('PLACED');
  }

  const seeded = {} as {
    online: { orderId: string; money: number };
    razorpay: { orderId: string; money: number };
    balances: { orderId: string; total: number; scheme: number; credit: number };
    exchange: { orderId: string; total: number };
    mixed: { orderId: string; total: number; money: number; exchange: number; credit: number };
    instalments: { owed: string; refunded: string; amount: number };
  };

  it('lists every invoice the register lists, balances to the rupee, by method and provider', async () => {
    // Online, at each provider.
    const online = await pendingOrder('online', [1000, 60_000]);
    seeded.online = { orderId: online.orderId, money: await payByLink(viaSandbox, online) };
    const atRazorpay = await pendingOrder('rzp', [1000, 60_000]);
    seeded.razorpay = {
      orderId: atRazorpay.orderId,
      money: await payByLink(viaRazorpay, atRazorpay),
    };
    // ₹21,500 from a savings scheme and the rest from store credit: no money moves.
    const saver = await pendingOrder('saver', [25_000, 200_000]);
    const schemeId = await maturedScheme(saver.user, 2150);
    await credit(saver.user, saver.total - 21_500, 'return', crypto.randomUUID());
    await payByBalances(saver, { schemeEnrolmentId: schemeId, useStoreCredit: true });
    seeded.balances = {
      orderId: saver.orderId,
      total: saver.total,
      scheme: 21_500,
      credit: saver.total - 21_500,
    };
    // Wholly by credit from old gold exchanged in store.
    const goldsmith = await pendingOrder('oldgold', [1000, 60_000]);
    await credit(goldsmith.user, goldsmith.total + 500, 'exchange', crypto.randomUUID());
    await payByBalances(goldsmith, { useStoreCredit: true });
    seeded.exchange = { orderId: goldsmith.orderId, total: goldsmith.total };
    // Mixed: ₹3,000 of old gold's credit, then ₹2,000 of a return's, the rest online (razorpay).
    const mixed = await pendingOrder('mixed', [8000, 60_000]);
    await credit(mixed.user, 3000, 'exchange', crypto.randomUUID());
    await credit(mixed.user, 2000, 'return', crypto.randomUUID());
    const mixedMoney = await payByLink(viaRazorpay, mixed, { useStoreCredit: true });
    expect(mixedMoney).toBe(mixed.total - 5000);
    seeded.mixed = {
      orderId: mixed.orderId,
      total: mixed.total,
      money: mixedMoney,
      exchange: 3000,
      credit: 2000,
    };
    // Two instalments owed back (one paid twice, one after closing): one already refunded.
    const owedBack = async (n: number, note: string) =>
      (
        await db()
          .insertInto('scheme_payments')
          .values({
            enrolment_id: schemeId,
            n,
            provider: 'sandbox',
            payment_link_id: `plink_owed_${schemeId}_${n}`,
            payment_link_url: 'http://unused.test',
            provider_payment_id: `pay_owed_${schemeId.slice(0, 8)}_${n}`,
            status: 'REFUND_PENDING',
            amount: 2150,
            note,
            paid_at: new Date(),
            expires_at: new Date(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const owed = await owedBack(9, 'Instalment 9 was already paid: refund due');
    const refunded = await owedBack(10, 'The scheme was MATURED when payment arrived: refund due');
    await db()
      .insertInto('instalment_refunds')
      .values({
        scheme_payment_id: refunded,
        enrolment_id: schemeId,
        amount: 2150,
        state: 'processed',
        provider: 'sandbox',
        provider_payment_id: `pay_owed_${schemeId.slice(0, 8)}_10`,
        provider_refund_id: 'rfnd_sbx_settle',
        processed_at: new Date(),
      })
      .execute();
    seeded.instalments = { owed, refunded, amount: 2150 };

    const report = await settlementReport(db(), range);
    const register = await salesRegister(db(), seller, range);
    const invoices = register.rows.filter((r) => r.kind === 'invoice');
    expect(invoices).toHaveLength(5);
    // Every invoice of the register is a row of the settlement, the balance-paid ones too.
    expect(report.payments.map((p) => p.invoice).sort()).toEqual(
      invoices.map((r) => r.number).sort(),
    );
    const invoicedInRegister = invoices.reduce((sum, r) => sum + r.total, 0);
    const t = report.totals;
    expect(t.invoiced).toBe(invoicedInRegister);
    expect(t.invoiced - t.credited).toBe(register.totals.total);
    const money = seeded.online.money + seeded.razorpay.money + seeded.mixed.money;
    expect(t).toEqual({
      received: money,
      refunded: 0,
      invoiced: invoicedInRegister,
      credited: 0,
      owed: 0,
      creditIssued: 0,
      creditSpent: seeded.balances.credit + seeded.exchange.total + 5000,
      schemeSpent: 21_500,
      codShort: 0,
      codOver: 0,
    });
    expect(t.received - t.refunded).toBe(
      t.invoiced - t.credited + t.owed + t.creditIssued - t.creditSpent - t.schemeSpent,
    );
    expect(report.balances).toBe(true);
    expect(report.invoicesWithoutPayment).toEqual([]);
    expect(report.unmatched).toEqual([]);

    // The order paid by a scheme and store credit: a row of its own, no money, each tender named.
    const row = (orderId: string) => report.payments.find((p) => p.orderId === orderId)!;
    expect(row(seeded.balances.orderId)).toMatchObject({
      method: 'balances',
      provider: 'balances',
      amount: 0,
      invoiced: seeded.balances.total,
      schemeSpent: 21_500,
      creditSpent: seeded.balances.credit,
      exchangeCreditSpent: 0,
    });
    expect(row(seeded.exchange.orderId)).toMatchObject({
      method: 'balances',
      amount: 0,
      invoiced: seeded.exchange.total,
      creditSpent: seeded.exchange.total,
      exchangeCreditSpent: seeded.exchange.total,
    });
    expect(row(seeded.mixed.orderId)).toMatchObject({
      method: 'online',
      provider: 'razorpay',
      amount: seeded.mixed.money,
      invoiced: seeded.mixed.total,
      creditSpent: 5000,
      exchangeCreditSpent: 3000,
    });
    expect(row(seeded.online.orderId)).toMatchObject({ method: 'online', provider: 'sandbox' });

    // By method: what each paid adds up to the register's total, to the rupee.
    const net = Object.fromEntries(report.byMethod.map((g) => [g.method, g.net]));
    expect(net).toEqual({
      online: money,
      cod: 0,
      scheme: 21_500,
      store_credit: seeded.balances.credit + 2000,
      exchange_credit: seeded.exchange.total + 3000,
    });
    expect(Object.values(net).reduce((a, b) => a + b, 0)).toBe(register.totals.total);
    expect(report.balancesByMethod).toBe(true);
    expect(report.byMethod.find((g) => g.method === 'cod')).toMatchObject({ rows: 0, received: 0 });
    // By provider.
    expect(
      report.byProvider.map((g) => ({ provider: g.provider, received: g.received, rows: g.rows })),
    ).toEqual([
      { provider: 'razorpay', received: seeded.razorpay.money + seeded.mixed.money, rows: 2 },
      { provider: 'sandbox', received: seeded.online.money, rows: 1 },
    ]);

    // Instalments owed back: money held and owed, one of them refunded.
    expect(report.instalmentsOwedBack.map((i) => [i.schemePaymentId, i.refunded, i.owed])).toEqual(
      expect.arrayContaining([
        [owed, 0, 2150],
        [refunded, 2150, 0],
      ]),
    );
    const inst = report.instalmentTotals;
    expect(inst.received - inst.refunded).toBe(inst.owed);
    expect(inst.owed).toBeGreaterThanOrEqual(2150);
    console.info(
      `settlement ${range.from}..${range.to}: ${report.byMethod.map((g) => `${g.method} ${g.net}`).join(', ')} = ${register.totals.total} (register)`,
    );
  });

  it('says the same in its JSON stream and its CSV', async () => {
    const report = await settlementReport(db(), range);
    const chunks: Buffer[] = [];
    for await (const chunk of settlementJson(db(), range)) chunks.push(Buffer.from(chunk));
    const streamed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Settlement;
    // The tRPC answer adds which page of the payments it is: here all of them, on one.
    const { page, ...whole } = report;
    expect(streamed).toEqual(whole);
    expect(page).toEqual({
      page: 1,
      pageSize: 5000,
      rows: report.payments.length,
      pages: 1,
      invoicesWithoutPayment: report.invoicesWithoutPayment.length,
    });

    const csvChunks: Buffer[] = [];
    for await (const chunk of settlementCsv(db(), range)) csvChunks.push(Buffer.from(chunk));
    const records = parse(Buffer.concat(csvChunks).toString('utf8'), {
      bom: true,
      columns: true,
    }) as Record<string, string>[];
    // The payments, then the instalments owed back in the same columns.
    const instalments = records.filter((r) => r.Method === 'instalment_owed_back');
    expect(records).toHaveLength(report.payments.length + report.instalmentsOwedBack.length);
    expect(records.slice(-instalments.length)).toEqual(instalments);
    expect(
      instalments.map((r) => ({
        date: r['Date (IST)'],
        provider: r.Provider,
        paymentId: r['Payment id'],
        amount: r.Amount,
        order: r.Order,
        invoice: r.Invoice,
        invoiced: r.Invoiced,
        reason: r['Refund reason'],
        state: r['Refund state'],
        refundId: r['Refund id'],
        refunded: r.Refunded,
        owed: r.Owed,
      })),
    ).toEqual(
      report.instalmentsOwedBack.map((i) => ({
        date: i.date,
        provider: i.provider,
        paymentId: i.providerPaymentId,
        amount: String(i.amount),
        order: `${i.plan}: instalment ${i.n}`,
        invoice: '',
        invoiced: '0',
        reason: i.note ?? '',
        state: i.refundState ?? '',
        refundId: i.providerRefundId ?? '',
        refunded: String(i.refunded),
        owed: String(i.owed),
      })),
    );
    // As the page shows them: 2,150 owed and 2,150 refunded, whole rupees, India's day.
    expect(instalments.map((r) => [r.Amount, r.Refunded, r.Owed]).sort()).toEqual([
      ['2150', '0', '2150'],
      ['2150', '2150', '0'],
    ]);
    expect(instalments.every((r) => r['Date (IST)'] === today)).toBe(true);
    const sales = records.filter((r) => r.Method !== 'instalment_owed_back');
    expect(
      sales.map((r) => ({
        invoice: r.Invoice,
        provider: r.Provider,
        method: r.Method,
        amount: Number(r.Amount),
        invoiced: Number(r.Invoiced),
        schemeSpent: Number(r['Scheme spent']),
        creditSpent: Number(r['Store credit spent']),
        exchangeCreditSpent: Number(r['Exchange credit spent']),
      })),
    ).toEqual(
      report.payments.map((p) => ({
        invoice: p.invoice ?? '',
        provider: p.provider,
        method: p.method,
        amount: p.amount,
        invoiced: p.invoiced,
        schemeSpent: p.schemeSpent,
        creditSpent: p.creditSpent,
        exchangeCreditSpent: p.exchangeCreditSpent,
      })),
    );
    const sum = (rows: typeof records, key: string) => rows.reduce((s, r) => s + Number(r[key]), 0);
    expect(sum(sales, 'Invoiced')).toBe(report.totals.invoiced);
    expect(sum(sales, 'Amount')).toBe(report.totals.received);
    expect(sum(instalments, 'Amount')).toBe(report.instalmentTotals.received);
    expect(sum(instalments, 'Owed')).toBe(report.instalmentTotals.owed);
    expect(records.filter((r) => r.Method === 'balances').map((r) => r.Invoice)).toHaveLength(2);
  });

  it("mails the tenders on a balance-paid order's placed mail, never a payment that did not move", async () => {
    const placedMail = async (orderId: string) => {
      const row = await db()
        .selectFrom('notifications')
        .selectAll()
        .where('order_id', '=', orderId)
        .where('kind', '=', 'order-placed')
        .executeTakeFirstOrThrow();
      return renderNotification(db(), row, { shop, seller });
    };
    const balances = await placedMail(seeded.balances.orderId);
    expect(balances.text).toContain(
      `Paid ₹21,500 from your savings scheme, ${formatRupees(seeded.balances.credit)} from store credit.`,
    );
    expect(balances.text).not.toContain('We have received your payment');
    expect(balances.subject).not.toContain('payment received');

    const mixed = await placedMail(seeded.mixed.orderId);
    expect(mixed.text).toContain(
      `Paid ₹5,000 from store credit and ${formatRupees(seeded.mixed.money)} by your online payment.`,
    );
    expect(mixed.text).not.toContain(`payment of ${formatRupees(seeded.mixed.total)}`);

    const online = await placedMail(seeded.online.orderId);
    expect(online.text).toContain(
      `We have received your payment of ${formatRupees(seeded.online.money)}`,
    );
  });

  it("counts an order's tenders and invoice once when two of its payments read as paying it", async () => {
    const before = await settlementReport(db(), range);
    const net = (r: Settlement) => Object.fromEntries(r.byMethod.map((g) => [g.method, g.net]));
    // A second captured payment on the mixed order (scheme of store credit and exchange credit
    // beside a link), as when links at two providers are both paid and both recorded.
    const first = await db()
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', seeded.mixed.orderId)
      .where('status', '=', 'PAID')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('payments')
      .values({
        order_id: seeded.mixed.orderId,
        provider: 'cashfree',
        payment_link_id: `${first.payment_link_id}:second`,
        payment_link_url: first.payment_link_url,
        provider_payment_id: `cf_second_${seeded.mixed.orderId.slice(0, 8)}`,
        status: 'PAID',
        amount: seeded.mixed.money,
        note: 'A second payment of the same order',
      })
      .execute();
    const after = await settlementReport(db(), range);
    const rows = after.payments.filter((p) => p.orderId === seeded.mixed.orderId);
    expect(rows).toHaveLength(2);
    const sum = (key: 'creditSpent' | 'exchangeCreditSpent' | 'schemeSpent' | 'invoiced') =>
      rows.reduce((total, r) => total + r[key], 0);
    expect(sum('creditSpent')).toBe(5000);
    expect(sum('exchangeCreditSpent')).toBe(3000);
    expect(sum('invoiced')).toBe(seeded.mixed.total);
    // The first payment holds the invoice; the second is money without one, for the owner to see.
    expect(rows.find((r) => r.provider === 'razorpay')!.invoice).not.toBeNull();
    expect(rows.find((r) => r.provider === 'cashfree')).toMatchObject({
      invoice: null,
      invoiced: 0,
      creditSpent: 0,
      exchangeCreditSpent: 0,
    });
    expect(after.unmatched.map((p) => p.provider)).toEqual(['cashfree']);
    // The JSON stream writes the lists of exceptions from passes of its own: the same rows.
    const chunks: Buffer[] = [];
    for await (const chunk of settlementJson(db(), range)) chunks.push(Buffer.from(chunk));
    const streamed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Settlement;
    expect(streamed.unmatched).toEqual(after.unmatched);
    expect(streamed.refundsDue).toEqual(after.refundsDue);
    expect(streamed.refundsPaid).toEqual(after.refundsPaid);
    // The balances' parts are what they were; the invoices too.
    expect(after.totals.creditSpent).toBe(before.totals.creditSpent);
    expect(after.totals.schemeSpent).toBe(before.totals.schemeSpent);
    expect(after.totals.invoiced).toBe(before.totals.invoiced);
    const [was, now] = [net(before), net(after)];
    expect(now.store_credit).toBe(was.store_credit);
    expect(now.exchange_credit).toBe(was.exchange_credit);
    expect(now.scheme).toBe(was.scheme);
  });
});
