import { describe, expect, it } from 'vitest';
import { formatRupees } from '@kanak/shared';
import { refundNotice, type RefundFacts } from './refund';

const soldOutNote =
  'Cancelled: Aurora Gold Ring (5 g) sold out when the payment arrived. The payment of ₹12,500 will be refunded.';

const order = (facts: Partial<RefundFacts>): RefundFacts => ({
  orderStatus: 'CANCELLED',
  statusNote: soldOutNote,
  refund: { reason: 'SOLD_OUT', amount: 12500 },
  ...facts,
});

describe('refundNotice', () => {
  it('says nothing when no refund is due', () => {
    expect(refundNotice(order({ refund: null }))).toBeNull();
    expect(refundNotice(order({ refund: null, orderStatus: 'PLACED', statusNote: null }))).toBe(
      null,
    );
  });

  it('tells a shopper whose piece sold out that the order is cancelled and the amount refunded', () => {
    const notice = refundNotice(order({}))!;
    expect(notice.soldOut).toBe(true);
    expect(notice.title).toBe('Sold out before your payment arrived');
    expect(notice.text).toContain('sold out');
    expect(notice.text).toContain('cancelled');
    expect(notice.text).toContain(`${formatRupees(12500)} will be refunded`);
    expect(notice.note).toBe(soldOutNote);
    expect(notice.summary).toBe(
      `Sold out: your payment of ${formatRupees(12500)} will be refunded`,
    );
  });

  it('does not claim a sell-out for an order the shop cancelled', () => {
    const notice = refundNotice(
      order({
        statusNote: 'Cancelled by the shop',
        refund: { reason: 'CANCELLED_BY_SHOP', amount: 12500 },
      }),
    )!;
    expect(notice.soldOut).toBe(false);
    expect(notice.title).toBe('Your payment will be refunded');
    expect(notice.text).not.toContain('sold out');
    expect(notice.text).toContain(formatRupees(12500));
    expect(notice.note).toBe('Cancelled by the shop');
  });

  it('quotes the amount actually paid when it did not match the total', () => {
    const notice = refundNotice(
      order({ orderStatus: 'PENDING', refund: { reason: 'AMOUNT_MISMATCH', amount: 9000 } }),
    )!;
    expect(notice.text).toContain(`${formatRupees(9000)} will be refunded`);
    expect(notice.text).toMatch(/did not match/);
  });

  it('explains a payment through a closed link and how to buy the piece after all', () => {
    const notice = refundNotice(
      order({ orderStatus: 'PENDING', refund: { reason: 'LINK_CLOSED', amount: 9000 } }),
    )!;
    expect(notice.soldOut).toBe(false);
    expect(notice.text).toMatch(/expired or been closed/);
    expect(notice.text).toContain(`${formatRupees(9000)} will be refunded`);
    expect(notice.text).toMatch(/pay the order again with a new link/);
  });

  it('names the extra payment of an order that stays placed', () => {
    const notice = refundNotice(
      order({
        orderStatus: 'PLACED',
        statusNote: null,
        refund: { reason: 'ORDER_NOT_PENDING', amount: 12500 },
      }),
    )!;
    expect(notice.soldOut).toBe(false);
    expect(notice.summary).toBe(`An extra payment of ${formatRupees(12500)} will be refunded`);
    expect(notice.note).toBeNull();
  });

  it('tells a shopper who paid for an order cancelled meanwhile that it will be refunded', () => {
    const notice = refundNotice(
      order({ statusNote: null, refund: { reason: 'ORDER_NOT_PENDING', amount: 12500 } }),
    )!;
    expect(notice.text).toMatch(/cancelled before your payment arrived/);
  });
  it('says the payment was refunded once the provider processed it', () => {
    const notice = refundNotice(
      order({
        refund: {
          reason: 'SOLD_OUT',
          amount: 12500,
          state: 'processed',
          providerRefundId: 'rfnd_sbx_1',
        },
      }),
    )!;
    expect(notice.title).toBe('Your payment has been refunded');
    expect(notice.summary).toBe(`Refunded: your payment of ${formatRupees(12500)}`);
    expect(notice.text).toContain('has been refunded');
    expect(notice.text).toContain('rfnd_sbx_1');
    // Still owed while it is processing or after it failed.
    for (const state of ['processing', 'failed'] as const)
      expect(
        refundNotice(order({ refund: { reason: 'SOLD_OUT', amount: 12500, state } }))!.title,
      ).toBe('Sold out before your payment arrived');
  });
});
