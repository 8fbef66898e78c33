import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import {
  formatIndiaDate,
  indiaDate,
  OPEN_RETURN_STATES,
  type ReturnEligibility,
} from '@kanak/shared';
import type { AuthUser } from '../auth';
import { canSeeRecordOf } from '../auth';
import { notFound } from '../common';
import type { Clock } from '../common';
import { returnWindowEnd } from './return-window';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Pieces of each line of an order that may still be returned: the line's pieces less those in
 * its requests that were not refused.
 */
export async function returnablePieces(db: Db, orderId: string): Promise<Map<string, number>> {
  const [lines, taken] = await Promise.all([
    db
      .selectFrom('order_items')
      .select(['id', 'quantity'])
      .where('order_id', '=', orderId)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('return_items')
      .innerJoin('return_requests', 'return_requests.id', 'return_items.return_id')
      .select(['return_items.order_item_id', 'return_items.quantity'])
      .where('return_requests.order_id', '=', orderId)
      .where('return_requests.state', '<>', 'refused')
      .execute(),
  ]);
  const left = new Map(lines.map((l) => [l.id, l.quantity]));
  for (const t of taken)
    left.set(t.order_item_id, Math.max(0, (left.get(t.order_item_id) ?? 0) - t.quantity));
  return left;
}

/**
 * What the order page tells the shopper before any form: a return is possible until the
 * window's end (India's day), or why not — not delivered yet, the window ended, or the order
 * has an open request (one at a time); after a refunded one, the pieces left of each line.
 */
export async function returnEligibility(
  deps: { db: Kysely<Database>; clock: Clock; windowDays: number },
  user: AuthUser,
  orderId: string,
): Promise<ReturnEligibility> {
  const order = await deps.db
    .selectFrom('orders')
    .select(['id', 'user_id', 'status', 'delivered_at'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order || !canSeeRecordOf(user, order.user_id)) throw notFound('Order');
  const days = deps.windowDays;
  const left = await returnablePieces(deps.db, order.id);
  const lines = [...left].map(([orderItemId, returnable]) => ({ orderItemId, returnable }));
  if (order.status !== 'DELIVERED' || !order.delivered_at)
    return {
      possible: false,
      windowEndsOn: null,
      windowDays: days,
      message: `Returns and exchanges open once the order is delivered, for ${days} days`,
      lines,
    };
  const end = returnWindowEnd(new Date(order.delivered_at), days);
  const endsOn = indiaDate(end);
  if (deps.clock().getTime() > end.getTime())
    return {
      possible: false,
      windowEndsOn: endsOn,
      windowDays: days,
      message: `The ${days}-day return window for this order ended on ${formatIndiaDate(endsOn)}`,
      lines: lines.map((l) => ({ ...l, returnable: 0 })),
    };
  // An open request is the one at a time; a refunded one leaves its lines' other pieces.
  const live = await deps.db
    .selectFrom('return_requests')
    .select('id')
    .where('order_id', '=', order.id)
    .where('state', 'in', [...OPEN_RETURN_STATES])
    .executeTakeFirst();
  return {
    possible: !live && lines.some((l) => l.returnable > 0),
    windowEndsOn: endsOn,
    windowDays: days,
    message: `Returns accepted until ${formatIndiaDate(endsOn)}`,
    lines,
  };
}
