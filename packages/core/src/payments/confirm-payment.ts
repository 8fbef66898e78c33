import type { Kysely, Transaction } from 'kysely';
import type { Database, PaymentStatus } from '@kanak/db';
import {
  formatRupees,
  type OrderStatus,
  type PaymentReturnStatus,
  type RefundReason,
} from '@kanak/shared';
import { badRequest, notFound } from '../common/errors';
import { requireId } from '../common/ids';
import { assertOrderMove } from '../orders/state-machine';
import type { PaymentProvider } from './provider';
import { lockOrder } from '../orders/lock-order';

export interface PaymentConfirmation {
  orderId: string;
  paymentId: string;
  /** reconcile: found by asking the provider about an order whose return and webhook never came. */
  source: 'return' | 'webhook' | 'reconcile';
}

/** PAID: order placed; FAILED: nothing changed; PENDING: not settled yet; REFUND_PENDING: paid but not fulfillable. */
export type ConfirmationResult = PaymentReturnStatus;

export interface ConfirmationOutcome {
  result: ConfirmationResult;
  orderId: string;
  orderStatus: OrderStatus;
  note: string | null;
}

const resultOf = (status: PaymentStatus): ConfirmationResult =>
  status === 'PAID'
    ? 'PAID'
    : status === 'REFUND_PENDING'
      ? 'REFUND_PENDING'
      : status === 'FAILED'
        ? 'FAILED'
        : 'PENDING';

/**
 * Applies a payment exactly once. The provider is asked (never the browser); then, in ONE
 * transaction with the order row locked: the payment is recorded under its unique provider id,
 * the order moves PENDING → PLACED, each size row's stock is taken (never below zero: if a line
 * is short the order is cancelled and the payment marked for refund), and the cart is emptied.
 * A duplicate (second job, webhook + return, a re-run after a crash) finds the recorded payment.
 */
export async function confirmPayment(
  db: Kysely<Database>,
  provider: PaymentProvider,
  confirmation: PaymentConfirmation,
): Promise<ConfirmationOutcome> {
  const orderId = requireId(confirmation.orderId, 'Order');
  const recorded = await findRecorded(db, confirmation.paymentId);
  if (recorded && recorded.orderId !== orderId)
    throw badRequest(`Payment ${confirmation.paymentId} was not made for this order`);
  if (recorded) return recorded;

  const links = await db
    .selectFrom('payments')
    .select('payment_link_id')
    .where('order_id', '=', orderId)
    .execute();
  if (links.length === 0) throw notFound('Payment link for this order');
  const payment = await provider.fetchPayment(
    confirmation.paymentId,
    links.map((l) => l.payment_link_id),
  );
  if (!payment)
    throw badRequest(`Payment ${confirmation.paymentId} is not known to the payment provider`);
  if (!payment.paymentLinkId)
    throw badRequest(`Payment ${confirmation.paymentId} was not made for this order`);
  const linkId = payment.paymentLinkId;

  if (payment.status !== 'captured') {
    const order = await db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    if (payment.status === 'failed') {
      // The link stays open so the shopper can try again; the attempt is noted.
      await db
        .updateTable('payments')
        .set({ note: `Payment ${payment.id} failed`, updated_at: new Date() })
        .where('payment_link_id', '=', linkId)
        .where('status', '=', 'CREATED')
        .execute();
      return {
        result: 'FAILED',
        orderId,
        orderStatus: order.status,
        note: 'The payment failed; the order is still waiting for payment',
      };
    }
    return {
      result: 'PENDING',
      orderId,
      orderStatus: order.status,
      note: 'The payment is not complete yet',
    };
  }

  return db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId);
    // Re-checked under the lock: a concurrent duplicate may have committed meanwhile.
    const again = await findRecorded(trx, payment.id);
    if (again) return again;
    const link = await trx
      .selectFrom('payments')
      .selectAll()
      .where('payment_link_id', '=', linkId)
      .forUpdate()
      .executeTakeFirstOrThrow();

    /** Records the payment; a refund says why, and keeps the amount actually paid. */
    const record = async (status: PaymentStatus, note: string | null, reason?: RefundReason) => {
      const refund_reason = reason ?? null;
      if (link.provider_payment_id === null) {
        await trx
          .updateTable('payments')
          .set({
            provider_payment_id: payment.id,
            status,
            note,
            refund_reason,
            amount: payment.amount ?? link.amount,
            updated_at: new Date(),
          })
          .where('id', '=', link.id)
          .execute();
      } else {
        // A second, different payment through the same link: kept as its own row for the refund.
        await trx
          .insertInto('payments')
          .values({
            order_id: orderId,
            provider: link.provider,
            payment_link_id: `${link.payment_link_id}:${payment.id}`,
            payment_link_url: link.payment_link_url,
            provider_payment_id: payment.id,
            status,
            amount: payment.amount ?? link.amount,
            note,
            refund_reason,
          })
          .execute();
      }
    };

    /** Moves the locked order and logs the move as the payment's doing. */
    const moveOrder = async (
      to: 'PLACED' | 'CANCELLED',
      by: 'payment' | 'system',
      move: { statusNote: string | null; actorUserId: string | null; eventNote: string },
    ) => {
      assertOrderMove(order.status, to, by);
      await trx
        .updateTable('orders')
        .set({ status: to, status_note: move.statusNote, updated_at: new Date() })
        .where('id', '=', orderId)
        .execute();
      await trx
        .insertInto('order_events')
        .values({
          order_id: orderId,
          actor: 'payment',
          actor_user_id: move.actorUserId,
          from_status: order.status,
          to_status: to,
          note: move.eventNote,
          job_key: null,
        })
        .execute();
    };

    if (order.status !== 'PENDING') {
      const note = `Order was ${order.status} when payment ${payment.id} arrived: refund due`;
      await record('REFUND_PENDING', note, 'ORDER_NOT_PENDING');
      return { result: 'REFUND_PENDING' as const, orderId, orderStatus: order.status, note };
    }
    if (payment.amount !== null && payment.amount !== order.total_discounted_price) {
      const note = `Paid ${formatRupees(payment.amount)} but the order totals ${formatRupees(order.total_discounted_price)}: refund due`;
      await record('REFUND_PENDING', note, 'AMOUNT_MISMATCH');
      return { result: 'REFUND_PENDING' as const, orderId, orderStatus: order.status, note };
    }

    const short = await takeStock(trx, orderId);
    if (short) {
      const note = `Cancelled: ${short} when the payment arrived. The payment of ${formatRupees(order.total_discounted_price)} will be refunded.`;
      await moveOrder('CANCELLED', 'system', {
        statusNote: note,
        actorUserId: null,
        eventNote: note,
      });
      await record('REFUND_PENDING', note, 'SOLD_OUT');
      return {
        result: 'REFUND_PENDING' as const,
        orderId,
        orderStatus: 'CANCELLED' as const,
        note,
      };
    }

    await moveOrder('PLACED', 'payment', {
      statusNote: null,
      actorUserId: order.user_id,
      eventNote: `Paid by ${payment.id} (${confirmation.source})`,
    });
    await record('PAID', null);
    await trx
      .deleteFrom('cart_items')
      .where('cart_id', 'in', (eb) =>
        eb.selectFrom('carts').select('id').where('user_id', '=', order.user_id),
      )
      .execute();
    return { result: 'PAID' as const, orderId, orderStatus: 'PLACED' as const, note: null };
  });
}

