import { ADMIN_ORDER_ACTIONS, type OrderStatus } from './status';

// The admin's view of the order state machine, for the browser (core's canMoveOrder, by 'admin',
// is the authority and applies it under the row lock): forward along PLACED → CONFIRMED →
// SHIPPED → DELIVERED (skipping allowed), cancel before SHIPPED, nothing but cancel while
// PENDING (unpaid), nothing from DELIVERED or CANCELLED.
const LINE: readonly OrderStatus[] = ['PENDING', 'PLACED', 'CONFIRMED', 'SHIPPED', 'DELIVERED'];

export type AdminOrderActionOption = (typeof ADMIN_ORDER_ACTIONS)[number];

/** The Status menu's choices for an order in `status` (unknown or final statuses offer none). */
export function allowedActions(status: string): AdminOrderActionOption[] {
  const at = LINE.indexOf(status as OrderStatus);
  if (at < 0 || status === 'DELIVERED') return [];
  return ADMIN_ORDER_ACTIONS.filter((a) =>
    a.to === 'CANCELLED' ? at < LINE.indexOf('SHIPPED') : status !== 'PENDING' && LINE.indexOf(a.to) > at,
  );
}
