import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { AdminOrderAction } from '@kanak/shared';
import type { AuthUser } from '../auth';
import { outboxJobId } from '../outbox';
import { submitAndWait } from '../outbox';
import type { OutboxDeps } from '../outbox';
import { moveJobKey, type OrderMoveIntent } from '../queues';
import { notFound } from '../common';
import { statusForAction } from './state-machine';
import type { ShipmentIntent } from '../shipments';
import { JOBS } from '../queues';

export type MoveRequestAnswer =
  { done: true; orderId: string } | { done: false; orderId: string; jobId: string };

/**
 * Checks a move's order exists before it is queued. The state machine itself is applied by the
 * worker under the row lock (a pre-check here could pass and still lose a race).
 */
async function requireOrder(db: Kysely<Database>, orderId: string): Promise<void> {
  const order = await db
    .selectFrom('orders')
    .select('id')
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) throw notFound('Order');
}

/** An admin's move as asked: who, which order, what to do, and what the move carries. */
export interface OrderMoveOptions {
  deps: OutboxDeps;
  admin: AuthUser;
  orderId: string;
  action: AdminOrderAction;
  /** The carrier and AWB a ship move records; none for other moves. */
  shipment?: ShipmentIntent | null;
  /** Written on the order's event (a reason to ship without HUIDs). */
  note?: string | undefined;
}

/**
 * An admin's move: written to the outbox, applied by the worker under the order's row lock
 * through the order ledger. A refusal comes back as the same DomainError (409 naming both
 * statuses). `orderId` was checked at the boundary.
 */
export async function requestOrderMove({
  deps,
  admin,
  orderId,
  action,
  shipment = null,
  note,
}: OrderMoveOptions): Promise<MoveRequestAnswer> {
  await requireOrder(deps.db, orderId);
  const jobKey = moveJobKey(randomUUID());
  const payload: OrderMoveIntent = {
    orderId,
    to: statusForAction(action),
    actorUserId: admin.id,
    ...(shipment ? { shipment } : {}),
    ...(note ? { note } : {}),
  };
  const { ref, outcome } = await submitAndWait(deps, { job: JOBS.orderMove, jobKey, payload });
  return outcome ? { done: true, orderId } : { done: false, orderId, jobId: outboxJobId(ref) };
}
