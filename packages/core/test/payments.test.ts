import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyAdminMove,
  confirmPayment,
  confirmPaymentReturn,
  createPaymentLink,
  getCart,
  getOrderFor,
  LINK_GRACE_MS,
  paymentJobKey,
  reconcilePayments,
  requestPaymentConfirmation,
  type AuthUser,
  type PaymentProvider,
  type PaymentReturnDeps,
} from '@kanak/core';
import { createTestDatabase, NO_LIMITS, type TestDatabase } from '@kanak/testkit';
import {
  expectRefusal,
  line,
  newCustomer,
  ORIGINS,
  paidOrder,
  payable,
  placeOrder,
  sandbox,
  seededUser,
  stockedSize,
  stockOf,
} from './support';

describe('payment rules (core)', () => {
  let database: TestDatabase;
  const db = () => database.db;

  const paymentsOf = (orderId: string) =>
    database.db
      .selectFrom('payments')
      .select(['status', 'provider_payment_id', 'refund_reason', 'amount'])
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .execute();

  const placedEvents = async (orderId: string) =>
    (
      await database.db
        .selectFrom('order_events')
        .select('to_status')
        .where('order_id', '=', orderId)
        .where('to_status', '=', 'PLACED')
        .execute()
    ).length;

  /** A customer with a PENDING order of `quantity` pieces of a size row holding `stock`. */
  const pendingOrder = async (stock = 5, quantity = 1) => {
    const user = await newCustomer(db());
    const size = await stockedSize(db(), stock);
    const order = await placeOrder(db(), user, [line(size, quantity)]);
    return { user, size, order };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('a payment link is for the order total, and asking again reuses the open link', async () => {
    const { user, order } = await pendingOrder();
    const first = await createPaymentLink({
      db: db(),
      provider: sandbox,
      user,
      orderId: order._id,
      origins: ORIGINS,
    });
    const again = await createPaymentLink({
      db: db(),
      provider: sandbox,
      user,
      orderId: order._id,
      origins: ORIGINS,
    });
    expect(again).toEqual(first);
    expect(first.payment_link_url).toContain(`/sandbox-pay/${first.payment_link_id}`);
    expect(await paymentsOf(order._id)).toEqual([
      {
        status: 'CREATED',
        provider_payment_id: null,
        refund_reason: null,
        amount: order.totalDiscountedPrice,
      },
    ]);
  });

  it("a payment link for another customer's order (or an admin) is a 404", async () => {
    const { order } = await pendingOrder();
    const stranger = await newCustomer(db(), 'stranger');
    await expectRefusal(
      createPaymentLink({
        db: db(),
        provider: sandbox,
        user: stranger,
        orderId: order._id,
        origins: ORIGINS,
      }),
      'NOT_FOUND',
      'Order not found',
    );
    const admin = await seededUser(db(), 'admin');
    await expectRefusal(
      createPaymentLink({
        db: db(),
        provider: sandbox,
        user: admin,
        orderId: order._id,
        origins: ORIGINS,
      }),
      'NOT_FOUND',
    );
  });

  it('only a PENDING order can get a payment link', async () => {
    const user = await newCustomer(db());
    const order = await paidOrder(db(), user, [line(await stockedSize(db(), 5))]);
    await expectRefusal(
      createPaymentLink({
        db: db(),
        provider: sandbox,
        user,
        orderId: order._id,
        origins: ORIGINS,
      }),
      'CONFLICT',
      'Order is already PLACED: only a PENDING order can be paid',
    );
  });

  it('a captured payment places the order, takes the stock, empties the cart and records the payment', async () => {
    const { user, size, order } = await pendingOrder(5, 2);
    const { paid } = await payable(db(), user, order._id);
    const { outcome } = await confirmPayment(db(), sandbox, {
      orderId: order._id,
      paymentId: paid,
      source: 'return',
    });
    expect(outcome).toEqual({
      result: 'PAID',
      orderId: order._id,
      orderStatus: 'PLACED',
      note: null,
    });
    expect(await stockOf(db(), size.id)).toBe(3);
    expect((await getCart(db(), user.id)).cartItems).toEqual([]);
    expect((await paymentsOf(order._id))[0]).toMatchObject({
      status: 'PAID',
      provider_payment_id: paid,
    });
  });

  it('the same payment confirmed twice (return, then webhook) is applied once', async () => {
    const { user, size, order } = await pendingOrder(5, 2);
    const { paid } = await payable(db(), user, order._id);
    const confirm = async (source: 'return' | 'webhook') =>
      (await confirmPayment(db(), sandbox, { orderId: order._id, paymentId: paid, source }))
        .outcome;
    const [first, second] = await Promise.all([confirm('return'), confirm('webhook')]);
    const third = await confirm('return');
    for (const outcome of [first, second, third]) {
      expect(outcome.result).toBe('PAID');
      expect(outcome.orderStatus).toBe('PLACED');
    }
    expect(await stockOf(db(), size.id)).toBe(3);
    expect(await placedEvents(order._id)).toBe(1);
    expect(await paymentsOf(order._id)).toHaveLength(1);
  });

  it('a failed payment leaves the order PENDING with its link open for another try', async () => {
    const { user, size, order } = await pendingOrder();
    const { failed, paid } = await payable(db(), user, order._id);
    const { outcome } = await confirmPayment(db(), sandbox, {
      orderId: order._id,
      paymentId: failed,
      source: 'return',
    });
    expect(outcome).toMatchObject({ result: 'FAILED', orderStatus: 'PENDING' });
    expect(await stockOf(db(), size.id)).toBe(5);
    expect((await paymentsOf(order._id))[0]!.status).toBe('CREATED');
    const { outcome: retry } = await confirmPayment(db(), sandbox, {
      orderId: order._id,
      paymentId: paid,
      source: 'return',
    });
    expect(retry.result).toBe('PAID');
  });

  it('a piece sold out before the payment arrived: the order is cancelled and the payment owed back', async () => {
    const { user, size, order } = await pendingOrder(5, 3);
    await database.db
      .updateTable('product_sizes')
      .set({ stock: 2 })
      .where('id', '=', size.id)
      .execute();
    const { paid } = await payable(db(), user, order._id);
    const { outcome } = await confirmPayment(db(), sandbox, {
      orderId: order._id,
      paymentId: paid,
      source: 'return',
    });
    expect(outcome).toMatchObject({ result: 'REFUND_PENDING', orderStatus: 'CANCELLED' });
    expect(outcome.note).toContain('only 2 of');
    expect(await stockOf(db(), size.id)).toBe(2);
    const view = await getOrderFor(db(), user, order._id);
    expect(view).toMatchObject({
      orderStatus: 'CANCELLED',
      refundDue: true,
      refund: { reason: 'SOLD_OUT', amount: order.totalDiscountedPrice },
    });
  });

  it('one short line takes no stock from the other lines', async () => {
    const user = await newCustomer(db());
    const plenty = await stockedSize(db(), 5);
    const short = await stockedSize(db(), 5);
    const order = await placeOrder(db(), user, [line(plenty, 2), line(short, 2)]);
    await database.db
      .updateTable('product_sizes')
      .set({ stock: 0 })
      .where('id', '=', short.id)
      .execute();
    const { paid } = await payable(db(), user, order._id);
    const { outcome } = await confirmPayment(db(), sandbox, {
      orderId: order._id,
      paymentId: paid,
      source: 'webhook',
    });
    expect(outcome.result).toBe('REFUND_PENDING');
    expect(outcome.note).toContain('sold out');
    expect(await stockOf(db(), plenty.id)).toBe(5);
  });

  it('a payment for an order the shop already cancelled is owed back, and the order stays cancelled', async () => {
    const { user, size, order } = await pendingOrder();
    const { paid } = await payable(db(), user, order._id);
    await applyAdminMove(db(), {
      orderId: order._id,
      to: 'CANCELLED',
      actorUserId: (await seededUser(db(), 'admin')).id,
      jobKey: `outbox:${randomUUID()}`,
    });
    const { outcome } = await confirmPayment(db(), sandbox, {
      orderId: order._id,
      paymentId: paid,
      source: 'return',
    });
    expect(outcome).toMatchObject({ result: 'REFUND_PENDING', orderStatus: 'CANCELLED' });
    expect(await stockOf(db(), size.id)).toBe(5);
    expect((await paymentsOf(order._id))[0]!.refund_reason).toBe('ORDER_NOT_PENDING');
  });

  it('a payment of another amount than the order total is owed back; the order keeps waiting', async () => {
    const { user, size, order } = await pendingOrder();
    const { paid } = await payable(db(), user, order._id);
    // A provider that reports amounts (Razorpay does; the sandbox does not).
    const shortPaying: PaymentProvider = {
      ...sandbox,
      async fetchPayment(paymentId, linkIds) {
        const payment = await sandbox.fetchPayment(paymentId, linkIds);
        return payment && { ...payment, amount: order.totalDiscountedPrice - 1 };
      },
    };
    const { outcome } = await confirmPayment(db(), shortPaying, {
      orderId: order._id,
      paymentId: paid,
      source: 'webhook',
    });
    expect(outcome).toMatchObject({ result: 'REFUND_PENDING', orderStatus: 'PENDING' });
    expect(await stockOf(db(), size.id)).toBe(5);
    expect(await paymentsOf(order._id)).toEqual([
      expect.objectContaining({
        status: 'REFUND_PENDING',
        refund_reason: 'AMOUNT_MISMATCH',
        amount: order.totalDiscountedPrice - 1,
      }),
    ]);
  });

  it("a payment is refused when made through another order's link, recorded for another order, or unknown", async () => {
    const a = await pendingOrder();
    const b = await pendingOrder();
    const payA = await payable(db(), a.user, a.order._id);
    await payable(db(), b.user, b.order._id);
    await expectRefusal(
      confirmPayment(db(), sandbox, {
        orderId: b.order._id,
        paymentId: payA.paid,
        source: 'return',
      }),
      'BAD_REQUEST',
      /was not made for this order/,
    );
    await confirmPayment(db(), sandbox, {
      orderId: a.order._id,
      paymentId: payA.paid,
      source: 'return',
    });
    await expectRefusal(
      confirmPayment(db(), sandbox, {
        orderId: b.order._id,
        paymentId: payA.paid,
        source: 'return',
      }),
      'BAD_REQUEST',
      /was not made for this order/,
    );
    await expectRefusal(
      confirmPayment(db(), sandbox, {
        orderId: b.order._id,
        paymentId: 'pay_sbx_paid_AAAAAAAAAAAAAAAA_0000000000000000',
        source: 'return',
      }),
      'BAD_REQUEST',
      /not known to the payment provider/,
    );
    expect((await getOrderFor(db(), b.user, b.order._id)).orderStatus).toBe('PENDING');
  });

  it('an order without a payment link cannot be confirmed', async () => {
    const { order } = await pendingOrder();
    await expectRefusal(
      confirmPayment(db(), sandbox, {
        orderId: order._id,
        paymentId: 'pay_anything',
        source: 'return',
      }),
      'NOT_FOUND',
      'Payment link for this order not found',
    );
  });

  it('reconciliation applies a payment whose return and webhook were lost; a failing link stops no other', async () => {
    const lost = await pendingOrder();
    const broken = await pendingOrder();
    const lostPay = await payable(db(), lost.user, lost.order._id);
    const brokenPay = await payable(db(), broken.user, broken.order._id);
    // A provider that keeps a record of link payments (Razorpay does; the sandbox does not).
    const remembering: PaymentProvider = {
      ...sandbox,
      async linkPayments(linkId) {
        if (linkId === brokenPay.link.payment_link_id) throw new Error('provider timed out');
        if (linkId !== lostPay.link.payment_link_id) return [];
        const payment = await sandbox.fetchPayment(lostPay.paid, [linkId]);
        return payment ? [payment] : [];
      },
    };
    const report = await reconcilePayments(db(), remembering, { olderThanMs: 0, limit: 500 });
    expect(report.applied).toContainEqual({
      orderId: lost.order._id,
      paymentId: lostPay.paid,
      result: 'PAID',
    });
    expect(report.failed).toContainEqual({
      orderId: broken.order._id,
      linkId: brokenPay.link.payment_link_id,
      message: 'provider timed out',
    });
    expect((await getOrderFor(db(), lost.user, lost.order._id)).orderStatus).toBe('PLACED');
    expect(await stockOf(db(), lost.size.id)).toBe(4);
    // Placed now: the next run leaves it alone.
    const next = await reconcilePayments(db(), remembering, { olderThanMs: 0, limit: 500 });
    expect(next.applied.some((a) => a.orderId === lost.order._id)).toBe(false);
  });

  describe('payment return, before it is queued', () => {
    // Redis "down": a kept return is written to the outbox and answered at once, unapplied.
    const deps = (): PaymentReturnDeps => ({
      db: db(),
      relay: { wake: () => undefined, connected: () => false },
      waitMs: 0,
      limits: NO_LIMITS,
    });
    const kept = async (orderId: string, paymentId: string) =>
      (
        await database.db
          .selectFrom('outbox')
          .select('id')
          .where('job_key', '=', paymentJobKey(orderId, paymentId))
          .execute()
      ).length;
    const caller = (user: AuthUser | null) => ({ address: '127.0.0.1', user });

    it("refuses another customer's order as not found, and a visitor as not logged in, writing nothing", async () => {
      const { user, order } = await pendingOrder();
      const { paid } = await payable(db(), user, order._id);
      const ret = { orderId: order._id, paymentId: paid };
      const stranger = await newCustomer(db(), 'stranger');
      await expectRefusal(
        requestPaymentConfirmation(deps(), ret, caller(stranger)),
        'NOT_FOUND',
        'Order not found',
      );
      await expectRefusal(
        requestPaymentConfirmation(deps(), { ...ret, paymentLinkId: 'plink_other' }, caller(null)),
        'UNAUTHORIZED',
      );
      expect(await kept(order._id, paid)).toBe(0);
    });

    it('refuses an order with no open link, and keeps a real return once however often it comes', async () => {
      const { user, order } = await pendingOrder();
      await expectRefusal(
        requestPaymentConfirmation(
          deps(),
          { orderId: order._id, paymentId: 'pay_x' },
          caller(user),
        ),
        'NOT_FOUND',
        'Payment link for this order not found',
      );
      const { paid } = await payable(db(), user, order._id);
      const ret = { orderId: order._id, paymentId: paid };
      expect(await requestPaymentConfirmation(deps(), ret, caller(user))).toBeNull();
      expect(await requestPaymentConfirmation(deps(), ret, caller(user))).toBeNull();
      expect(await kept(order._id, paid)).toBe(1);
    });

    it("decides a link's expiry on the clock it is given: open until its grace ends, refused after", async () => {
      const { user, order } = await pendingOrder();
      const { link, paid } = await payable(db(), user, order._id);
      const { expires_at } = await database.db
        .selectFrom('payments')
        .select('expires_at')
        .where('payment_link_id', '=', link.payment_link_id)
        .executeTakeFirstOrThrow();
      const expiresAt = expires_at!.getTime();
      const at = (ms: number) => ({ ...deps(), clock: () => new Date(ms) });
      const ret = { orderId: order._id, paymentId: paid };
      await expectRefusal(
        requestPaymentConfirmation(at(expiresAt + LINK_GRACE_MS + 1000), ret, caller(user)),
        'CONFLICT',
        'This payment link has expired: open the order and pay again, a new link will be made',
      );
      expect(await kept(order._id, paid)).toBe(0);
      expect(
        await requestPaymentConfirmation(at(expiresAt + LINK_GRACE_MS - 1000), ret, caller(user)),
      ).toBeNull();
      expect(await kept(order._id, paid)).toBe(1);
    });

    it("refuses a return whose provider signature does not match, and answers a signed one with the owner's order", async () => {
      const { user, order } = await pendingOrder();
      const { link, paid } = await payable(db(), user, order._id);
      const query = sandbox.returnQuery({
        orderId: order._id,
        linkId: link.payment_link_id,
        outcome: 'paid',
      });
      const signed = {
        orderId: order._id,
        paymentId: paid,
        paymentLinkId: link.payment_link_id,
        status: 'paid' as const,
        signature: query.get('razorpay_signature')!,
      };
      const returnDeps = { ...deps(), payments: sandbox };
      await expectRefusal(
        confirmPaymentReturn(returnDeps, caller(user), { ...signed, status: 'failed' }),
        'BAD_REQUEST',
        'The payment signature is not valid',
      );
      expect(await kept(order._id, paid)).toBe(0);
      const answer = await confirmPaymentReturn(returnDeps, caller(user), signed);
      expect(answer.status).toBe('PENDING');
      expect(answer.order._id).toBe(order._id);
      expect(await kept(order._id, paid)).toBe(1);
    });
  });
});
