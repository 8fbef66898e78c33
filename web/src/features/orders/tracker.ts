/** The order tracker's steps, spelt as spec section 4 spells them. */
export const TRACKER_STEPS = [
  'Placed',
  'Order Confirmed',
  'Shipped',
  'Out For Delivery',
  'Dilivered',
] as const;

/**
 * Active tracker step of spec section 4: SHIPPED 2, DELIVERED 5 (all done), any other 1; an
 * unpaid (PENDING) order is not placed yet, so nothing is ticked.
 */
export function trackerStep(status: string): number {
  if (status === 'PENDING') return 0;
  if (status === 'DELIVERED') return 5;
  if (status === 'SHIPPED') return 2;
  return 1;
}

/** An order the shopper can still pay for (its "Pay now" opens a payment link). */
export const awaitsPayment = (status: string) => status === 'PENDING';

/** Only an order that was paid and not cancelled can be reviewed from its page. */
export const offersReview = (status: string) => status !== 'PENDING' && status !== 'CANCELLED';
