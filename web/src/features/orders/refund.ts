import { formatRupees, type RefundReason, type RefundState } from '@kanak/shared';

/** The fields of an order view that say whether, and why, the shopper is owed a refund. */
export interface RefundFacts {
  orderStatus: string;
  statusNote: string | null;
  refund: {
    reason: RefundReason;
    amount: number;
    state?: RefundState | null;
    providerRefundId?: string | null;
  } | null;
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

const NOTHING_TO_DO = 'there is nothing you need to do.';

/**
 * What the shopper (and the admin) is told about an order whose payment is owed back, or null
 * when none is. The reason and amount come from the server (core records why a payment is owed).
 * Once the provider has processed the refund, the notice says it was refunded.
 */
export function refundNotice(order: RefundFacts): RefundNotice | null {
  const owed = owedNotice(order);
  if (!owed || order.refund?.state !== 'processed') return owed;
  const amount = formatRupees(order.refund.amount);
  const reference = order.refund.providerRefundId
    ? ` (refund ${order.refund.providerRefundId})`
    : '';
  return {
    ...owed,
    title: 'Your payment has been refunded',
    summary: `Refunded: your payment of ${amount}`,
    text: `Your payment of ${amount} has been refunded to the account you paid from${reference}; banks usually show it within 5–7 working days.`,
  };
}

function owedNotice(order: RefundFacts): RefundNotice | null {
  if (!order.refund) return null;
  const amount = formatRupees(order.refund.amount);
  const note = order.statusNote?.trim() || null;
  const refunded = `Your payment of ${amount} will be refunded to you; ${NOTHING_TO_DO}`;
  switch (order.refund.reason) {
    case 'SOLD_OUT':
      return {
        soldOut: true,
        title: 'Sold out before your payment arrived',
        summary: `Sold out: your payment of ${amount} will be refunded`,
        text: `The piece sold out while you were paying, so we have cancelled this order. ${refunded}`,
        note,
      };
    case 'CANCELLED_BY_SHOP':
      return {
        soldOut: false,
        title: 'Your payment will be refunded',
        summary: `Cancelled: your payment of ${amount} will be refunded`,
        text: `We have cancelled this order. ${refunded}`,
        note,
      };
    case 'AMOUNT_MISMATCH':
      return {
        soldOut: false,
        title: 'Your payment will be refunded',
        summary: `Payment of ${amount} will be refunded`,
        text: `The amount paid did not match this order's total, so it could not be applied. ${refunded}`,
        note,
      };
    case 'RETURNED':
      return {
        soldOut: false,
        title: 'Your return is being refunded',
        summary: `Returned: ${amount} will be refunded`,
        text: `We have received the piece you returned. ${refunded}`,
        note,
      };
    case 'LINK_CLOSED':
      return {
        soldOut: false,
        title: 'Your payment will be refunded',
        summary: `Late payment of ${amount} will be refunded`,
        text: `This payment came through a payment link that had expired or been closed, so it could not be applied. ${refunded} To buy the piece, pay the order again with a new link.`,
        note,
      };
    case 'ORDER_NOT_PENDING':
      return order.orderStatus === 'CANCELLED'
        ? {
            soldOut: false,
            title: 'Your payment will be refunded',
            summary: `Cancelled: your payment of ${amount} will be refunded`,
            text: `This order was cancelled before your payment arrived. ${refunded}`,
            note,
          }
        : {
            soldOut: false,
            title: 'Your payment will be refunded',
            summary: `An extra payment of ${amount} will be refunded`,
            text: `This order was already paid when another payment of ${amount} arrived; that one will be refunded to you, ${NOTHING_TO_DO}`,
            note,
          };
  }
}
