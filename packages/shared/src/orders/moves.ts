import {
  ADMIN_ORDER_ACTIONS,
  ORDER_STATUSES,
  type AdminOrderAction,
  type OrderStatus,
} from './status';

// The fulfilment line, in order; an order only moves forward along it (skipping is allowed).
const LINE: readonly OrderStatus[] = ['PENDING', 'PLACED', 'CONFIRMED', 'SHIPPED', 'DELIVERED'];
const FINAL: readonly OrderStatus[] = ['DELIVERED', 'CANCELLED'];

/** `carrier`: a cash-on-delivery parcel the buyer refused, coming back to the shop. */
export type OrderMover = 'payment' | 'admin' | 'system' | 'carrier';

/**
 * The one order state machine (core applies it under the row lock; the admin's Status menu
 * offers what it allows): PENDING → PLACED only by payment; PLACED → CONFIRMED → SHIPPED →
 * DELIVERED forward (skipping allowed); CANCELLED from any state before SHIPPED; DELIVERED and
 * CANCELLED are final. A SHIPPED parcel the buyer refused at the door is cancelled by the carrier
 * (return to origin).
 */
export function canMoveOrder(from: OrderStatus, to: OrderStatus, by: OrderMover): boolean {
  if (FINAL.includes(from) || from === to) return false;
  if (to === 'CANCELLED')
    return LINE.indexOf(from) < LINE.indexOf('SHIPPED') || (from === 'SHIPPED' && by === 'carrier');
  if (to === 'PLACED') return from === 'PENDING' && by !== 'admin';
  // Fulfilment starts only once the order is paid.
  if (from === 'PENDING') return false;
  return LINE.indexOf(to) > LINE.indexOf(from);
}

export type AdminOrderActionOption = (typeof ADMIN_ORDER_ACTIONS)[number];

const isStatus = (status: string): status is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(status);

/** The Status menu's choices for an order in `status` (unknown or final statuses offer none). */
export function allowedActions(status: string): AdminOrderActionOption[] {
  if (!isStatus(status)) return [];
  return ADMIN_ORDER_ACTIONS.filter((a) => canMoveOrder(status, a.to, 'admin'));
}

/** The status an admin action asks for (REST path segment, tRPC action, Status menu choice). */
export function statusForAction(action: AdminOrderAction): OrderStatus {
  return ADMIN_ORDER_ACTIONS.find((a) => a.action === action)!.to;
}
