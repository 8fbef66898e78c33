import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { istDay, salesRegister, sellerOf, settlementReport, SAMPLE_GSTIN } from '@kanak/core';
import { createTestDatabase, type TestDatabase } from '@kanak/testkit';

/**
 * The demo shop as `pnpm start` seeds it (the test template is seeded the same way): its paid
 * orders are invoiced by issueInvoice when seeded, so the settlement of every seeded month
 * balances to the rupee, with no payment left without an invoice.
 */
describe("the seeded shop's books", () => {
  let database: TestDatabase;
  const db = () => database.db;
  const seller = sellerOf({
    SELLER_LEGAL_NAME: 'Kanak Jewellers Pvt Ltd',
    SELLER_ADDRESS: '12 Residency Road, Bengaluru',
    SELLER_STATE: 'Karnataka',
    SELLER_GSTIN: SAMPLE_GSTIN,
  });
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('balances every seeded month to the rupee, each payment matched to its invoice', async () => {
    const orders = await db()
      .selectFrom('orders')
      .select(['id', 'status', 'order_date', 'total_discounted_price as total'])
      .orderBy('order_date')
      .execute();
    // Independent figures: what the paid orders (placed or further on) came to.
    const paid = orders.filter((o) => o.status !== 'PENDING' && o.status !== 'CANCELLED');
    expect(paid.length).toBeGreaterThan(30);
    const months = [...new Set(orders.map((o) => istDay(o.order_date).slice(0, 7)))];
    expect(months.length).toBeGreaterThanOrEqual(2);

    const today = istDay(new Date());
    let received = 0;
    for (const month of months) {
      const [year, m] = month.split('-').map(Number) as [number, number];
      const monthEnd = new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
      const to = monthEnd < today ? monthEnd : today;
      const report = await settlementReport(db(), { from: `${month}-01`, to });
      const inMonth = paid.filter((o) => istDay(o.order_date).startsWith(month));
      const sum = inMonth.reduce((s, o) => s + o.total, 0);
      expect(report.totals, month).toEqual({
        received: sum,
        refunded: 0,
        invoiced: sum,
        credited: 0,
        owed: 0,
        creditIssued: 0,
        creditSpent: 0,
        schemeSpent: 0,
        codShort: 0,
        codOver: 0,
      });
      expect(report.balances, month).toBe(true);
      expect(report.unmatched, month).toEqual([]);
      expect(report.invoicesWithoutPayment, month).toEqual([]);
      expect(report.payments.map((p) => p.orderId).sort(), month).toEqual(
        inMonth.map((o) => o.id).sort(),
      );
      received += report.totals.received;
      console.info(
        `seeded ${month}: received ${report.totals.received} − refunded 0 = invoiced ${report.totals.invoiced} − credited 0 + owed 0: balances`,
      );
    }
    expect(received).toBe(paid.reduce((s, o) => s + o.total, 0));

    // The sales register of the whole span: one invoice per paid order, numbered in the order
    // they were paid.
    const register = await salesRegister(db(), seller, {
      from: `${months[0]}-01`,
      to: today,
    });
    expect(register.rows).toHaveLength(paid.length);
    expect(register.totals.total).toBe(received);
    const numbers = register.rows.map((r) => r.number);
    expect([...numbers].sort()).toEqual(numbers);
  });
});
