import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import { OPEN_RETURN_STATES, type CreateReturnInput, type ReturnView } from '@kanak/shared';
import { canSeeRecordOf, isAdmin } from '../auth';
import type { AuthUser } from '../auth';
import type { Clock } from '../common';
import { badRequest, conflict, notFound } from '../common';
import { logReturnMove } from './return-log';
import { returnablePieces } from './return-eligibility';
import { returnViews } from './return-views';
import { checkReturnWindow } from './return-window';

export interface ReturnsDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** RETURN_WINDOW_DAYS: days after delivery a return may be asked. */
  windowDays: number;
}

/** The order's owner, or 404 (another shopper's order does not exist for them). */
async function ownOrder(db: Kysely<Database>, user: AuthUser, orderId: string) {
  const order = await db
    .selectFrom('orders')
    .select(['id', 'user_id', 'status', 'delivered_at'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order || !canSeeRecordOf(user, order.user_id)) throw notFound('Order');
  return order;
}

/**
 * The shopper asks to return (money back) or exchange (store credit) pieces of a delivered
 * order, inside RETURN_WINDOW_DAYS of delivery (409 naming the window's end otherwise). The
 * refund owed is what the chosen lines were paid (an order paid partly by a scheme or store
 * credit gets that part back there, never as cash: see refundReturn). One open request per order:
 * 409 while another is open; once it is refunded, the pieces left of its lines may be asked for
 * in a request of their own, inside the same window.
 */
export async function requestReturn(
  deps: ReturnsDeps,
  user: AuthUser,
  input: CreateReturnInput,
): Promise<ReturnView> {
  const order = await ownOrder(deps.db, user, input.orderId);
  if (order.user_id !== user.id) throw notFound('Order');
  const now = deps.clock();
  if (order.status !== 'DELIVERED') checkReturnWindow(null, now, deps.windowDays);
  const windowEnd = checkReturnWindow(
    order.delivered_at ? new Date(order.delivered_at) : null,
    now,
    deps.windowDays,
  );
  const wanted = new Map<string, number | undefined>();
  for (const i of input.items) {
    if (wanted.has(i.orderItemId)) throw badRequest('A piece is chosen twice');
    wanted.set(i.orderItemId, i.quantity);
  }
  const lines = await deps.db
    .selectFrom('order_items')
    .select(['id', 'title', 'discounted_price', 'quantity'])
    .where('order_id', '=', order.id)
    .where('id', 'in', [...wanted.keys()])
    .execute();
  if (lines.length !== wanted.size) throw badRequest('A chosen piece is not part of this order');
  // One live request per order (checked again in the transaction): that first, then the pieces.
  await refuseWhileLive(deps.db, order.id);
  const left = await returnablePieces(deps.db, order.id);
  const chosen = lines.map((l) => {
    const quantity = wanted.get(l.id) ?? l.quantity;
    const most = left.get(l.id) ?? l.quantity;
    if (quantity > most)
      throw badRequest(
        most === 0
          ? `${l.title}: every piece is already returned`
          : `${l.title}: at most ${most} of ${l.quantity} piece${l.quantity === 1 ? '' : 's'} can be returned`,
        { field: 'items.quantity' },
      );
    return { id: l.id, quantity };
  });
  // What the chosen pieces were paid: the line's price is per piece.
  const refundPaise =
    lines.reduce((s, l, i) => s + Number(l.discounted_price ?? 0) * chosen[i]!.quantity, 0) * 100;

  const id = await deps.db.transaction().execute(async (trx) => {
    await refuseWhileLive(trx, order.id);
    const row = await trx
      .insertInto('return_requests')
      .values({
        order_id: order.id,
        user_id: order.user_id,
        kind: input.kind,
        reason: input.reason,
        refund_paise: refundPaise,
        window_ends_at: windowEnd,
        created_at: now,
        updated_at: now,
      })
      // Two tabs asking at once: the partial unique index of open requests keeps one, the other
      // is a 409 below.
      .onConflict((oc) => oc.doNothing())
      .returning(['id', 'order_id', 'user_id', 'kind', 'refund_paise'])
      .executeTakeFirst();
    if (!row) throw conflict('This order already has a return request');
    await trx
      .insertInto('return_items')
      .values(chosen.map((c) => ({ return_id: row.id, order_item_id: c.id, quantity: c.quantity })))
      .execute();
    await logReturnMove(trx, {
      request: row,
      move: {
        from: null,
        to: 'requested',
        actor: 'customer',
        actorUserId: user.id,
        note: input.reason,
        at: now,
      },
    });
    return row.id;
  });
  return (await returnViews(deps.db, { returnId: id }, 'shopper'))[0]!;
}

/**
 * 409 while the order has an open request (not yet refused or refunded): a finished one leaves
 * the rest of its lines to a request of their own.
 */
async function refuseWhileLive(db: Kysely<Database> | Transaction<Database>, orderId: string) {
  const live = await db
    .selectFrom('return_requests')
    .select('state')
    .where('order_id', '=', orderId)
    .where('state', 'in', [...OPEN_RETURN_STATES])
    .executeTakeFirst();
  if (live) throw conflict(`This order already has a ${live.state} return request`);
}

/** GET /api/orders/{orderId}/returns: the order's requests (its owner, or an admin). */
export async function orderReturns(
  db: Kysely<Database>,
  user: AuthUser,
  orderId: string,
): Promise<ReturnView[]> {
  await ownOrder(db, user, orderId);
  return returnViews(db, { orderId }, isAdmin(user) ? 'admin' : 'shopper');
}
