import { ADMIN_ORDER_ACTIONS, type AdminOrderAction, type OrderStatus } from '@kanak/shared';
import { conflict } from '../shared/errors';

// The fulfilment line, in order; an order only moves forward along it (skipping is allowed).
const LINE: readonly OrderStatus[] = ['PENDING', 'PLACED', 'CONFIRMED', 'SHIPPED', 'DELIVERED'];
const FINAL: readonly OrderStatus[] = ['DELIVERED', 'CANCELLED'];

/**
 * The one order state machine: PENDING → PLACED only by payment; PLACED → CONFIRMED →
 * SHIPPED → DELIVERED forward (skipping allowed); CANCELLED from any state before SHIPPED;
 * DELIVERED and CANCELLED are final.
 */
export function canMoveOrder(from: OrderStatus, to: OrderStatus, by: 'payment' | 'admin' | 'system'): boolean {
  if (FINAL.includes(from) || from === to) return false;
  if (to === 'CANCELLED') return LINE.indexOf(from) < LINE.indexOf('SHIPPED');
  if (to === 'PLACED') return from === 'PENDING' && by !== 'admin';
  // Fulfilment starts only once the order is paid.
  if (from === 'PENDING') return false;
  return LINE.indexOf(to) > LINE.indexOf(from);
}

/** Throws the 409 every adapter shows when a move is refused. */
export function assertOrderMove(from: OrderStatus, to: OrderStatus, by: 'payment' | 'admin' | 'system'): void {
  if (!canMoveOrder(from, to, by)) throw conflict(`Cannot move order from ${from} to ${to}`);
}

/** The status an admin action asks for (REST path segment or tRPC action). */
export function statusForAction(action: AdminOrderAction): OrderStatus {
  return ADMIN_ORDER_ACTIONS.find((a) => a.action === action)!.to;
}
