// The invoice adds up as printed. Real orders are paid, their invoices rendered
// to PDF and read back with pdf.js (unpdf); every printed money column of every line, the table's
// total row and the tax summary are re-added from the printed figures alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDocumentProxy } from 'unpdf';
import {
  addToCart,
  confirmPayment,
  createOrderFromCart,
  huidLines,
  linesLackingHuids,
  openInvoicePdf,
  recordOrderHuids,
  recordOrderPan,
  type AuthUser,
  type SellerDetails,
} from '@kanak/core';
import type { AddressInput } from '@kanak/shared';
import { createTestDatabase, NO_LIMITS, type TestDatabase } from '@kanak/testkit';
import { ADDRESS, newCustomer, payable, sandbox } from './support';

const SELLER: SellerDetails = {
  legalName: 'Kanak Jewellers Private Limited',
  address: '12 Residency Road, Bengaluru, Karnataka 560025',
  state: 'Karnataka',
  stateCode: '29',
  gstin: '29AAACK1234E1ZY',
};
const OTHER_STATE: AddressInput = {
  ...ADDRESS,
  city: 'Pune',
  state: 'Maharashtra',
  zipCode: '411001',
};

interface Item {
  str: string;
  x: number;
  right: number;
  y: number;
}

/** Every text item of the PDF with its position (pdf.js: y grows upwards), page after page. */
async function textItems(bytes: Buffer): Promise<Item[][]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const pages: Item[][] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(
      content.items.flatMap((item) =>
        'str' in item && item.str.trim()
          ? [
              {
                str: item.str.trim(),
                x: item.transform[4] as number,
                right: (item.transform[4] as number) + item.width,
                y: Math.round(item.transform[5] as number),
              },
            ]
          : [],
      ),
    );
  }
  return pages;
}

const COLUMNS = ['Metal', 'Making', 'Stones', 'Gross', 'Discount', 'Taxable'] as const;
type Column = (typeof COLUMNS)[number];
type Row = Record<Column, number | null> & { Qty: number };

const rupees = (s: string): number | null => (s === '-' ? null : Number(s.replace(/,/g, '')));

/**
 * The table as printed, read left to right: a line's row starts with its HSN code (then Qty,
 * Rate/g and the six money columns); the total row with "Total" (then Qty and the six).
 */
function readTable(pages: Item[][]): { lines: Row[]; total: Row } {
  const lines: Row[] = [];
  let total: Row | null = null;
  for (const items of pages) {
    const header = items.find((i) => i.str === 'Description');
    if (!header) continue;
    const starts = items.filter(
      (i) => i.y < header.y && (/^711[34]$/.test(i.str) || (i.str === 'Total' && i.x < 100)),
    );
    for (const start of starts) {
      // Cells right of the row's first, split on spaces (pdf.js may join neighbouring cells).
      const cells = items
        .filter((i) => i.y === start.y && i.x > start.x + 1)
        .sort((a, b) => a.x - b.x)
        .flatMap((i) => i.str.split(/\s+/));
      const isTotal = start.str === 'Total';
      expect(cells).toHaveLength(isTotal ? 7 : 8);
      const money = cells.slice(isTotal ? 1 : 2);
      expect(money.every((m) => /^(-|[\d,]+)$/.test(m))).toBe(true);
      const row = {
        Qty: Number(cells[0]),
        ...Object.fromEntries(COLUMNS.map((c, k) => [c, rupees(money[k]!)])),
      } as Row;
      if (isTotal) total = row;
      else lines.push(row);
    }
  }
  expect(total).not.toBeNull();
  return { lines, total: total! };
}

/** The summary under the table: "Taxable value ₹1,00,670", "CGST 1.5% ₹1,510", … */
function readSummary(text: string) {
  const figure = (label: RegExp) => {
    const match = text.match(new RegExp(`${label.source}\\s*₹([\\d,]+)`));
    return match ? rupees(match[1]!)! : null;
  };
  return {
    taxable: figure(/Taxable value/),
    cgst: figure(/CGST 1\.5%/),
    sgst: figure(/SGST 1\.5%/),
    igst: figure(/IGST 3%/),
    total: figure(/\bTotal/),
  };
}

