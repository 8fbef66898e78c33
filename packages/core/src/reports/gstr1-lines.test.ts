import { describe, expect, it } from 'vitest';
import { splitGst } from '@kanak/shared';
import type { InvoiceDocument, InvoiceLine } from '../invoices';
import { lineTaxShares } from './gstr1';

const line = (gst: number): InvoiceLine => ({
  orderItemId: `l${gst}`,
  description: 'Ring',
  hsn: '7113',
  purity: '22K916',
  netWeight: '5 g',
  quantity: 1,
  ratePerGram: null,
  metalValue: null,
  making: null,
  stones: null,
  discount: 0,
  taxable: gst * 33,
  gst,
  total: gst * 34,
});
const doc = (gsts: number[], stateCode: string): InvoiceDocument => ({
  kind: 'INVOICE',
  number: 'KJ/2026-27/000001',
  issuedAt: '2026-12-06T20:44:35.268Z',
  orderId: 'o',
  orderDate: '2026-12-06T20:40:00.000Z',
  buyer: { name: 'Asha Rao', address: '1 Main Road', state: 'Karnataka', stateCode },
  placeOfSupply: { state: 'Karnataka', stateCode },
  lines: gsts.map(line),
  totals: {
    taxable: gsts.reduce((n, g) => n + g * 33, 0),
    gst: gsts.reduce((n, g) => n + g, 0),
    total: gsts.reduce((n, g) => n + g * 34, 0),
  },
});

describe("GSTR-1's HSN tax per line", () => {
  it("adds up to the document's own CGST and SGST, as the register splits them", () => {
    for (const gsts of [[3, 3], [1501, 1, 7], [1], [0, 5], [999, 999, 999, 1]]) {
      const d = doc(gsts, '29');
      const tax = splitGst(d.totals.gst, '29', '29');
      const shares = lineTaxShares(d, tax);
      expect(shares.reduce((n, s) => n + s.cgst, 0)).toBe(tax.cgst);
      expect(shares.reduce((n, s) => n + s.sgst, 0)).toBe(tax.sgst);
      shares.forEach((s, i) => expect(s.cgst + s.sgst).toBe(gsts[i]));
    }
  });
  it('puts the whole of each line in IGST across states', () => {
    const d = doc([3, 3], '27');
    expect(lineTaxShares(d, splitGst(6, '29', '27'))).toEqual([
      { cgst: 0, sgst: 0, igst: 3 },
      { cgst: 0, sgst: 0, igst: 3 },
    ]);
  });
});
