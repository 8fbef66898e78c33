import { randomUUID } from 'node:crypto';
import {
  getOrderFor,
  requireOrderId,
  statusForAction,
  type AuthUser,
  type OrderView,
} from '@kanak/core';
import type { AdminOrderAction } from '@kanak/shared';
import type { AppServices } from '../services';

export type TransitionAnswer =
  { done: true; order: OrderView } | { done: false; jobId: string; order: OrderView };

/**
 * Queues an admin status move for the worker and waits (ORDER_WAIT_MS) for it to be applied.
 * A refusal comes back from the worker as the same DomainError (409 naming both statuses).
 */
export async function requestOrderTransition(
  services: AppServices,
  admin: AuthUser,
  id: string,
  action: AdminOrderAction,
): Promise<TransitionAnswer> {
  const orderId = await requireOrderId(services.db, id);
  const job = await services.pipeline.transitions.add(
    'transition',
    { orderId, to: statusForAction(action), actorUserId: admin.id },
    { jobId: randomUUID() },
  );
  const outcome = await services.pipeline.waitFor(job, services.config.ORDER_WAIT_MS);
  const order = await getOrderFor(services.db, admin, orderId);
  return outcome.done ? { done: true, order } : { done: false, jobId: String(job.id), order };
}
