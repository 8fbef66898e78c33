/** The mails about an order's progress: each shows the order (its lines, totals, shipment). */
export const ORDER_NOTIFICATION_KINDS = [
  'order-placed',
  'order-confirmed',
  'shipped',
  'delivered',
  'cancelled',
  'refund-due',
] as const;

/** Every mail the shop sends (README, "Messages"). */
export const NOTIFICATION_KINDS = [
  ...ORDER_NOTIFICATION_KINDS,
  'password-reset',
  'password-changed',
  'admin-sign-in',
  'back-in-stock',
  'rate-alert-confirm',
  'rate-alert',
  'return-update',
  'scheme-reminder',
  'scheme-receipt',
  'exchange-update',
  'cod-confirm',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
