import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyAdminMove, getDashboard, removeUser, type AuthUser } from '@kanak/core';
import { indiaDate } from '@kanak/shared';
import { createTestDatabase, type TestDatabase } from '@kanak/testkit';
import { line, newCustomer, paidOrder, placeOrder, seededUser, stockedSize } from './support';

const DAY_MS = 86_400_000;

describe('admin dashboard figures (core)', () => {
  let database: TestDatabase;
  let admin: AuthUser;
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await seededUser(db(), 'admin');
  });
  afterAll(() => database.drop());

  it('a paid order adds its pieces and amount to sales, revenue, orders and today', async () => {
    const before = await getDashboard(db());
    const order = await paidOrder(db(), await newCustomer(db()), [
      line(await stockedSize(db(), 5), 2),
    ]);
    const after = await getDashboard(db());
    expect(after.sales - before.sales).toBe(2);
    expect(after.revenue - before.revenue).toBe(order.totalDiscountedPrice);
    expect(after.orders - before.orders).toBe(1);
    expect(after.salesByDay.at(-1)!.revenue - before.salesByDay.at(-1)!.revenue).toBe(
      order.totalDiscountedPrice,
    );
    expect(after.recentOrders[0]!._id).toBe(order._id);
  });

  it('an unpaid or cancelled order counts as an order but not as a sale', async () => {
    const before = await getDashboard(db());
    const pending = await placeOrder(db(), await newCustomer(db()), [
      line(await stockedSize(db(), 5)),
    ]);
    const cancelled = await paidOrder(db(), await newCustomer(db()), [
      line(await stockedSize(db(), 5)),
    ]);
    await applyAdminMove(db(), {
      orderId: cancelled._id,
      to: 'CANCELLED',
      actorUserId: admin.id,
      jobKey: `outbox:${randomUUID()}`,
    });
    const after = await getDashboard(db());
    expect(after.orders - before.orders).toBe(2);
    expect(after.sales).toBe(before.sales);
    expect(after.revenue).toBe(before.revenue);
    expect(after.recentOrders.map((o) => o._id).slice(0, 2)).toEqual([cancelled._id, pending._id]);
  });

  it('customers count live customer accounts only (no admins, no removed accounts)', async () => {
    const before = await getDashboard(db());
    const customer = await newCustomer(db());
    expect((await getDashboard(db())).customers).toBe(before.customers + 1);
    await removeUser(db(), admin, customer.id);
    expect((await getDashboard(db())).customers).toBe(before.customers);
    const counted = await database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('role', '=', 'CUSTOMER')
      .where('removed_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(before.customers).toBe(Number(counted.n));
  });

  it('sales by day cover the last 30 days, ending today, and add up with the seeded month', async () => {
    const dashboard = await getDashboard(db());
    expect(dashboard.salesByDay).toHaveLength(30);
    expect(dashboard.salesByDay.at(-1)!.date).toBe(indiaDate(new Date()));
    const dates = dashboard.salesByDay.map((d) => d.date);
    expect(dates).toEqual([...dates].sort());
    expect(dashboard.salesByDay.some((d) => d.orders > 0)).toBe(true);
    expect(dashboard.recentOrders).toHaveLength(5);
    expect(dashboard.recentProducts).toHaveLength(10);
  });

  it("groups days as India does: an order placed at 02:14 IST on 7 Dec (20:44 UTC on 6 Dec) is 7 Dec's", async () => {
    const order = await paidOrder(db(), await newCustomer(db()), [
      line(await stockedSize(db(), 5)),
    ]);
    await db()
      .updateTable('orders')
      .set({ order_date: new Date('2026-12-06T20:44:35.268Z') })
      .where('id', '=', order._id)
      .execute();
    const seen = await getDashboard(db(), new Date('2026-12-07T06:00:00Z'));
    expect(seen.salesByDay.at(-1)!.date).toBe('2026-12-07');
    const day = (d: string) => seen.salesByDay.find((s) => s.date === d)!;
    const others = await db()
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('order_date', '>=', new Date('2026-12-06T18:30:00Z'))
      .where('order_date', '<', new Date('2026-12-07T18:30:00Z'))
      .where('status', 'in', ['PLACED', 'CONFIRMED', 'SHIPPED', 'DELIVERED'])
      .executeTakeFirstOrThrow();
    expect(day('2026-12-07').orders).toBe(Number(others.n));
    expect(day('2026-12-07').orders).toBeGreaterThanOrEqual(1);
  });

  it('growth compares the last 30 days with the 30 before: nothing lately after sales is -100 %', async () => {
    // Seen from 30 days ahead, the current window is empty and the previous one holds today's sales.
    const later = await getDashboard(db(), new Date(Date.now() + 30 * DAY_MS));
    expect(later.salesByDay.every((d) => d.revenue === 0)).toBe(true);
    expect(later.growthPercent).toBe(-100);
    // Seen from further ahead, both windows are empty: no growth.
    expect((await getDashboard(db(), new Date(Date.now() + 90 * DAY_MS))).growthPercent).toBe(0);
  });
});
