export const ORDER_STATUSES = [
  'PENDING',
  'PLACED',
  'CONFIRMED',
  'SHIPPED',
  'DELIVERED',
  'CANCELLED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Admin status actions and the REST path segment of each (spec section 7). */
export const ADMIN_ORDER_ACTIONS = [
  { action: 'confirmed', label: 'Confirmed', to: 'CONFIRMED' },
  { action: 'ship', label: 'Shipped', to: 'SHIPPED' },
  { action: 'deliver', label: 'Delivered', to: 'DELIVERED' },
  { action: 'cancel', label: 'Cancel', to: 'CANCELLED' },
] as const satisfies readonly { action: string; label: string; to: OrderStatus }[];
export type AdminOrderAction = (typeof ADMIN_ORDER_ACTIONS)[number]['action'];

/** Badge colours of spec section 4: other statuses are maroon. */
export function statusBadgeTone(status: string): 'green' | 'blue' | 'teal' | 'grey' | 'maroon' {
  switch (status) {
    case 'CONFIRMED':
      return 'green';
    case 'SHIPPED':
      return 'blue';
    case 'PLACED':
      return 'teal';
    case 'PENDING':
      return 'grey';
    default:
      return 'maroon';
  }
}

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

export const CHECKOUT_STEPS = ['Login', 'Dilivery Address', 'Order Summary', 'Payment'] as const;

/**
 * Why a payment is owed back: its piece sold out when the payment arrived; the order was no
 * longer waiting for payment (cancelled, or already paid by another payment); the amount paid was
 * not the order's total; the shop cancelled a paid order.
 */
export const REFUND_REASONS = [
  'SOLD_OUT',
  'ORDER_NOT_PENDING',
  'AMOUNT_MISMATCH',
  'CANCELLED_BY_SHOP',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
