import { randomUUID } from 'node:crypto';
import type { AdminOrderAction } from '@kanak/shared';
import type { AuthUser } from '../auth/tokens';
import { outboxJobId } from '../outbox/outbox';
import { submitAndWait } from '../outbox/submit';
import type { OutboxDeps } from '../outbox/deps';
import { moveJobKey, type OrderTransitionIntent } from '../queues/jobs';
import { QUEUES } from '../queues/names';
import { requireOrderId } from './apply-transition';
import { statusForAction } from './state-machine';

export type TransitionRequestAnswer =
  { done: true; orderId: string } | { done: false; orderId: string; jobId: string };

/**
 * An admin's status move: written to the outbox, applied by the worker under the order's row
 * lock (the state machine is checked there, not here, where it could pass and still lose a
 * race). A refusal comes back as the same DomainError (409 naming both statuses).
 */
export async function requestOrderTransition(
  deps: OutboxDeps,
  admin: AuthUser,
  id: string,
  action: AdminOrderAction,
): Promise<TransitionRequestAnswer> {
  const orderId = await requireOrderId(deps.db, id);
  const jobKey = moveJobKey(randomUUID());
  const payload: OrderTransitionIntent = {
    orderId,
    to: statusForAction(action),
    actorUserId: admin.id,
  };
  const { ref, outcome } = await submitAndWait(deps, {
    queue: QUEUES.orderTransitions,
    jobKey,
    payload,
  });
  return outcome ? { done: true, orderId } : { done: false, orderId, jobId: outboxJobId(ref) };
}
