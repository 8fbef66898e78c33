import type { AdminOrderAction } from '@kanak/shared';
import type { AuthUser } from '../auth/tokens';
import type { OutboxDeps } from '../outbox/deps';
import { getOrderFor } from './queries';
import { requestOrderTransition } from './request-transition';
import type { OrderMoveAnswer } from '@kanak/shared';

/** The answer shapes are declared once, as zod schemas in @kanak/shared. */
export type { OrderMoveAnswer };

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
