import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  applyAdminMove,
  confirmPayment,
  createOrderFromCart,
  createPaymentLink,
  createSandboxProvider,
  gstr1,
  gstr1Json,
  istDay,
  processRefund,
  requestOrderRefund,
  salesRegister,
  sandboxRefundStore,
  settlementReport,
  SAMPLE_GSTIN,
  sellerOf,
  type AuthUser,
  type RefundJob,
} from '@kanak/core';
import { B2CL_THRESHOLD, type AddressInput } from '@kanak/shared';
import { createTestDatabase, NO_LIMITS, type TestDatabase } from '@kanak/testkit';
import { newCustomer, ORIGINS, sandbox, seededUser } from './support';

/**
 * The owner's books over a seeded month: same-state and other-state buyers,
 * above ₹1 lakh within the state and across it, two paid orders cancelled (credit notes; one
 * refunded through the provider, one still owed), one cancelled before payment and one unpaid.
 * The register's and each GSTR-1 table's totals are rebuilt from the orders, and the
 * settlement's from the orders, the provider's refund records and the credit notes.
 */
describe("the owner's books", () => {
  let database: TestDatabase;
  let admin: AuthUser;
  const db = () => database.db;
  const seller = sellerOf({
    SELLER_LEGAL_NAME: 'Kanak Jewellers Pvt Ltd',
    SELLER_ADDRESS: '12 Residency Road, Bengaluru',
    SELLER_STATE: 'Karnataka',
    SELLER_GSTIN: SAMPLE_GSTIN,
  });
  const today = istDay(new Date());
  const month = today.slice(0, 7);
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

  /** Sizes in stock with their price, cheapest first, none shared between orders. */
  let sizes: { productId: string; weight: string; price: number }[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await seededUser(db(), 'admin');
    const rows = await db()
      .selectFrom('product_sizes as s')
      .innerJoin('products as p', 'p.id', 's.product_id')
      .select(['s.product_id', 's.weight', 's.id'])
      .select((eb) => eb.fn.coalesce('s.discounted_price', 'p.discounted_price').as('price'))
      .where('p.status', '=', 'live')
      .orderBy('s.id')
      .execute();
    await db().updateTable('product_sizes').set({ stock: 20 }).execute();
    // The demo seed's invoices (its paid orders of the last weeks) go a year back: this month
    // holds this test's documents only (packages/core/test/seeded-books.test.ts checks the seed's).
    await sql`UPDATE invoices SET issued_at = issued_at - interval '1 year'`.execute(db());
    await sql`UPDATE payments SET received_at = received_at - interval '1 year'`.execute(db());
    sizes = rows.map((r) => ({
      productId: r.product_id,
      weight: r.weight,
      price: Number(r.price),
    }));
  });
  afterAll(() => database.drop());

  /** A size priced between min and max, taken out of the pool. */
  const take = (minPrice: number, maxPrice: number) => {
    const index = sizes.findIndex((s) => s.price >= minPrice && s.price <= maxPrice);
    expect(index).toBeGreaterThanOrEqual(0);
    return sizes.splice(index, 1)[0]!;
  };

  /** An order of `quantity` pieces of one size, paid through the sandbox when `paid`. */
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
    if (paid) {
      const link = await createPaymentLink({
        db: db(),
        provider: sandbox,
        user,
        orderId: placed._id,
        origins: ORIGINS,
      });
      const { outcome } = await confirmPayment(db(), sandbox, {
        orderId: placed._id,
        paymentId: sandbox.paymentIdFor(link.payment_link_id, 'paid'),
        source: 'return',
      });
      expect(outcome.result).toBe('PAID');
    }
    return placed._id;
  }

  /** The month's orders, by what happened to them (the second test reads the first's). */
  let ids: Record<
    | 'local'
    | 'local2'
    | 'other'
    | 'large'
    | 'refunded'
    | 'largeRefunded'
    | 'unpaid'
    | 'cancelledUnpaid',
    string
  >;
  const paidNames = ['local', 'local2', 'other', 'large', 'refunded', 'largeRefunded'] as const;

  it('sales register, GSTR-1 and their totals agree with the orders, to the rupee', async () => {
    ids = {
      local: await order(KARNATAKA, [1000, 50_000], 1),
      // Same state and above ₹1 lakh: still B2CS (B2CL is inter-state only).
      local2: await order(KARNATAKA, [60_000, 90_000], 2),
      other: await order(MAHARASHTRA, [1000, 50_000], 1),
      large: await order(DELHI, [40_000, 90_000], 3),
      refunded: await order(MAHARASHTRA, [5000, 50_000], 1),
      // Inter-state above ₹1 lakh, then cancelled: its credit note goes to CDNUR.
      largeRefunded: await order(DELHI, [40_000, 90_000], 3),
      unpaid: await order(KARNATAKA, [1000, 50_000], 1, false),
      // Cancelled before it was paid: no money, no invoice.
      cancelledUnpaid: await order(MAHARASHTRA, [1000, 50_000], 1, false),
    };
    for (const orderId of [ids.refunded, ids.largeRefunded, ids.cancelledUnpaid])
      await applyAdminMove(db(), {
        orderId,
        to: 'CANCELLED',
        actorUserId: admin.id,
        jobKey: `cancel:${orderId}`,
      });

    // Independent figures, from the orders (the month's only documents: the seed's are moved away).
    const orders = await db()
      .selectFrom('orders')
      .select(['id', 'status', 'ship_state', 'total_discounted_price as total'])
      .where('id', 'in', Object.values(ids))
      .execute();
    const byId = new Map(orders.map((o) => [o.id, o]));
    const paidIds = paidNames.map((name) => ids[name]);
    const invoiced = paidIds.reduce((sum, id) => sum + byId.get(id)!.total, 0);
    const credited = byId.get(ids.refunded)!.total + byId.get(ids.largeRefunded)!.total;
    expect(byId.get(ids.large)!.total).toBeGreaterThan(B2CL_THRESHOLD);

    const register = await salesRegister(db(), seller, { from: today, to: today });
    const mine = register.rows.filter((r) => r.date === today);
    expect(mine.filter((r) => r.kind === 'invoice')).toHaveLength(paidIds.length);
    expect(mine.filter((r) => r.kind === 'credit-note')).toHaveLength(2);
    expect(register.totals.total).toBe(invoiced - credited);
    // Each row: taxable + taxes = total; CGST + SGST only within Karnataka, IGST elsewhere.
    for (const row of register.rows) {
      expect(row.taxable + row.cgst + row.sgst + row.igst).toBe(row.total);
      if (row.placeOfSupply === '29-Karnataka') expect(row.igst).toBe(0);
      else expect(row.cgst + row.sgst).toBe(0);
    }
    const localTotal = [ids.local, ids.local2].reduce((s, id) => s + byId.get(id)!.total, 0);
    expect(register.byState.find((s) => s.placeOfSupply === '29-Karnataka')!.total).toBe(
      localTotal,
    );
    expect(register.byState.find((s) => s.placeOfSupply === '27-Maharashtra')!.total).toBe(
      byId.get(ids.other)!.total, // the refunded order's invoice and credit note cancel out
    );
    const sum = (key: 'taxable' | 'cgst' | 'sgst' | 'igst' | 'total') =>
      register.rows.reduce((s, r) => s + r[key], 0);
    expect(register.totals).toEqual({
      taxable: sum('taxable'),
      cgst: sum('cgst'),
      sgst: sum('sgst'),
      igst: sum('igst'),
      total: sum('total'),
    });

    const returns = await gstr1(db(), seller, { month });
    // B2CL: the two inter-state invoices above ₹1 lakh, by number; CDNUR: the credit note of
    // the one cancelled, referring to its invoice.
    const delhi = register.rows.filter((r) => r.placeOfSupply === '07-Delhi');
    const largeInvoices = delhi.filter((r) => r.kind === 'invoice');
    const largeNote = delhi.find((r) => r.kind === 'credit-note')!;
    expect(returns.b2cl.map((r) => r.invoiceNumber).sort()).toEqual(
      largeInvoices.map((r) => r.number).sort(),
    );
    expect(returns.b2cl.map((r) => r.invoiceValue).sort()).toEqual(
      [byId.get(ids.large)!.total, byId.get(ids.largeRefunded)!.total].sort(),
    );
    expect(returns.cdnur).toEqual([
      expect.objectContaining({
        noteNumber: largeNote.number,
        invoiceNumber: largeNote.refersTo,
        noteValue: byId.get(ids.largeRefunded)!.total,
        placeOfSupply: '07-Delhi',
      }),
    ]);
    // B2CS: everything else, credit notes netted in, by place of supply.
    const b2csTaxable = returns.b2cs.reduce((s, r) => s + r.taxable, 0);
    const b2clTaxable = returns.b2cl.reduce((s, r) => s + r.taxable, 0);
    expect(b2csTaxable + b2clTaxable - returns.cdnur[0]!.taxable).toBe(register.totals.taxable);
    expect(returns.b2cs.map((r) => r.placeOfSupply).sort()).toEqual([
      '27-Maharashtra',
      '29-Karnataka',
    ]);
    // HSN: 7113 in grams; value and taxes equal the register's.
    const hsnValue = returns.hsn.reduce((s, r) => s + r.value, 0);
    const hsnTaxable = returns.hsn.reduce((s, r) => s + r.taxable, 0);
    expect(hsnValue).toBe(register.totals.total);
    expect(hsnTaxable).toBe(register.totals.taxable);
    expect(returns.hsn.every((r) => r.hsn === '7113')).toBe(true);
    const hsnTax = returns.hsn.reduce((s, r) => s + r.igst + r.cgst + r.sgst, 0);
    expect(hsnTax).toBe(register.totals.total - register.totals.taxable);
    // Each tax as the register splits it, document by document (not line by line).
    const hsnSum = (key: 'cgst' | 'sgst' | 'igst') => returns.hsn.reduce((s, r) => s + r[key], 0);
    expect([hsnSum('cgst'), hsnSum('sgst'), hsnSum('igst')]).toEqual([
      register.totals.cgst,
      register.totals.sgst,
      register.totals.igst,
    ]);
    // Documents issued: six invoices, two credit notes, none cancelled.
    expect(returns.docs).toEqual([
      expect.objectContaining({ nature: 'Invoices for outward supply', total: 6, cancelled: 0 }),
      expect.objectContaining({ nature: 'Credit Note', total: 2, cancelled: 0 }),
    ]);
  });

  it('the same month’s settlement agrees with the payments, the provider’s refunds and the credit notes', async () => {
    // One cancelled order is refunded through the provider; the other is still owed.
    const provider = createSandboxProvider(
      'core-tests-sandbox-secret',
      sandboxRefundStore(db(), 'core-tests-sandbox-secret'),
    );
    const relay = { wake: () => undefined, connected: () => false };
    await requestOrderRefund({ db: db(), relay, waitMs: 0 }, admin, ids.refunded);
    const job = await db()
      .selectFrom('outbox')
      .select('payload')
      .where('queue', '=', 'refunds')
      .executeTakeFirstOrThrow();
    await processRefund(db(), { provider, job: job.payload as RefundJob });

    // Independent figures: the orders' totals, the provider's own refund records, the credit
    // notes' documents.
    const orders = await db()
      .selectFrom('orders')
      .select(['id', 'total_discounted_price as total'])
      .where('id', 'in', Object.values(ids))
      .execute();
    const totalOf = (id: string) => orders.find((o) => o.id === id)!.total;
    const received = paidNames.reduce((sum, name) => sum + totalOf(ids[name]), 0);
    const providerRefunds = await db()
      .selectFrom('sandbox_refunds')
      .select(['amount', 'status'])
      .execute();
    expect(providerRefunds).toEqual([{ amount: totalOf(ids.refunded), status: 'processed' }]);
    const notes = await db()
      .selectFrom('invoices')
      .select(['order_id', 'document'])
      .where('kind', '=', 'CREDIT_NOTE')
      .execute();
    const credited = notes.reduce(
      (sum, n) => sum + (n.document as { totals: { total: number } }).totals.total,
      0,
    );
    expect(credited).toBe(totalOf(ids.refunded) + totalOf(ids.largeRefunded));

    const range = { from: `${month}-01`, to: today };
    const report = await settlementReport(db(), range);
    expect(report.totals).toEqual({
      received,
      refunded: providerRefunds[0]!.amount,
      invoiced: received,
      credited,
      owed: totalOf(ids.largeRefunded),
      creditIssued: 0,
      creditSpent: 0,
      schemeSpent: 0,
      codShort: 0,
      codOver: 0,
    });
    expect(report.balances).toBe(true);
    expect(report.unmatched).toEqual([]);
    expect(report.invoicesWithoutPayment).toEqual([]);
    expect(report.refundsDue.map((p) => p.orderId)).toEqual([ids.largeRefunded]);
    expect(report.refundsPaid.map((p) => p.orderId)).toEqual([ids.refunded]);
    expect(report.payments.map((p) => p.orderId).sort()).toEqual(
      paidNames.map((name) => ids[name]).sort(),
    );

    // The three reports tell one story: what was invoiced less what was credited is the
    // register's total, and GSTR-1's HSN value.
    const register = await salesRegister(db(), seller, range);
    expect(register.totals.total).toBe(report.totals.invoiced - report.totals.credited);
    const returns = await gstr1(db(), seller, { month });
    expect(returns.hsn.reduce((s, r) => s + r.value, 0)).toBe(register.totals.total);
    // REST's GSTR-1 JSON is streamed: the same object, without the tRPC page.
    const chunks: Buffer[] = [];
    for await (const chunk of gstr1Json(db(), seller, { month })) chunks.push(Buffer.from(chunk));
    const { page, ...whole } = returns;
    expect(JSON.parse(Buffer.concat(chunks).toString('utf8'))).toEqual(whole);
    expect(page).toMatchObject({ page: 1, b2cl: returns.b2cl.length, cdnur: returns.cdnur.length });
    // A page of one row: the totals of the whole range, one row of the list.
    const paged = await salesRegister(db(), seller, { ...range, page: 2, pageSize: 1 });
    expect(paged.rows).toEqual(register.rows.slice(1, 2));
    expect(paged.totals).toEqual(register.totals);
    expect(paged.page).toEqual({
      page: 2,
      pageSize: 1,
      rows: register.rows.length,
      pages: register.rows.length,
    });
    console.info(
      `books of ${month}: received ${received} − refunded ${report.totals.refunded} = invoiced ${received} − credited ${credited} + owed ${report.totals.owed}; register ${register.totals.total}`,
    );
  });
});
