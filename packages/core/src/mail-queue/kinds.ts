/** Every mail the shop sends (README, "Messages"). */
export const NOTIFICATION_KINDS = [
  'order-placed',
  'order-confirmed',
  'shipped',
  'delivered',
  'cancelled',
  'refund-due',
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
