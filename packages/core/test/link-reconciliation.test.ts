import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyAdminMove,
  cancelClosedLinks,
  confirmPayment,
  createPaymentLink,
  reconcilePayments,
  removeUnpaidOrder,
  type AuthUser,
  type Clock,
  type PaymentProvider,
} from '@kanak/core';
import { createTestDatabase, type TestDatabase } from '@kanak/testkit';
import {
  line,
  newCustomer,
  ORIGINS,
  placeOrder,
  sandbox,
  seededUser,
  stockedSize,
} from './support';

/**
 * Every payment link is asked about until it is provably closed: a shopper
 * who pays a link the shop no longer wanted — replaced by a fresh one, cancelled while the cancel
 * at the provider failed, of an order paid through another link, of a deleted order — and whose
 * return and webhook are lost is found by one reconciliation run, exactly once: the order placed
 * when it can still take the money, else the money recorded as owed back.
 */
describe('every payment link reconciled until it is closed', () => {
  let database: TestDatabase;
  let admin: AuthUser;
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await seededUser(db(), 'admin');
  });
  afterAll(() => database.drop());

  /** Links the shopper paid (the sandbox keeps no record; this provider remembers presses). */
  const pressed = new Set<string>();
  let cancelAnswer: 'cancelled' | 'paid' | 'unreachable' = 'cancelled';
  let providerDown = false;
  const provider: PaymentProvider = {
    ...sandbox,
    linkPayments: async (linkId) => {
      if (providerDown) throw new Error('connect ETIMEDOUT');
      return pressed.has(linkId)
        ? [
            {
              id: sandbox.paymentIdFor(linkId, 'paid'),
              status: 'captured',
              amount: null,
              paymentLinkId: linkId,
              madeAt: null,
            },
          ]
        : [];
    },
    cancelLink: async () => {
      if (cancelAnswer === 'unreachable') throw new Error('connect ECONNREFUSED');
      return cancelAnswer;
    },
  };
  const pay = (linkId: string) => {
    pressed.add(linkId);
    return sandbox.paymentIdFor(linkId, 'paid');
  };
  const reconcile = () => reconcilePayments(db(), provider, { olderThanMs: 0, limit: 1000 });

  const rowsOf = (orderId: string) =>
    db()
      .selectFrom('payments')
      .select(['payment_link_id', 'status', 'refund_reason', 'provider_payment_id'])
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .execute();
  const statusOf = async (orderId: string) =>
    (await db().selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirst())
      ?.status ?? null;

  /** A PENDING order with a first link replaced by a fresh one 26 minutes later (4 left). */
  async function renewedOrder() {
    const user = await newCustomer(db());
    const order = await placeOrder(db(), user, [line(await stockedSize(db(), 5))]);
    const start = Date.now();
    const at =
      (minutes: number): Clock =>
      () =>
        new Date(start + minutes * 60_000);
    const first = await createPaymentLink({
      db: db(),
      provider,
      user,
      orderId: order._id,
      origins: ORIGINS,
      ttlMinutes: 30,
      clock: at(0),
    });
    const fresh = await createPaymentLink({
      db: db(),
      provider,
      user,
      orderId: order._id,
      origins: ORIGINS,
      ttlMinutes: 30,
      clock: at(26),
    });
    expect(fresh.payment_link_id).not.toBe(first.payment_link_id);
    expect((await rowsOf(order._id)).map((r) => r.status)).toEqual(['EXPIRED', 'CREATED']);
    return { user, order, first: first.payment_link_id, fresh: fresh.payment_link_id };
  }

  it('a replaced link paid from an old tab places the order (paid in time, at its quote)', async () => {
    const { order, first } = await renewedOrder();
    pay(first);
    await reconcile();
    await reconcile();
    expect(await statusOf(order._id)).toBe('PLACED');
    const paid = (await rowsOf(order._id)).filter((r) => r.provider_payment_id !== null);
    expect(paid).toEqual([expect.objectContaining({ payment_link_id: first, status: 'PAID' })]);
  });

  it('an open link of an order paid through another link: the second payment is owed back', async () => {
    const { order, first, fresh } = await renewedOrder();
    const { outcome } = await confirmPayment(db(), provider, {
      orderId: order._id,
      paymentId: pay(first),
      source: 'return',
    });
    expect(outcome.result).toBe('PAID');
    pay(fresh); // a second tab; its return and webhook lost
    await reconcile();
    await reconcile();
    const rows = await rowsOf(order._id);
    expect(rows.filter((r) => r.status === 'REFUND_PENDING')).toEqual([
      expect.objectContaining({ payment_link_id: fresh, refund_reason: 'ORDER_NOT_PENDING' }),
    ]);
    expect(await statusOf(order._id)).toBe('PLACED');
  });

  it('a link cancelled with its order, whose cancel at the provider failed, then paid: owed back', async () => {
    const user = await newCustomer(db());
    const order = await placeOrder(db(), user, [line(await stockedSize(db(), 5))]);
    const link = await createPaymentLink({
      db: db(),
      provider,
      user,
      orderId: order._id,
      origins: ORIGINS,
      ttlMinutes: 30,
    });
    const { entry } = await applyAdminMove(db(), {
      orderId: order._id,
      to: 'CANCELLED',
      actorUserId: admin.id,
      jobKey: `cancel:${order._id}`,
    });
    cancelAnswer = 'unreachable';
    const logged: string[] = [];
    expect(
      await cancelClosedLinks({ db: db(), provider, entry: entry!, log: (m) => logged.push(m) }),
    ).toEqual([]);
    expect(logged.join()).toMatch(/not cancelled at the provider/);
    cancelAnswer = 'cancelled';
    pay(link.payment_link_id);
    await reconcile();
    await reconcile();
    expect(await rowsOf(order._id)).toEqual([
      expect.objectContaining({ status: 'REFUND_PENDING', refund_reason: 'ORDER_NOT_PENDING' }),
    ]);
    expect(await statusOf(order._id)).toBe('CANCELLED');
  });

  it('a payment that slipped through on a deleted order’s link is owed back, without its order', async () => {
    const user = await newCustomer(db());
    const order = await placeOrder(db(), user, [line(await stockedSize(db(), 5))]);
    const link = await createPaymentLink({
      db: db(),
      provider,
      user,
      orderId: order._id,
      origins: ORIGINS,
      ttlMinutes: 30,
    });
    await removeUnpaidOrder(db(), provider, order._id);
    expect(await statusOf(order._id)).toBeNull();
    pay(link.payment_link_id);
    await reconcile();
    await reconcile();
    expect(await rowsOf(order._id)).toEqual([
      expect.objectContaining({ status: 'REFUND_PENDING', refund_reason: 'LINK_CLOSED' }),
    ]);
  });

  it('a check that fails after the link’s window does not close it: the next answer still finds the money', async () => {
    const user = await newCustomer(db());
    const order = await placeOrder(db(), user, [line(await stockedSize(db(), 5))]);
    const link = await createPaymentLink({
      db: db(),
      provider,
      user,
      orderId: order._id,
      origins: ORIGINS,
      ttlMinutes: 30,
    });
    pay(link.payment_link_id);
    // The link's window (expiry and grace) is over: this run's answer would be its last check.
    await db()
      .updateTable('payments')
      .set({ expires_at: new Date(Date.now() - 30 * 60_000) })
      .where('payment_link_id', '=', link.payment_link_id)
      .execute();
    providerDown = true;
    const down = await reconcile();
    providerDown = false;
    expect(down.failed.map((f) => f.linkId)).toContain(link.payment_link_id);
    await reconcile(); // the provider answers: the payment is found (paid in time)
    expect(await statusOf(order._id)).toBe('PLACED');
  });

  it('a cancel that answers "paid" confirms that payment at once, owed back, once', async () => {
    const user = await newCustomer(db());
    const order = await placeOrder(db(), user, [line(await stockedSize(db(), 5))]);
    const link = await createPaymentLink({
      db: db(),
      provider,
      user,
      orderId: order._id,
      origins: ORIGINS,
      ttlMinutes: 30,
    });
    pay(link.payment_link_id); // just as the admin cancels; the webhook is lost
    const { entry } = await applyAdminMove(db(), {
      orderId: order._id,
      to: 'CANCELLED',
      actorUserId: admin.id,
      jobKey: `cancel:${order._id}`,
    });
    cancelAnswer = 'paid';
    const made = await cancelClosedLinks({
      db: db(),
      provider,
      entry: entry!,
      log: () => undefined,
    });
    cancelAnswer = 'cancelled';
    expect(made.map((e) => e.orderId)).toEqual([order._id]);
    expect(await rowsOf(order._id)).toEqual([
      expect.objectContaining({ status: 'REFUND_PENDING', refund_reason: 'ORDER_NOT_PENDING' }),
    ]);
    // The next reconciliation finds it recorded: nothing twice.
    await reconcile();
    expect((await rowsOf(order._id)).length).toBe(1);
  });
});