/**
 * Takes the order's quantities from its size rows, locked in id order (no deadlocks between
 * orders sharing rows). Returns a description of the first short line, taking nothing, if any.
 */
async function takeStock(trx: Transaction<Database>, orderId: string): Promise<string | null> {
  const items = await trx
    .selectFrom('order_items')
    .select(['size_id', 'quantity', 'title', 'weight'])
    .where('order_id', '=', orderId)
    .execute();
  const wanted = new Map<string, { quantity: number; title: string; weight: string }>();
  for (const item of items) {
    if (!item.size_id) return `${item.title} (${item.weight}) is no longer sold`;
    const prev = wanted.get(item.size_id);
    wanted.set(item.size_id, {
      quantity: (prev?.quantity ?? 0) + item.quantity,
      title: item.title,
      weight: item.weight,
    });
  }
  const rows = await trx
    .selectFrom('product_sizes')
    .select(['id', 'stock'])
    .where('id', 'in', [...wanted.keys()])
    .orderBy('id')
    .forUpdate()
    .execute();
  const stockBy = new Map(rows.map((r) => [r.id, r.stock]));
  for (const [sizeId, want] of wanted) {
    const stock = stockBy.get(sizeId);
    if (stock === undefined) return `${want.title} (${want.weight}) is no longer sold`;
    if (stock < want.quantity) {
      return stock === 0
        ? `${want.title} (${want.weight}) sold out`
        : `only ${stock} of ${want.title} (${want.weight}) left, ${want.quantity} ordered`;
    }
  }
  for (const [sizeId, want] of wanted) {
    await trx
      .updateTable('product_sizes')
      .set((eb) => ({ stock: eb('stock', '-', want.quantity) }))
      .where('id', '=', sizeId)
      .execute();
  }
  return null;
}

async function findRecorded(
  db: Kysely<Database>,
  paymentId: string,
): Promise<ConfirmationOutcome | null> {
  const row = await db
    .selectFrom('payments')
    .innerJoin('orders', 'orders.id', 'payments.order_id')
    .select(['payments.status', 'payments.note', 'orders.id', 'orders.status as order_status'])
    .where('payments.provider_payment_id', '=', paymentId)
    .executeTakeFirst();
  return row
    ? {
        result: resultOf(row.status),
        orderId: row.id,
        orderStatus: row.order_status,
        note: row.note,
      }
    : null;
}
