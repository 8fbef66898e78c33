/** The order tracker's steps, spelt as spec section 4 spells them. */
export const TRACKER_STEPS = [
  'Placed',
  'Order Confirmed',
  'Shipped',
  'Out For Delivery',
  'Dilivered',
] as const;

/**
 * How many tracker steps are ticked: spec section 4's active step (CONFIRMED 1, SHIPPED 2,
 * DELIVERED all) counts from 0, so the step a status names is ticked with those before it — a
 * SHIPPED order shows Shipped done, never stopping at Order Confirmed. An unpaid (PENDING) order
 * is not placed yet, so nothing is ticked.
 */
export function trackerStep(status: string): number {
  if (status === 'PENDING') return 0;
  if (status === 'DELIVERED') return TRACKER_STEPS.length;
  if (status === 'SHIPPED') return 3;
  if (status === 'CONFIRMED') return 2;
  return 1;
}

/** An order the shopper can still pay for (its "Pay now" opens a payment link). */
export const awaitsPayment = (status: string) => status === 'PENDING';

/** Only an order that was paid and not cancelled can be reviewed from its page. */
export const offersReview = (status: string) => status !== 'PENDING' && status !== 'CANCELLED';
