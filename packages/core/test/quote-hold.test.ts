import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelUnpaidOrders, createPaymentLink, type Clock } from '@kanak/core';
import { createTestDatabase, type TestDatabase } from '@kanak/testkit';
import { line, newCustomer, ORIGINS, placeOrder, sandbox, stockedSize, stockOf } from './support';

/**
 * Security review (finding 1): asking for a fresh link just before each one ran out
 * renewed the old quote, and the stock it held, for ever. A quote now holds for one link life
 * from when it was made, and an order unpaid a TTL after its first link is cancelled even while
 * a renewed link is open. The clock is moved, not waited for.
 */
describe('a quote holds for one link life, not for ever', () => {
  let database: TestDatabase;
  const db = () => database.db;
  const LINK_MINUTES = 30;
  const UNPAID_TTL_MS = 40 * 60_000;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  /** A clock that starts now and is moved by the test. */
  const movableClock = () => {
    const start = Date.now();
    let offsetMs = 0;
    const clock: Clock = () => new Date(start + offsetMs);
    return { clock, at: (minutes: number) => (offsetMs = minutes * 60_000) };
  };

  const linksOf = (orderId: string) =>
    db()
      .selectFrom('payments')
      .select(['payment_link_id', 'amount', 'status'])
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .execute();

  it('a link renewed across three link lifetimes is re-quoted at today’s price once the hold ends', async () => {
    const user = await newCustomer(db());
    const size = await stockedSize(db(), 5);
    const order = await placeOrder(db(), user, [line(size)]);
    const quoted = order.totalDiscountedPrice;
    const { clock, at } = movableClock();
    const link = () =>
      createPaymentLink({
        db: db(),
        provider: sandbox,
        user,
        orderId: order._id,
        origins: ORIGINS,
        ttlMinutes: LINK_MINUTES,
        clock,
      });

    const first = await link();
    // Gold rises after the quote: the size's stored price follows the new rate.
    const risen = quoted + 5_000;
    await db()
      .updateTable('product_sizes')
      .set({ price: risen + 1_000, discounted_price: risen })
      .where('id', '=', size.id)
      .execute();

    // Life 1, 26 minutes in: the link has 4 minutes left (under the reuse margin), the quote
    // (30 minutes) still holds: a fresh link at the quoted amount.
    at(26);
    const second = await link();
    expect(second.payment_link_id).not.toBe(first.payment_link_id);
    expect(second.requote).toBeUndefined();

    // Life 2, 52 minutes in: the second link is near its end again. Before the fix a link still
    // open kept the old quote (₹ quoted); now the hold is over and the order is priced anew.
    at(52);
    const third = await link();
    expect(third.requote).toEqual({ from: quoted, to: risen });

    // Life 3, 78 minutes in: the re-quote holds from 52, so the renewal keeps the new amount.
    at(78);
    const fourth = await link();
    expect(fourth.requote).toBeUndefined();
    const amounts = (await linksOf(order._id)).map((l) => [l.amount, l.status]);
    expect(amounts).toEqual([
      [quoted, 'EXPIRED'],
      [quoted, 'EXPIRED'],
      [risen, 'EXPIRED'],
      [risen, 'CREATED'],
    ]);
  });

  it('an order unpaid a TTL after its first link is cancelled, its renewed link closed, its stock free', async () => {
    const user = await newCustomer(db());
    const size = await stockedSize(db(), 3);
    const order = await placeOrder(db(), user, [line(size)]);
    const { clock, at } = movableClock();
    const link = () =>
      createPaymentLink({
        db: db(),
        provider: sandbox,
        user,
        orderId: order._id,
        origins: ORIGINS,
        ttlMinutes: LINK_MINUTES,
        clock,
      });
    await link();
    at(26);
    await link(); // renewed: open until minute 56

    // Within the TTL of the first link, the open link keeps the order.
    at(39);
    const early = await cancelUnpaidOrders(db(), { unpaidTtlMs: UNPAID_TTL_MS, clock });
    expect(early.map((e) => e.orderId)).not.toContain(order._id);
    // The order's own row was written at the real "now": let it look as old as the clock says.
    await db()
      .updateTable('orders')
      .set({ order_date: new Date(Date.now() - 41 * 60_000) })
      .where('id', '=', order._id)
      .execute();
    await db()
      .updateTable('payments')
      .set({ created_at: new Date(Date.now() - 41 * 60_000) })
      .where('order_id', '=', order._id)
      .where('status', '=', 'EXPIRED')
      .execute();
    at(41);
    const cancelled = await cancelUnpaidOrders(db(), { unpaidTtlMs: UNPAID_TTL_MS, clock });
    const mine = cancelled.filter((e) => e.orderId === order._id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.closedLinks).toHaveLength(1);
    const status = await db()
      .selectFrom('orders')
      .select('status')
      .where('id', '=', order._id)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('CANCELLED');
    expect((await linksOf(order._id)).map((l) => l.status)).toEqual(['EXPIRED', 'CANCELLED']);
    // A PENDING order holds no stock (it is taken on payment): the size is as it was.
    expect(await stockOf(db(), size.id)).toBe(3);
  });
});
