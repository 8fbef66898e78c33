import { describe, expect, it } from 'vitest';
import { INVOICE_AFTER_DISPATCH, shopperDocuments } from './invoice-ready';

const invoice = { number: 'INV/2026-27/000012', url: '/api/orders/o1/invoice' };
const creditNote = { number: 'CN/2026-27/000003', url: '/api/orders/o1/credit-note' };

describe("the shopper's documents", () => {
  it('before dispatch: no invoice request, the note instead', () => {
    for (const orderStatus of ['PLACED', 'CONFIRMED'] as const)
      expect(shopperDocuments({ orderStatus, invoice, creditNote: null })).toEqual({
        invoice: null,
        creditNotes: [],
        note: INVOICE_AFTER_DISPATCH,
      });
  });

  it('once shipped or delivered: the invoice, no note', () => {
    for (const orderStatus of ['SHIPPED', 'DELIVERED'] as const)
      expect(shopperDocuments({ orderStatus, invoice, creditNote: null })).toEqual({
        invoice,
        creditNotes: [],
        note: null,
      });
  });

  it('cancelled: the credit note only; unpaid: nothing', () => {
    expect(shopperDocuments({ orderStatus: 'CANCELLED', invoice, creditNote })).toEqual({
      invoice: null,
      creditNotes: [creditNote],
      note: null,
    });
    expect(shopperDocuments({ orderStatus: 'PENDING', invoice: null, creditNote: null })).toEqual({
      invoice: null,
      creditNotes: [],
      note: null,
    });
  });

  it('returned twice: each credit note, oldest first', () => {
    const second = { number: 'CN/2026-27/000004', url: '/api/orders/o1/credit-note?number=2' };
    expect(
      shopperDocuments({
        orderStatus: 'DELIVERED',
        invoice,
        creditNote: second,
        creditNotes: [creditNote, second],
      }),
    ).toEqual({ invoice, creditNotes: [creditNote, second], note: null });
  });
});
