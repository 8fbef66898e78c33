import { formatRupees } from '@kanak/shared';

/** The fields of an order view that say whether, and why, the shopper is owed a refund. */
export interface RefundFacts {
  orderStatus: string;
  statusNote: string | null;
  refundDue: boolean;
  totalDiscountedPrice: number;
}

export interface RefundNotice {
  /** The order was cancelled because a piece ran out when the payment arrived. */
  soldOut: boolean;
  title: string;
  text: string;
  /** One line for lists: what happened and what is refunded. */
  summary: string;
  /** The server's own account of what happened (the order's status note), when there is one. */
  note: string | null;
}

/** The payment confirmation's notes for a piece it could not take from stock (packages/core). */
const OUT_OF_STOCK = /sold out|no longer sold|\bleft\b/i;

/**
 * What the shopper (and the admin) is told about an order whose payment is owed back, or null when
 * none is. Cancelled for want of stock is the usual case: the last piece went to another shopper
 * while this one was paying.
 */
export function refundNotice(order: RefundFacts): RefundNotice | null {
  if (!order.refundDue) return null;
  const amount = formatRupees(order.totalDiscountedPrice);
  const note = order.statusNote?.trim() || null;
  if (order.orderStatus === 'CANCELLED' && note && OUT_OF_STOCK.test(note)) {
    return {
      soldOut: true,
      title: 'Sold out before your payment arrived',
      summary: `Sold out: your payment of ${amount} will be refunded`,
      text: `The piece sold out while you were paying, so we have cancelled this order. Your payment of ${amount} will be refunded to you; there is nothing you need to do.`,
      note,
    };
  }
  if (order.orderStatus === 'CANCELLED') {
    return {
      soldOut: false,
      title: 'Your payment will be refunded',
      summary: `Cancelled: your payment of ${amount} will be refunded`,
      text: `This order was cancelled before your payment arrived. Your payment of ${amount} will be refunded to you; there is nothing you need to do.`,
      note,
    };
  }
  return {
    soldOut: false,
    title: 'Your payment will be refunded',
    summary: 'An extra payment will be refunded',
    text: 'A payment for this order could not be applied to it, so it will be refunded to you; there is nothing you need to do.',
    note,
  };
}
