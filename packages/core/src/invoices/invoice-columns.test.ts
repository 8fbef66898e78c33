import { describe, expect, it } from 'vitest';
import { invoiceColumns } from './invoice-columns';
import type { InvoiceLine } from './invoice-document';

const ring: InvoiceLine = {
  orderItemId: 'item',
  description: '22K ring',
  hsn: '7113',
  purity: '22K916',
  netWeight: '5 g',
  quantity: 1,
  ratePerGram: 11_612.2,
  metalValue: 58_061,
  making: 14_515,
  stones: 0,
  gross: 72_576,
  discount: 3_629,
  taxable: 68_947,
  gst: 2_068,
  total: 71_015,
};

describe('invoice columns', () => {
  it('prints gross making, its discount and a taxable value that is their sum', () => {
    expect(invoiceColumns(ring)).toEqual({
      metal: 58_061,
      making: 14_515,
      stones: 0,
      gross: 72_576,
      discount: 3_629,
      taxable: 68_947,
    });
  });

  it('reads a document numbered before the invoice columns changed (making net of its discount) as the same amounts', () => {
    // What the issue saw printed: Metal 58,061, Making 10,886, Discount 3,629, Taxable 68,947.
    const { gross: _, ...legacy } = { ...ring, making: 10_886 };
    const columns = invoiceColumns(legacy);
    expect(columns).toMatchObject({ making: 14_515, gross: 72_576, taxable: 68_947 });
    expect(columns.metal! + columns.making! - columns.discount + columns.stones!).toBe(
      columns.taxable,
    );
  });

  it('splits an old fixed-price discount (GST included) into its taxable part', () => {
    // List ₹60,000, paid ₹51,845 (GST included): taxable 58,252 and 50,335.
    const legacy: InvoiceLine = {
      ...ring,
      ratePerGram: null,
      metalValue: null,
      making: null,
      stones: null,
      gross: undefined,
      discount: 8_155,
      taxable: 50_335,
      gst: 1_510,
      total: 51_845,
    };
    expect(invoiceColumns(legacy)).toMatchObject({
      gross: 58_252,
      discount: 7_917,
      taxable: 50_335,
    });
  });
});
