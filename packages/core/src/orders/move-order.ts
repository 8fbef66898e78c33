import type { OrderMoveAnswer } from '@kanak/shared';
import { requireId } from '../common';
import { getOrderFor } from './queries';
import { requestOrderMove, type OrderMoveOptions } from './request-move';

/** The answer shapes are declared once, as zod schemas in @kanak/shared. */
export type { OrderMoveAnswer };

/** An admin's move through the outbox, answered with the order as it stands afterwards. */
export async function moveOrder(options: OrderMoveOptions): Promise<OrderMoveAnswer> {
  const { deps, admin } = options;
  const orderId = requireId(options.orderId, 'Order');
  const answer = await requestOrderMove({ ...options, orderId });
  const order = await getOrderFor(deps.db, admin, answer.orderId);
  return answer.done ? { done: true, order } : { done: false, jobId: answer.jobId, order };
}
