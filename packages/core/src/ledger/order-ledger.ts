import type { Transaction } from 'kysely';
import type { Database, OrderRow } from '@kanak/db';
import { canMoveOrder, type OrderEvent, type OrderMover, type OrderStatus } from '@kanak/shared';
import { DomainError } from '../common';
import { removeBoughtFromCart } from '../cart';
import { returnOrderStock, takeOrderStock } from './stock';
import { queueOrderMail } from '../notifications';
import { currentRequestId } from '../operations';
import { issueCreditNote, issueInvoice } from '../invoices';
import { recordShipment } from '../shipments';
import type { ShipmentIntent } from '../shipments';
import { settleTenders } from '../tenders';

/**
 * The order ledger: the one writer of an order's status, its `order_events` rows, the stock it
 * takes or gives back, and the event announced for it. Payment confirmation, admin moves,
 * sold-out cancellation, reconciliation and order creation come through here, inside the
 * caller's transaction with the order row locked (see lockOrder).
 */

/** What the event adds to the order's owner and status. */
export type OrderEventDetail = OmitEach<OrderEvent, 'orderId' | 'userId' | 'status' | 'at'>;
/** Omit applied to each member of a union (plain Omit would merge the kinds into one shape). */
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What the caller does once the transaction committed: announce, refresh caches, close links. */
export interface LedgerEntry {
  orderId: string;
  status: OrderStatus;
  /** For the browsers watching the order; null when nothing happened worth telling (a re-run). */
  event: OrderEvent | null;
  /** Products whose stock changed (catalogue caches drop them). */
  stockOf: string[];
  /** Payment links closed here, to cancel at the provider too. */
  closedLinks: string[];
}

/** The event for an order owned by `userId`, now in `status`. */
export const orderEvent = (
  order: Pick<OrderRow, 'id' | 'user_id'>,
  status: OrderStatus,
  detail: OrderEventDetail,
): OrderEvent => ({
  orderId: order.id,
  userId: order.user_id,
  status,
  at: new Date().toISOString(),
  ...detail,
});

/** A refused move: 409 for the caller, and the event that tells the admin who asked. */
export class MoveRefused extends DomainError {
  constructor(
    message: string,
    public readonly event: OrderEvent,
  ) {
    super('CONFLICT', message);
  }
}

export interface OrderMove {
  to: OrderStatus;
  by: OrderMover;
  actorUserId: string | null;
  /** Why, for the event log. */
  reason: string | null;
  /** What the shopper reads on the order (a cancellation's cause); kept as it is when absent. */
  statusNote?: string | null;
  /** The queued job applying it: a job re-run after a crash finds its move already made. */
  jobKey?: string;
  /** How the move is announced (default: moved, by its actor). */
  announce?: OrderEventDetail;
  /** A ship's carrier and AWB: the shipments row is written with the SHIPPED move. */
  shipment?: ShipmentIntent | null;
}

/**
 * Moves a locked order. The state machine is checked here; the stock follows the move (a paid
 * order cancelled before shipping gives its pieces back and its payment is owed back; an unpaid
 * one closes its payment links). PENDING → PLACED is placePaidOrder's, which takes the stock.
 */
export async function applyMove(
  trx: Transaction<Database>,
  order: OrderRow,
  move: OrderMove,
): Promise<LedgerEntry> {
  if (move.jobKey) {
    const done = await trx
      .selectFrom('order_events')
      .select('id')
      .where('job_key', '=', move.jobKey)
      .executeTakeFirst();
    if (done)
      return { orderId: order.id, status: order.status, event: null, stockOf: [], closedLinks: [] };
  }
  if (!canMoveOrder(order.status, move.to, move.by) || move.to === 'PLACED') {
    const message = `Cannot move order from ${order.status} to ${move.to}`;
    throw new MoveRefused(
      message,
      orderEvent(order, order.status, {
        kind: 'refused',
        to: move.to,
        message,
        actorUserId: move.actorUserId,
      }),
    );
  }
  const entry = await write(trx, order, move);
  // A cash-on-delivery order is invoiced when it leaves the shop (the caller took the counter).
  if ((move.to === 'SHIPPED' || move.to === 'DELIVERED') && (await isCashOnDelivery(trx, order.id)))
    await issueInvoice(trx, order);
  if (move.to === 'SHIPPED' && move.shipment)
    await recordShipment({
      trx,
      order,
      shipment: move.shipment,
      actorUserId: move.actorUserId,
      shippedAt: new Date(),
    });
  if (move.to === 'CANCELLED' && order.status !== 'PENDING') {
    entry.stockOf = await returnOrderStock(trx, order.id);
    await trx
      .updateTable('payments')
      .set({
        status: 'REFUND_PENDING',
        refund_reason: 'CANCELLED_BY_SHOP',
        note: 'Order cancelled by the shop: refund due',
        updated_at: new Date(),
      })
      .where('order_id', '=', order.id)
      .where('status', '=', 'PAID')
      .execute();
    await issueCreditNote(trx, {
      orderId: order.id,
      reason: move.statusNote ?? 'Order cancelled by the shop: refund due',
    });
  }
  if (move.to === 'CANCELLED' && order.status === 'PENDING')
    entry.closedLinks = await closeOpenLinks(trx, order.id, 'Order cancelled: link closed');
  return entry;
}