describe('an invoice that adds up as printed', () => {
  let database: TestDatabase;
  const db = () => database.db;
  const picked = { fixed: '', metal: '', stoneSet: '' };

  beforeAll(async () => {
    database = await createTestDatabase();
    const first = (basis: 'fixed' | 'metal', stones: boolean) => {
      let query = db()
        .selectFrom('products')
        .innerJoin('product_sizes', 'product_sizes.product_id', 'products.id')
        .select('product_sizes.id')
        .where('products.pricing_basis', '=', basis)
        // A discounted piece (a fixed price's sizes carry the product's prices).
        .whereRef('products.discounted_price', '<', 'products.price')
        .where('product_sizes.position', '=', 0);
      if (basis === 'metal') query = query.where('products.stones', stones ? '>' : '=', 0);
      return query.orderBy('products.id').executeTakeFirstOrThrow();
    };
    picked.fixed = (await first('fixed', false)).id;
    picked.metal = (await first('metal', false)).id;
    picked.stoneSet = (await first('metal', true)).id;
    await db()
      .updateTable('product_sizes')
      .set({ stock: 1000 })
      .where('id', 'in', Object.values(picked))
      .execute();
  });
  afterAll(() => database.drop());

  /** A paid order of these sizes (quantities), its HUIDs recorded, and its invoice's PDF. */
  async function invoiceOf(sizes: [string, number][], address: AddressInput) {
    const user: AuthUser = await newCustomer(db(), 'columns');
    for (const [sizeId, quantity] of sizes) {
      const size = await db()
        .selectFrom('product_sizes')
        .select(['product_id', 'weight'])
        .where('id', '=', sizeId)
        .executeTakeFirstOrThrow();
      await addToCart(db(), user.id, { productId: size.product_id, weight: size.weight, quantity });
    }
    const order = await createOrderFromCart({
      db: db(),
      userId: user.id,
      address,
      limits: NO_LIMITS,
    });
    const { paid } = await payable(db(), user, order._id);
    const { outcome } = await confirmPayment(db(), sandbox, {
      orderId: order._id,
      paymentId: paid,
      source: 'return',
    });
    expect(outcome.result).toBe('PAID');
    const lacking = linesLackingHuids(await huidLines(db(), order._id));
    if (lacking.length)
      await recordOrderHuids(
        db(),
        order._id,
        Object.fromEntries(
          lacking.map((l) => [
            l.id,
            Array.from({ length: l.quantity }, () =>
              Math.random().toString(36).slice(2, 8).toUpperCase().padEnd(6, 'X'),
            ),
          ]),
        ),
      );
    if (order.totalDiscountedPrice > 200_000)
      await recordOrderPan(db(), { user, id: order._id, pan: 'ABCPE1234F' });
    const file = await openInvoicePdf(db(), {
      user,
      id: order._id,
      kind: 'INVOICE',
      seller: SELLER,
    });
    return { order, body: file.body };
  }

  const cases: { name: string; sizes: () => [string, number][]; address: AddressInput }[] = [
    { name: 'a fixed-price piece, same state', sizes: () => [[picked.fixed, 1]], address: ADDRESS },
    {
      name: 'a metal-priced piece, other state',
      sizes: () => [[picked.metal, 1]],
      address: OTHER_STATE,
    },
    {
      name: 'a stone-set piece, two of them, same state',
      sizes: () => [[picked.stoneSet, 2]],
      address: ADDRESS,
    },
    {
      name: 'all three on one invoice, other state',
      sizes: () => [
        [picked.fixed, 2],
        [picked.metal, 1],
        [picked.stoneSet, 1],
      ],
      address: OTHER_STATE,
    },
    {
      name: 'all three on one invoice, same state',
      sizes: () => [
        [picked.metal, 3],
        [picked.stoneSet, 1],
        [picked.fixed, 1],
      ],
      address: ADDRESS,
    },
  ];

  for (const c of cases)
    it(`re-adds every printed column: ${c.name}`, async () => {
      const sizes = c.sizes();
      const { order, body } = await invoiceOf(sizes, c.address);
      const pages = await textItems(body);
      const text = pages
        .flat()
        .map((i) => i.str)
        .join(' ');
      const { lines, total } = readTable(pages);
      expect(lines).toHaveLength(sizes.length);

      for (const [i, line] of lines.entries()) {
        const metalPriced = sizes[i]![0] !== picked.fixed;
        expect(line.Qty).toBe(sizes[i]![1]);
        if (metalPriced) {
          // Gross making and the discount on it; the row adds up as printed.
          expect(line.Metal).toBeGreaterThan(0);
          expect(line.Making).toBeGreaterThan(0);
          expect(line.Stones).not.toBeNull();
          expect(line.Gross).toBe(line.Metal! + line.Making! + line.Stones!);
          expect(line.Taxable).toBe(line.Metal! + line.Making! - line.Discount! + line.Stones!);
          expect(line.Discount).toBeLessThan(line.Making!);
        } else {
          expect([line.Metal, line.Making, line.Stones]).toEqual([null, null, null]);
          expect(line.Taxable).toBe(line.Gross! - line.Discount!);
        }
        expect(line.Discount).toBeGreaterThan(0);
        if (sizes[i]![0] === picked.stoneSet) expect(line.Stones).toBeGreaterThan(0);
      }
      // The total row is the sum of each printed column.
      const sum = (column: Column) => {
        const values = lines.map((l) => l[column]).filter((v): v is number => v !== null);
        return values.length ? values.reduce((a, b) => a + b, 0) : null;
      };
      for (const column of COLUMNS) expect([column, total[column]]).toEqual([column, sum(column)]);
      expect(total.Qty).toBe(lines.reduce((n, l) => n + l.Qty, 0));

      // The summary: the table's taxable value, its tax split by place of supply, and the total
      // that is what the shopper paid.
      const summary = readSummary(text);
      expect(summary.taxable).toBe(total.Taxable);
      const paid = await db()
        .selectFrom('orders')
        .select('total_discounted_price')
        .where('id', '=', order._id)
        .executeTakeFirstOrThrow();
      expect(summary.total).toBe(paid.total_discounted_price);
      if (c.address.state === SELLER.state) {
        expect(summary.igst).toBeNull();
        expect(Math.abs(summary.cgst! - summary.sgst!)).toBeLessThanOrEqual(1);
        expect(summary.taxable! + summary.cgst! + summary.sgst!).toBe(summary.total);
      } else {
        expect([summary.cgst, summary.sgst]).toEqual([null, null]);
        expect(summary.taxable! + summary.igst!).toBe(summary.total);
      }
      // GST is 3 % of the taxable value, to the rupee per line.
      const tax = summary.total! - summary.taxable!;
      expect(Math.abs(tax - (summary.taxable! * 3) / 100)).toBeLessThanOrEqual(lines.length);
    });
});
