export const ORDER_STATUSES = [
  'PENDING',
  'PLACED',
  'CONFIRMED',
  'SHIPPED',
  'DELIVERED',
  'CANCELLED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Admin status actions (the REST path segment of each) and the status each asks for (spec section 7). */
export const ADMIN_ORDER_ACTIONS = [
  { action: 'confirmed', to: 'CONFIRMED' },
  { action: 'ship', to: 'SHIPPED' },
  { action: 'deliver', to: 'DELIVERED' },
  { action: 'cancel', to: 'CANCELLED' },
] as const satisfies readonly { action: string; to: OrderStatus }[];
export type AdminOrderAction = (typeof ADMIN_ORDER_ACTIONS)[number]['action'];

/**
 * Why a payment is owed back: its piece sold out when the payment arrived; the order was no
 * longer waiting for payment (cancelled, or already paid by another payment); the amount paid was
 * not the order's total; the shop cancelled a paid order; the money came through a link the shop
 * had closed (expired, or its order cancelled or deleted).
 */
export const REFUND_REASONS = [
  'SOLD_OUT',
  'ORDER_NOT_PENDING',
  'AMOUNT_MISMATCH',
  'CANCELLED_BY_SHOP',
  'LINK_CLOSED',
  /** A delivered piece returned inside the window. */
  'RETURNED',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** Where a refund asked of the provider stands. */
export const REFUND_STATES = ['processing', 'processed', 'failed'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/** An order that was paid for (its buyer's reviews are "Verified buyer"). */
export const PAID_ORDER_STATUSES = [
  'PLACED',
  'CONFIRMED',
  'SHIPPED',
  'DELIVERED',
] as const satisfies readonly OrderStatus[];
