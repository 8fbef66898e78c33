import {
  ADMIN_ORDER_ACTIONS,
  canMoveOrder,
  type AdminOrderAction,
  type OrderMover,
  type OrderStatus,
} from '@kanak/shared';
import { conflict } from '../shared/errors';

// The rule itself lives in packages/shared (the admin's Status menu uses it too).
export { canMoveOrder };

/** Throws the 409 every adapter shows when a move is refused. */
export function assertOrderMove(from: OrderStatus, to: OrderStatus, by: OrderMover): void {
  if (!canMoveOrder(from, to, by)) throw conflict(`Cannot move order from ${from} to ${to}`);
}

/** The status an admin action asks for (REST path segment or tRPC action). */
export function statusForAction(action: AdminOrderAction): OrderStatus {
  return ADMIN_ORDER_ACTIONS.find((a) => a.action === action)!.to;
}
