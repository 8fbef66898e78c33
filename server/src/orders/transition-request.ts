import { getOrderFor, requestOrderTransition, type AuthUser, type OrderView } from '@kanak/core';
import type { AdminOrderAction } from '@kanak/shared';
import { outboxDeps, type AppServices } from '../services';

export type TransitionAnswer =
  { done: true; order: OrderView } | { done: false; jobId: string; order: OrderView };

/** An admin move through the outbox, answered with the order as it stands afterwards. */
export async function transitionOrder(
  services: AppServices,
  admin: AuthUser,
  id: string,
  action: AdminOrderAction,
): Promise<TransitionAnswer> {
  const answer = await requestOrderTransition(outboxDeps(services), admin, id, action);
  const order = await getOrderFor(services.db, admin, answer.orderId);
  return answer.done ? { done: true, order } : { done: false, jobId: answer.jobId, order };
}
