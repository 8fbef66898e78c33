import { canMoveOrder, statusForAction, type OrderMover, type OrderStatus } from '@kanak/shared';
import { conflict } from '../common';

// The rules themselves live in packages/shared (the admin's Status menu uses them too).
export { canMoveOrder, statusForAction };

/** Throws the 409 every adapter shows when a move is refused. */
export function assertOrderMove(from: OrderStatus, to: OrderStatus, by: OrderMover): void {
  if (!canMoveOrder(from, to, by)) throw conflict(`Cannot move order from ${from} to ${to}`);
}
