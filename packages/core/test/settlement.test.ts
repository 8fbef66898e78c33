import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  applyAdminMove,
  confirmPayment,
  createOrderFromCart,
  createPaymentLink,
  createSandboxProvider,
  istDay,
  moveReturn,
  processRefund,
  reconcilePayments,
  removeUnpaidOrder,
  requestOrderRefund,
  requestReturn,
  sandboxRefundStore,
  settlementReport,
  storeCreditOf,
  type AuthUser,
  type PaymentProvider,
  type RefundJob,
} from '@kanak/core';
import { B2CL_THRESHOLD, type AddressInput } from '@kanak/shared';
import { createTestDatabase, NO_LIMITS, type TestDatabase } from '@kanak/testkit';
import { newCustomer, ORIGINS, seededUser } from './support';

const SECRET = 'core-tests-sandbox-secret';

/**
 * The settlement over a seeded month: same-state, other-state and
 * above-₹1-lakh buyers, a cancelled order refunded through the provider, a cancelled one still
 * owed, an unpaid order, and a payment on the link of a deleted order. Its totals are rebuilt
 * here from the orders, the payments and the credit notes, and balance to the rupee.
 */
describe('the settlement of a month', () => {
  let database: TestDatabase;
  let admin: AuthUser;
  let provider: PaymentProvider;
  const db = () => database.db;
  const today = istDay(new Date());
  const address = (state: string, city: string, zipCode: string): AddressInput => ({
    firstName: 'Asha',
    lastName: 'Rao',
    streetAddress: '1 Main Road',
    city,
    state,
    zipCode,
    mobile: '9876543210',
  });
  const KARNATAKA = address('Karnataka', 'Bengaluru', '560001');
  const MAHARASHTRA = address('Maharashtra', 'Mumbai', '400001');
  const DELHI = address('Delhi', 'New Delhi', '110001');
  /** Links the shopper paid whose return and webhook were lost (found by reconciliation). */
  const pressed = new Set<string>();

  let sizes: { productId: string; weight: string; price: number }[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await seededUser(db(), 'admin');
    const sandbox = createSandboxProvider(SECRET, sandboxRefundStore(db(), SECRET));
    provider = {
      ...sandbox,
      linkPayments: async (linkId) =>
        pressed.has(linkId)
          ? [
              {
                id: sandbox.paymentIdFor(linkId, 'paid'),
                status: 'captured',
                amount: null,
                paymentLinkId: linkId,
                madeAt: null,
              },
            ]
          : [],
    };
    const rows = await db()
      .selectFrom('product_sizes as s')
      .innerJoin('products as p', 'p.id', 's.product_id')
      .select(['s.product_id', 's.weight'])
      .select((eb) => eb.fn.coalesce('s.discounted_price', 'p.discounted_price').as('price'))
      .where('p.status', '=', 'live')
      .orderBy('s.id')
      .execute();
    await db().updateTable('product_sizes').set({ stock: 20 }).execute();
    // The demo seed's payments (of the last weeks) go to an earlier month: this month's lists
    // this test's payments only.
    await sql`UPDATE payments SET received_at = received_at - interval '62 days'`.execute(db());
    sizes = rows.map((r) => ({
      productId: r.product_id,
      weight: r.weight,
      price: Number(r.price),
    }));
  });
  afterAll(() => database.drop());

  const take = (minPrice: number, maxPrice: number) => {
    const index = sizes.findIndex((s) => s.price >= minPrice && s.price <= maxPrice);
    expect(index).toBeGreaterThanOrEqual(0);
    return sizes.splice(index, 1)[0]!;
  };
  const sandbox = () => provider as ReturnType<typeof createSandboxProvider>;

  async function order(
    to: AddressInput,
    [minPrice, maxPrice]: [number, number],
    quantity: number,
    paid = true,
  ) {
    const user = await newCustomer(db());
    const size = take(minPrice, maxPrice);
    await addToCart(db(), user.id, { productId: size.productId, weight: size.weight, quantity });
    const placed = await createOrderFromCart({
      db: db(),
      userId: user.id,
      address: { ...to, pan: 'ABCDE1234F' },
      limits: NO_LIMITS,
    });
    const link = await createPaymentLink({
      db: db(),
      provider,
      user,
      orderId: placed._id,
      origins: ORIGINS,
    });
    if (paid) {
      const { outcome } = await confirmPayment(db(), provider, {
        orderId: placed._id,
        paymentId: sandbox().paymentIdFor(link.payment_link_id, 'paid'),
        source: 'return',
      });
      expect(outcome.result).toBe('PAID');
    }
    return { orderId: placed._id, linkId: link.payment_link_id, user };
  }
  const cancel = (orderId: string) =>
    applyAdminMove(db(), {
      orderId,
      to: 'CANCELLED',
      actorUserId: admin.id,
      jobKey: `c:${orderId}`,
    });

  it('matches payments to orders and invoices, lists what is not, and balances to the rupee', async () => {
    const ids = {
      local: (await order(KARNATAKA, [1000, 50_000], 1)).orderId,
      other: (await order(MAHARASHTRA, [1000, 50_000], 1)).orderId,
      large: (await order(DELHI, [40_000, 90_000], 3)).orderId,
      refunded: (await order(MAHARASHTRA, [5000, 50_000], 1)).orderId,
      cancelled: (await order(KARNATAKA, [5000, 50_000], 1)).orderId,
      unpaid: (await order(KARNATAKA, [1000, 50_000], 1, false)).orderId,
    };
    // A shopper pays the link of an order the admin deleted; the return and webhook are lost.
    const doomed = await order(DELHI, [1000, 50_000], 1, false);
    await removeUnpaidOrder(db(), provider, doomed.orderId);
    pressed.add(doomed.linkId);
    await reconcilePayments(db(), provider, { olderThanMs: 0, limit: 1000 });

    await cancel(ids.refunded);
    await cancel(ids.cancelled);
    const deps = { db: db(), relay: { wake: () => undefined, connected: () => false }, waitMs: 0 };
    await requestOrderRefund(deps, admin, ids.refunded);
    const job = await db()
      .selectFrom('outbox')
      .select(['id', 'generation', 'payload'])
      .where('queue', '=', 'refunds')
      .executeTakeFirstOrThrow();
    await processRefund(db(), { provider, job: job.payload as RefundJob });

    // Independent figures: the orders' totals, the payments' rows, the credit notes, the refunds.
    const orders = await db()
      .selectFrom('orders')
      .select(['id', 'total_discounted_price as total'])
      .execute();
    const totalOf = (id: string) => orders.find((o) => o.id === id)!.total;
    const paidOrders = [ids.local, ids.other, ids.large, ids.refunded, ids.cancelled];
    const invoiced = paidOrders.reduce((sum, id) => sum + totalOf(id), 0);
    const credited = totalOf(ids.refunded) + totalOf(ids.cancelled);
    const deletedPayment = await db()
      .selectFrom('payments')
      .select(['amount', 'provider_payment_id', 'refund_reason'])
      .where('order_id', '=', doomed.orderId)
      .where('provider_payment_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(deletedPayment.refund_reason).toBe('LINK_CLOSED');
    const received = paidOrders.reduce((sum, id) => sum + totalOf(id), 0) + deletedPayment.amount;
    const refunded = totalOf(ids.refunded);
    const sandboxRefunded = await db()
      .selectFrom('sandbox_refunds')
      .select((eb) => eb.fn.sum<string>('amount').as('n'))
      .where('status', '=', 'processed')
      .executeTakeFirstOrThrow();
    expect(Number(sandboxRefunded.n)).toBe(refunded);
    const owed = totalOf(ids.cancelled) + deletedPayment.amount;
    expect(totalOf(ids.large)).toBeGreaterThan(B2CL_THRESHOLD);

    const report = await settlementReport(db(), { from: `${today.slice(0, 7)}-01`, to: today });
    expect(report.totals).toEqual({
      received,
      refunded,
      invoiced,
      credited,
      owed,
      creditIssued: 0,
      creditSpent: 0,
      schemeSpent: 0,
      codShort: 0,
      codOver: 0,
    });
    expect(received - refunded).toBe(invoiced - credited + owed);
    expect(report.balances).toBe(true);
    // Every payment row balances by itself too.
    for (const p of report.payments)
      expect(p.amount - p.refunded).toBe(p.invoiced - p.credited + p.owed);

    expect(report.payments.map((p) => p.orderId).sort()).toEqual(
      [...paidOrders, doomed.orderId].sort(),
    );
    // The payment on the deleted order's link: no order, no invoice, owed back.
    expect(report.unmatched).toEqual([
      expect.objectContaining({
        orderId: doomed.orderId,
        orderNumber: null,
        orderStatus: null,
        invoice: null,
        refundReason: 'LINK_CLOSED',
        owed: deletedPayment.amount,
        providerPaymentId: deletedPayment.provider_payment_id,
      }),
    ]);
    expect(report.invoicesWithoutPayment).toEqual([]);
    expect(report.refundsDue.map((p) => p.orderId).sort()).toEqual(
      [ids.cancelled, doomed.orderId].sort(),
    );
    expect(report.refundsPaid).toEqual([
      expect.objectContaining({
        orderId: ids.refunded,
        refunded,
        refundState: 'processed',
        providerRefundId: expect.stringMatching(/^rfnd_sbx_/),
        creditNote: expect.stringMatching(/^KJCN\//),
      }),
    ]);
    expect(report.payments.some((p) => p.orderId === ids.unpaid)).toBe(false);
    console.info(
      `settlement ${report.from}..${report.to}: received ${received} − refunded ${refunded} = ${received - refunded}; invoiced ${invoiced} − credited ${credited} + owed ${owed} = ${invoiced - credited + owed}`,
    );
  });

  it('keeps balancing after an exchange for store credit and a return refunded through the provider', async () => {
    const range = { from: `${today.slice(0, 7)}-01`, to: today };
    const before = (await settlementReport(db(), range)).totals;
    const now = new Date();
    const deps = { db: db(), clock: () => now, windowDays: 15, returnAddress: 'The shop' };
    /** A paid order delivered, and a return or exchange of all of it taken to its refund. */
    async function returned(kind: 'return' | 'exchange') {
      const placed = await order(KARNATAKA, [1000, 50_000], 1);
      for (const to of ['SHIPPED', 'DELIVERED'] as const)
        await applyAdminMove(db(), {
          orderId: placed.orderId,
          to,
          actorUserId: admin.id,
          jobKey: `${to}:${placed.orderId}`,
        });
      const items = await db()
        .selectFrom('order_items')
        .select('id')
        .where('order_id', '=', placed.orderId)
        .execute();
      const request = await requestReturn(deps, placed.user, {
        orderId: placed.orderId,
        kind,
        reason: kind === 'exchange' ? 'Another size' : 'Changed my mind',
        items: items.map((i) => ({ orderItemId: i.id })),
      });
      await moveReturn(deps, admin.id, { returnId: request.id, action: 'approve' });
      await moveReturn(deps, admin.id, { returnId: request.id, action: 'receive', huids: {} });
      await moveReturn(deps, admin.id, { returnId: request.id, action: 'refund' });
      return placed;
    }
    const exchanged = await returned('exchange');
    const refundedReturn = await returned('return');
    const total = async (orderId: string) =>
      (
        await db()
          .selectFrom('orders')
          .select('total_discounted_price as total')
          .where('id', '=', orderId)
          .executeTakeFirstOrThrow()
      ).total;
    const exchangedTotal = await total(exchanged.orderId);
    const returnedTotal = await total(refundedReturn.orderId);
    expect((await storeCreditOf(db(), exchanged.user.id)).balance).toBe(exchangedTotal);

    const rowOf = (report: Awaited<ReturnType<typeof settlementReport>>, orderId: string) =>
      report.payments.find((p) => p.orderId === orderId)!;
    const check = (report: Awaited<ReturnType<typeof settlementReport>>) => {
      expect(report.balances).toBe(true);
      for (const p of report.payments)
        expect(p.amount - p.refunded).toBe(
          p.invoiced - p.credited + p.owed + p.creditIssued - p.creditSpent - p.schemeSpent,
        );
    };
    // The exchange: invoiced and credited in full, the money kept as the shopper's credit. The
    // return: credited, its refund asked of the provider and owed until it is processed.
    const asked = await settlementReport(db(), range);
    check(asked);
    expect(rowOf(asked, exchanged.orderId)).toMatchObject({
      amount: exchangedTotal,
      invoiced: exchangedTotal,
      credited: exchangedTotal,
      creditIssued: exchangedTotal,
      creditSpent: 0,
      refunded: 0,
      owed: 0,
    });
    expect(rowOf(asked, refundedReturn.orderId)).toMatchObject({
      credited: returnedTotal,
      refunded: 0,
      owed: returnedTotal,
      creditIssued: 0,
    });
    expect(asked.totals.creditIssued - before.creditIssued).toBe(exchangedTotal);

    const refundRow = await db()
      .selectFrom('refunds')
      .innerJoin('payments', 'payments.id', 'refunds.payment_id')
      .select('refunds.id')
      .where('payments.order_id', '=', refundedReturn.orderId)
      .executeTakeFirstOrThrow();
    const job = await db()
      .selectFrom('outbox')
      .select('payload')
      .where('queue', '=', 'refunds')
      .where(sql<boolean>`payload->>'refundId' = ${refundRow.id}`)
      .executeTakeFirstOrThrow();
    await processRefund(db(), { provider, job: job.payload as RefundJob });
    const paid = await settlementReport(db(), range);
    check(paid);
    expect(rowOf(paid, refundedReturn.orderId)).toMatchObject({
      credited: returnedTotal,
      refunded: returnedTotal,
      owed: 0,
    });
    console.info(
      `settlement with an exchange and a return: store credit issued ${paid.totals.creditIssued}, balances ${paid.balances}`,
    );
  });
});
