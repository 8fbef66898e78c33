import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  applyAdminMove,
  confirmPayment,
  createPaymentLink,
  getCart,
  reconcilePayments,
  type AuthUser,
  type LedgerEntry,
  type PaymentProvider,
} from '@kanak/core';
import type { OrderStatus } from '@kanak/shared';
import { createTestDatabase, type TestDatabase } from '@kanak/testkit';
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

/**
 * The order ledger is the one writer of an order's status, its events and its stock. Every path
 * that moves an order is run here twice (a duplicate return or webhook, a job re-run after a
 * crash): each writes exactly one event, with the right actor, and moves the stock once.
 */
describe('the order ledger', () => {
  let database: TestDatabase;
  let admin: AuthUser;
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await seededUser(db(), 'admin');
  });
  afterAll(() => database.drop());

  const eventsOf = (orderId: string) =>
    db()
      .selectFrom('order_events')
      .select(['actor', 'from_status', 'to_status'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();

  /** The sandbox keeps no record of presses; this one reports a press for reconciliation. */
  const remembering = (linkId: string, paymentId: string): PaymentProvider => ({
    ...sandbox,
    linkPayments: async (id) =>
      id === linkId
        ? [{ id: paymentId, status: 'captured', amount: null, paymentLinkId: linkId, madeAt: null }]
        : [],
  });

  /** The order's payment link, made once (the second run of a case repeats the same payment). */
  const links = new Map<string, ReturnType<typeof payable>>();
  const linkOf = (orderId: string, user: AuthUser) => {
    if (!links.has(orderId)) links.set(orderId, payable(db(), user, orderId));
    return links.get(orderId)!;
  };

  const adminMove = (to: OrderStatus, jobKey: string) => async (orderId: string) =>
    (await applyAdminMove(db(), { orderId, to, actorUserId: admin.id, jobKey })).entry;

  interface Case {
    name: string;
    /** The order before the move (stock 5; the order holds 2 pieces, unless sold out). */
    start: 'pending' | 'paid' | 'pending, sold out';
    /** The move, run twice with the same key. */
    act: (orderId: string, user: AuthUser) => Promise<LedgerEntry | null>;
    event: { actor: string; from_status: OrderStatus; to_status: OrderStatus };
    /** Stock after the move (5 before paying; 3 once paid). */
    stock: number;
  }

  const cases: Case[] = [
    {
      name: 'a payment places a PENDING order and takes its pieces',
      start: 'pending',
      act: async (orderId, user) => {
        const { paid } = await linkOf(orderId, user);
        return (await confirmPayment(db(), sandbox, { orderId, paymentId: paid, source: 'return' }))
          .entry;
      },
      event: { actor: 'payment', from_status: 'PENDING', to_status: 'PLACED' },
      stock: 3,
    },
    {
      name: 'a payment for a piece that sold out meanwhile cancels the order (the system did)',
      start: 'pending, sold out',
      act: async (orderId, user) => {
        const { paid } = await linkOf(orderId, user);
        return (
          await confirmPayment(db(), sandbox, { orderId, paymentId: paid, source: 'webhook' })
        ).entry;
      },
      event: { actor: 'system', from_status: 'PENDING', to_status: 'CANCELLED' },
      stock: 1,
    },
    {
      name: 'reconciliation finds a payment whose return and webhook were lost',
      start: 'pending',
      act: async (orderId, user) => {
        const { link, paid } = await linkOf(orderId, user);
        const linkId = link.payment_link_id;
        await db()
          .updateTable('payments')
          .set({ created_at: new Date(Date.now() - 3_600_000) })
          .where('order_id', '=', orderId)
          .execute();
        const report = await reconcilePayments(db(), remembering(linkId, paid), {
          olderThanMs: 0,
        });
        return report.entries.find((e) => e.orderId === orderId) ?? null;
      },
      event: { actor: 'payment', from_status: 'PENDING', to_status: 'PLACED' },
      stock: 3,
    },
    {
      name: 'an admin confirms a paid order: no stock moves',
      start: 'paid',
      act: adminMove('CONFIRMED', `outbox:${randomUUID()}`),
      event: { actor: 'admin', from_status: 'PLACED', to_status: 'CONFIRMED' },
      stock: 3,
    },
    {
      name: 'an admin ships and delivers in one move',
      start: 'paid',
      act: adminMove('DELIVERED', `outbox:${randomUUID()}`),
      event: { actor: 'admin', from_status: 'PLACED', to_status: 'DELIVERED' },
      stock: 3,
    },
    {
      name: 'an admin cancels a paid order: its pieces come back',
      start: 'paid',
      act: adminMove('CANCELLED', `outbox:${randomUUID()}`),
      event: { actor: 'admin', from_status: 'PLACED', to_status: 'CANCELLED' },
      stock: 5,
    },
    {
      name: 'an admin cancels an unpaid order: no stock was taken, none comes back',
      start: 'pending',
      act: adminMove('CANCELLED', `outbox:${randomUUID()}`),
      event: { actor: 'admin', from_status: 'PENDING', to_status: 'CANCELLED' },
      stock: 5,
    },
  ];

  for (const c of cases)
    it(c.name, async () => {
      const user = await newCustomer(db());
      const size = await stockedSize(db(), 5);
      const order =
        c.start === 'paid'
          ? await paidOrder(db(), user, [line(size, 2)])
          : await placeOrder(db(), user, [line(size, 2)]);
      if (c.start === 'pending, sold out')
        await db()
          .updateTable('product_sizes')
          .set({ stock: 1 })
          .where('id', '=', size.id)
          .execute();
      const before = await eventsOf(order._id);

      const first = await c.act(order._id, user);
      expect(first?.event).toMatchObject({
        orderId: order._id,
        userId: user.id,
        status: c.event.to_status,
      });
      const again = await c.act(order._id, user);
      // A duplicate finds the move made: it announces nothing and moves no stock.
      expect(again?.event ?? null).toBeNull();
      expect(again?.stockOf ?? []).toEqual([]);

      const after = await eventsOf(order._id);
      expect(after.slice(before.length)).toEqual([c.event]);
      expect(await stockOf(db(), size.id)).toBe(c.stock);
    });

  it('refuses a move the state machine forbids: no event, no stock, the refusal names the owner', async () => {
    const user = await newCustomer(db());
    const size = await stockedSize(db(), 5);
    const order = await paidOrder(db(), user, [line(size, 2)]);
    await adminMove('SHIPPED', `outbox:${randomUUID()}`)(order._id);
    const before = await eventsOf(order._id);
    const refusal = await expectRefusal(
      adminMove('CANCELLED', `outbox:${randomUUID()}`)(order._id),
      'CONFLICT',
      'Cannot move order from SHIPPED to CANCELLED',
    );
    expect(refusal).toMatchObject({
      event: { kind: 'refused', orderId: order._id, userId: user.id, status: 'SHIPPED' },
    });
    expect(await eventsOf(order._id)).toEqual(before);
    expect(await stockOf(db(), size.id)).toBe(3);
  });

  it('cancelling an unpaid order closes its payment links (to cancel at the provider too)', async () => {
    const user = await newCustomer(db());
    const order = await placeOrder(db(), user, [line(await stockedSize(db(), 5))]);
    const { link } = await payable(db(), user, order._id);
    const entry = await adminMove('CANCELLED', `outbox:${randomUUID()}`)(order._id);
    expect(entry?.closedLinks).toEqual([link.payment_link_id]);
    const row = await db()
      .selectFrom('payments')
      .select('status')
      .where('payment_link_id', '=', link.payment_link_id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('CANCELLED');
  });

  it('paying takes out of the cart only what the order bought', async () => {
    const user = await newCustomer(db());
    const bought = await stockedSize(db(), 5);
    const later = await stockedSize(db(), 5);
    const order = await placeOrder(db(), user, [line(bought, 2)]);
    // After ordering, the shopper adds another piece and one more of the size ordered.
    await addToCart(db(), user.id, line(later, 1));
    await addToCart(db(), user.id, line(bought, 3));
    const quantities = async () =>
      Object.fromEntries(
        (await getCart(db(), user.id)).cartItems.map((item) => [
          `${item.product._id} ${item.weight}`,
          item.quantity,
        ]),
      );
    const before = await quantities();
    const [b, l] = [`${bought.productId} ${bought.weight}`, `${later.productId} ${later.weight}`];
    expect(before[b]).toBeGreaterThan(2);
    const { paid } = await payable(db(), user, order._id);
    await confirmPayment(db(), sandbox, { orderId: order._id, paymentId: paid, source: 'return' });
    expect(await quantities()).toEqual({ [l]: 1, [b]: before[b]! - 2 });
  });

  it('a new payment link carries its expiry; an expired one is replaced by a fresh link', async () => {
    const user = await newCustomer(db());
    const order = await placeOrder(db(), user, [line(await stockedSize(db(), 5))]);
    const first = await createPaymentLink({
      db: db(),
      provider: sandbox,
      user,
      orderId: order._id,
      origins: ORIGINS,
      ttlMinutes: 30,
    });
    const row = await db()
      .selectFrom('payments')
      .select('expires_at')
      .where('payment_link_id', '=', first.payment_link_id)
      .executeTakeFirstOrThrow();
    const minutes = (new Date(row.expires_at!).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    expect(
      await createPaymentLink({
        db: db(),
        provider: sandbox,
        user,
        orderId: order._id,
        origins: ORIGINS,
        ttlMinutes: 30,
      }),
    ).toEqual(first);
    await db()
      .updateTable('payments')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('payment_link_id', '=', first.payment_link_id)
      .execute();
    const fresh = await createPaymentLink({
      db: db(),
      provider: sandbox,
      user,
      orderId: order._id,
      origins: ORIGINS,
      ttlMinutes: 30,
    });
    expect(fresh.payment_link_id).not.toBe(first.payment_link_id);
    const statuses = await db()
      .selectFrom('payments')
      .select(['payment_link_id', 'status'])
      .where('order_id', '=', order._id)
      .orderBy('created_at')
      .execute();
    expect(statuses.map((s) => s.status)).toEqual(['EXPIRED', 'CREATED']);
  });

  it('reconciliation asks once more about a link past its expiry, then closes it as EXPIRED and skips it', async () => {
    const user = await newCustomer(db());
    const order = await placeOrder(db(), user, [line(await stockedSize(db(), 5))]);
    const { link, paid } = await payable(db(), user, order._id);
    const made = new Date(Date.now() - 7_200_000);
    await db()
      .updateTable('payments')
      .set({ created_at: made, updated_at: made, expires_at: new Date(Date.now() - 3_600_000) })
      .where('payment_link_id', '=', link.payment_link_id)
      .execute();
    let asked = 0;
    const provider: PaymentProvider = {
      ...remembering(link.payment_link_id, paid),
      linkPayments: async (id) => {
        if (id === link.payment_link_id) asked++;
        return [];
      },
    };
    const statusOf = async () =>
      (
        await db()
          .selectFrom('payments')
          .select('status')
          .where('payment_link_id', '=', link.payment_link_id)
          .executeTakeFirstOrThrow()
      ).status;
    // A payment made in time whose return and webhook were lost would be found by this last ask.
    await reconcilePayments(db(), provider, { olderThanMs: 0 });
    expect(asked).toBe(1);
    expect(await statusOf()).toBe('CREATED');
    const report = await reconcilePayments(db(), provider, { olderThanMs: 0 });
    expect(report.expired).toBeGreaterThanOrEqual(1);
    expect(await statusOf()).toBe('EXPIRED');
    await reconcilePayments(db(), provider, { olderThanMs: 0 });
    expect(asked).toBe(1);
    expect(await eventsOf(order._id)).toHaveLength(1);
  });
});
