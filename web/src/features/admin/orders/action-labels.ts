import type { AdminOrderAction } from '@kanak/shared';

/** The Status menu's text for each admin order action (the actions themselves live in shared). */
export const ACTION_LABELS: Record<AdminOrderAction, string> = {
  confirmed: 'Confirmed',
  ship: 'Shipped',
  deliver: 'Delivered',
  cancel: 'Cancel',
};
