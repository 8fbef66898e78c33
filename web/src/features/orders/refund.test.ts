import { describe, expect, it } from 'vitest';
import { formatRupees } from '@kanak/shared';
import { refundNotice, type RefundFacts } from './refund';

const soldOutNote =
  'Cancelled: Aurora Gold Ring (5 g) sold out when the payment arrived. The payment of ₹12,500 will be refunded.';

const order = (facts: Partial<RefundFacts>): RefundFacts => ({
  orderStatus: 'CANCELLED',
  statusNote: soldOutNote,
  refundDue: true,
  totalDiscountedPrice: 12500,
  ...facts,
});

describe('refundNotice', () => {
  it('says nothing when no refund is due', () => {
    expect(refundNotice(order({ refundDue: false }))).toBeNull();
    expect(refundNotice(order({ refundDue: false, orderStatus: 'PLACED', statusNote: null }))).toBe(
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

  it('counts a short stock and a withdrawn piece as sold out', () => {
    for (const statusNote of [
      'Cancelled: only 1 of Aurora Gold Ring (5 g) left, 2 ordered when the payment arrived.',
      'Cancelled: Aurora Gold Ring (5 g) is no longer sold when the payment arrived.',
    ])
      expect(refundNotice(order({ statusNote }))?.soldOut).toBe(true);
  });

  it('does not claim a sell-out for an order the shop had cancelled', () => {
    const notice = refundNotice(order({ statusNote: 'Cancelled by the shop' }))!;
    expect(notice.soldOut).toBe(false);
    expect(notice.title).toBe('Your payment will be refunded');
    expect(notice.text).not.toContain('sold out');
    expect(notice.text).toContain(formatRupees(12500));
    expect(notice.note).toBe('Cancelled by the shop');
  });

  it('names no amount for a second payment of an order that stays placed', () => {
    const notice = refundNotice(order({ orderStatus: 'PLACED', statusNote: null }))!;
    expect(notice.soldOut).toBe(false);
    expect(notice.text).toContain('will be refunded');
    expect(notice.text).not.toContain('₹');
    expect(notice.note).toBeNull();
  });
});
