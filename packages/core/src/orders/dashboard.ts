import { sql, type Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { PRODUCT_COLUMNS, toProductViews } from '../catalog';
import { toOrderViews } from './order-view';
import { INDIA_OFFSET, indiaDate, type Dashboard } from '@kanak/shared';

/** The answer shapes are declared once, as zod schemas in @kanak/shared. */
export type { Dashboard };

/** Orders that were paid for and not cancelled count as sales. */
export const PAID_STATUSES = ['PLACED', 'CONFIRMED', 'SHIPPED', 'DELIVERED'] as const;
const DAY_MS = 86_400_000;

export async function getDashboard(db: Kysely<Database>, now = new Date()): Promise<Dashboard> {
  // Days are India's (the books date an order placed at 02:00 IST on that day, not the UTC eve).
  const today = Date.parse(`${indiaDate(now)}T00:00:00${INDIA_OFFSET}`);
  const from30 = new Date(today - 29 * DAY_MS);
  const from60 = new Date(today - 59 * DAY_MS);
  const [totals, customers, products, orders, byDay, previous, recentOrderRows, recentProductRows] =
    await Promise.all([
      db
        .selectFrom('orders')
        .select((eb) => [
          eb.fn.coalesce(eb.fn.sum<number>('total_item'), sql<number>`0`).as('sales'),
          eb.fn.coalesce(eb.fn.sum<number>('total_discounted_price'), sql<number>`0`).as('revenue'),
        ])
        .where('status', 'in', PAID_STATUSES)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('role', '=', 'CUSTOMER')
        .where('removed_at', 'is', null)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('orders')
        .select((eb) => [
          sql<string>`to_char(order_date AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD')`.as('day'),
          eb.fn.sum<number>('total_discounted_price').as('revenue'),
          eb.fn.countAll<number>().as('orders'),
        ])
        .where('status', 'in', PAID_STATUSES)
        .where('order_date', '>=', from30)
        .groupBy(sql`1`)
        .execute(),
      db
        .selectFrom('orders')
        .select((eb) =>
          eb.fn.coalesce(eb.fn.sum<number>('total_discounted_price'), sql<number>`0`).as('revenue'),
        )
        .where('status', 'in', PAID_STATUSES)
        .where('order_date', '>=', from60)
        .where('order_date', '<', from30)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('orders')
        .selectAll()
        .orderBy('order_date', 'desc')
        .orderBy('id')
        .limit(5)
        .execute(),
      db
        .selectFrom('products')
        .select(PRODUCT_COLUMNS)
        .orderBy('products.created_at', 'desc')
        .orderBy('products.id')
        .limit(10)
        .execute(),
    ]);
  const dayMap = new Map(byDay.map((d) => [d.day, d]));
  const salesByDay = Array.from({ length: 30 }, (_, i) => {
    const date = indiaDate(new Date(from30.getTime() + i * DAY_MS));
    const found = dayMap.get(date);
    return { date, revenue: Number(found?.revenue ?? 0), orders: Number(found?.orders ?? 0) };
  });
  const current = salesByDay.reduce((s, d) => s + d.revenue, 0);
  const before = Number(previous.revenue);
  const growthPercent =
    before > 0 ? Math.round(((current - before) / before) * 1000) / 10 : current > 0 ? 100 : 0;
  const [recentOrders, recentProducts] = await Promise.all([
    toOrderViews(db, recentOrderRows),
    toProductViews(db, recentProductRows),
  ]);
  return {
    sales: Number(totals.sales),
    revenue: Number(totals.revenue),
    customers: Number(customers.n),
    products: Number(products.n),
    orders: Number(orders.n),
    growthPercent,
    salesByDay,
    recentOrders,
    recentProducts,
  };
}
