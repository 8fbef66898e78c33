import type { AdminOrderAction } from '@kanak/shared';
import type { AuthUser } from '../auth/tokens';
import type { OutboxDeps } from '../outbox/deps';
import { getOrderFor } from './queries';
import type { OrderView } from './order-view';
import { requestOrderTransition } from './request-transition';

/** done: the worker applied it within the wait; otherwise it is queued under `jobId`. */
export type OrderMoveAnswer =
  | { done: true; order: OrderView }
  | { done: false; jobId: string; order: OrderView };

/** An admin's status move through the outbox, answered with the order as it stands afterwards. */
export async function moveOrder(
  deps: OutboxDeps,
  admin: AuthUser,
  orderId: string,
  action: AdminOrderAction,
): Promise<OrderMoveAnswer> {
  const answer = await requestOrderTransition(deps, admin, orderId, action);
  const order = await getOrderFor(deps.db, admin, answer.orderId);
  return answer.done ? { done: true, order } : { done: false, jobId: answer.jobId, order };
}
