/** The order tracker's steps, spelt as spec section 4 spells them. */
export const TRACKER_STEPS = [
  'Placed',
  'Order Confirmed',
  'Shipped',
  'Out For Delivery',
  'Dilivered',
] as const;

/** Active tracker step of spec section 4: SHIPPED 2, DELIVERED 5 (all done), any other 1. */
export function trackerStep(status: string): number {
  if (status === 'DELIVERED') return 5;
  if (status === 'SHIPPED') return 2;
  return 1;
}
