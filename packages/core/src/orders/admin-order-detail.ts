import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { orderNumberOf, type AdminOrderDetail } from '@kanak/shared';
import { notFound } from '../common';
import { orderRow } from './queries';
import { toOrderView } from './order-view';

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * One order as the owner fulfils it (admin only; the transport checks the role): the order with
 * its customer, every payment on it (links, provider ids, refunds owed) and every move it made,
 * with who made it. An unknown id is a 404.
 */
export async function getAdminOrderDetail(
  db: Kysely<Database>,
  id: unknown,
): Promise<AdminOrderDetail> {
  const row = await orderRow(db, id);
  if (!row) throw notFound('Order');
  const orderId = row.id;
  const [order, customer, payments, events, refunds] = await Promise.all([
    toOrderView(db, row, 'admin'),
    db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'email', 'mobile'])
      .where('id', '=', row.user_id)
      .executeTakeFirst(),
    db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('order_events')
      .leftJoin('users', 'users.id', 'order_events.actor_user_id')
      .select([
        'order_events.id',
        'order_events.actor',
        'order_events.from_status',
        'order_events.to_status',
        'order_events.note',
        'order_events.created_at',
        'users.first_name',
        'users.last_name',
      ])
      .where('order_events.order_id', '=', orderId)
      .orderBy('order_events.created_at')
      .orderBy('order_events.id')
      .execute(),
    db
      .selectFrom('refunds')
      .innerJoin('payments', 'payments.id', 'refunds.payment_id')
      .select([
        'refunds.payment_id',
        'refunds.state',
        'refunds.amount',
        'refunds.provider_refund_id',
      ])
      .where('payments.order_id', '=', orderId)
      .orderBy('refunds.created_at')
      .execute(),
  ]);
  // The latest refund of each payment (read oldest first, so the last one stays).
  const refundOf = new Map(refunds.map((r) => [r.payment_id, r]));
  const refundView = (paymentId: string) => {
    const r = refundOf.get(paymentId);
    return r ? { state: r.state, amount: r.amount, providerRefundId: r.provider_refund_id } : null;
  };
  const paid = events.find((e) => e.from_status === 'PENDING' && e.to_status === 'PLACED');
  return {
    order,
    orderNumber: orderNumberOf(row.id),
    customer: {
      _id: row.user_id,
      firstName: customer?.first_name ?? order.user.firstName,
      lastName: customer?.last_name ?? order.user.lastName,
      email: customer?.email ?? order.user.email,
      mobile: customer?.mobile ?? null,
    },
    paidAt: paid ? iso(paid.created_at) : null,
    payments: payments.map((p) => ({
      _id: p.id,
      provider: p.provider,
      paymentLinkId: p.payment_link_id,
      providerPaymentId: p.provider_payment_id,
      amount: p.amount,
      status: p.status,
      refundReason: p.refund_reason,
      refund: refundView(p.id),
      note: p.note,
      createdAt: iso(p.created_at),
      updatedAt: iso(p.updated_at),
    })),
    events: events.map((e) => ({
      _id: e.id,
      actor: e.actor,
      actorName: e.first_name !== null ? `${e.first_name} ${e.last_name ?? ''}`.trim() : null,
      from: e.from_status,
      to: e.to_status,
      note: e.note,
      at: iso(e.created_at),
    })),
  };
}