export type Placement =
  { placed: true; entry: LedgerEntry } | { placed: false; note: string; entry: LedgerEntry };

/**
 * A captured payment for a locked PENDING order: takes the stock and places the order, or, when
 * a line is short, cancels it (the caller records the payment as owed back). Paying takes out
 * of the cart only what the order bought.
 */
export async function placePaidOrder(
  trx: Transaction<Database>,
  order: OrderRow,
  payment: {
    reason: string;
    refundNote: (short: string) => string;
    /** Confirmed for cash on delivery: no money yet, so no invoice until it is dispatched. */
    cashOnDelivery?: boolean;
  },
): Promise<Placement> {
  // Paid: the tax invoice is numbered now, in this transaction (gapless per financial year).
  if (!payment.cashOnDelivery) await issueInvoice(trx, order);
  const stock = await takeOrderStock(trx, order.id);
  if (!stock.taken) {
    const note = payment.refundNote(stock.short);
    await issueCreditNote(trx, { orderId: order.id, reason: note });
    const entry = await write(trx, order, {
      to: 'CANCELLED',
      by: 'system',
      actorUserId: null,
      reason: note,
      statusNote: note,
      announce: { kind: 'payment', result: 'REFUND_PENDING' },
    });
    return { placed: false, note, entry };
  }
  const entry = await write(trx, order, {
    to: 'PLACED',
    by: 'payment',
    actorUserId: order.user_id,
    reason: payment.reason,
    statusNote: null,
    announce: payment.cashOnDelivery
      ? { kind: 'moved', actorUserId: order.user_id }
      : { kind: 'payment', result: 'PAID' },
  });
  entry.stockOf = stock.productIds;
  await removeBoughtFromCart(trx, order.user_id, order.id);
  return { placed: true, entry };
}

/** Whether the order was confirmed for cash on delivery. */
export async function isCashOnDelivery(
  trx: Transaction<Database>,
  orderId: string,
): Promise<boolean> {
  const cod = await trx
    .selectFrom('cod_orders')
    .select('order_id')
    .where('order_id', '=', orderId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  return Boolean(cod);
}

/** Logs a new order's first status (its row was just inserted as PENDING). */
export async function recordCreated(
  trx: Transaction<Database>,
  orderId: string,
  userId: string,
): Promise<void> {
  await trx
    .insertInto('order_events')
    .values({
      order_id: orderId,
      actor: 'customer',
      actor_user_id: userId,
      from_status: null,
      to_status: 'PENDING',
      note: 'Order created from cart',
      request_id: currentRequestId() ?? null,
    })
    .execute();
}

/** Closes the order's links still taking payments; answers their ids (to cancel at the provider). */
export async function closeOpenLinks(
  trx: Transaction<Database>,
  orderId: string,
  note: string,
): Promise<string[]> {
  const closed = await trx
    .updateTable('payments')
    .set({ status: 'CANCELLED', note, updated_at: new Date() })
    .where('order_id', '=', orderId)
    .where('status', '=', 'CREATED')
    .returning('payment_link_id')
    .execute();
  return closed.map((l) => l.payment_link_id);
}

/** The status write and its event row: the only place either is written for an existing order. */
async function write(
  trx: Transaction<Database>,
  order: OrderRow,
  move: OrderMove,
): Promise<LedgerEntry> {
  if (!canMoveOrder(order.status, move.to, move.by))
    throw new DomainError('CONFLICT', `Cannot move order from ${order.status} to ${move.to}`);
  const now = new Date();
  await trx
    .updateTable('orders')
    .set({
      status: move.to,
      updated_at: now,
      ...(move.to === 'DELIVERED' ? { delivered_at: now } : {}),
      ...(move.statusNote !== undefined ? { status_note: move.statusNote } : {}),
    })
    .where('id', '=', order.id)
    .execute();
  const logged = await trx
    .insertInto('order_events')
    .values({
      order_id: order.id,
      actor: move.by,
      actor_user_id: move.actorUserId,
      from_status: order.status,
      to_status: move.to,
      note: move.reason,
      job_key: move.jobKey ?? null,
      request_id: currentRequestId() ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Balances paying for the order move with it: spent when placed, given back when cancelled.
  if (move.to === 'PLACED')
    await settleTenders(trx, { orderIds: [order.id], to: 'SPENT', at: now });
  if (move.to === 'CANCELLED')
    await settleTenders(trx, { orderIds: [order.id], to: 'RETURNED', at: now });
  // The owner's mail for this entry, committed with it (sent by the worker's notifications queue).
  await queueOrderMail(trx, order, {
    id: logged.id,
    to: move.to,
    note: move.statusNote ?? move.reason,
    paymentCaptured: move.by === 'payment' || move.announce?.kind === 'payment',
  });
  return {
    orderId: order.id,
    status: move.to,
    event: orderEvent(
      order,
      move.to,
      move.announce ?? { kind: 'moved', actorUserId: move.actorUserId },
    ),
    stockOf: [],
    closedLinks: [],
  };
}
