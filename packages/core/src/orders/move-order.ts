import type { AdminOrderAction, OrderMoveAnswer } from '@kanak/shared';
import type { AuthUser } from '../auth/tokens';
import type { OutboxDeps } from '../outbox/deps';
import { requireId } from '../common/ids';
import { getOrderFor } from './queries';
import { requestOrderMove } from './request-move';
import type { ShipmentIntent } from '../shipments/ship-request';

/** The answer shapes are declared once, as zod schemas in @kanak/shared. */
export type { OrderMoveAnswer };

/** An admin's move through the outbox, answered with the order as it stands afterwards. */
export async function moveOrder(
  deps: OutboxDeps,
  admin: AuthUser,
  id: string,
  action: AdminOrderAction,
  shipment: ShipmentIntent | null = null,
  note?: string,
): Promise<OrderMoveAnswer> {
  const orderId = requireId(id, 'Order');
  const answer = await requestOrderMove(deps, admin, orderId, action, shipment, note);
  const order = await getOrderFor(deps.db, admin, answer.orderId);
  return answer.done ? { done: true, order } : { done: false, jobId: answer.jobId, order };
}
