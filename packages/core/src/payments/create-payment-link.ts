import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { AuthUser } from '../auth/tokens';
import { conflict, notFound } from '../common/errors';
import { requireId } from '../common/ids';
import type { PaymentProvider } from './provider';
import type { PaymentLinkAnswer } from '@kanak/shared';

/** The answer shapes are declared once, as zod schemas in @kanak/shared. */
export type { PaymentLinkAnswer };

/**
 * A payment link for the owner's PENDING order. The order row is locked while the link is
 * made, so a double click gets the same link; a later call reuses the open link.
 */
export async function createPaymentLink(
  db: Kysely<Database>,
  provider: PaymentProvider,
  user: AuthUser,
  orderIdInput: unknown,
  origins: { server: string; web: string },
): Promise<PaymentLinkAnswer> {
  const orderId = requireId(orderIdInput, 'Order');
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .select([
        'orders.id',
        'orders.user_id',
        'orders.status',
        'orders.total_discounted_price',
        'orders.ship_mobile',
        'users.first_name',
        'users.last_name',
        'users.email',
      ])
      .where('orders.id', '=', orderId)
      .forUpdate('orders')
      .executeTakeFirst();
    if (!order || order.user_id !== user.id) throw notFound('Order');
    if (order.status !== 'PENDING')
      throw conflict(`Order is already ${order.status}: only a PENDING order can be paid`);
    const open = await trx
      .selectFrom('payments')
      .select(['payment_link_id', 'payment_link_url'])
      .where('order_id', '=', orderId)
      .where('provider', '=', provider.name)
      .where('status', '=', 'CREATED')
      .where('amount', '=', order.total_discounted_price)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (open)
      return { payment_link_url: open.payment_link_url, payment_link_id: open.payment_link_id };
    const link = await provider.createLink({
      orderId,
      amount: order.total_discounted_price,
      description: `Kanak Jewellers order ${orderId.slice(0, 8).toUpperCase()}`,
      customer: {
        name: `${order.first_name} ${order.last_name}`,
        email: order.email,
        contact: order.ship_mobile,
      },
      callbackUrl: `${origins.web}/payment/${orderId}`,
      serverOrigin: origins.server,
    });
    await trx
      .insertInto('payments')
      .values({
        order_id: orderId,
        provider: provider.name,
        payment_link_id: link.id,
        payment_link_url: link.url,
        amount: order.total_discounted_price,
      })
      .execute();
    return { payment_link_url: link.url, payment_link_id: link.id };
  });
}

/** What the sandbox's hosted page shows for a link; null when unknown. */
export async function findPaymentLink(db: Kysely<Database>, linkId: string) {
  return db
    .selectFrom('payments')
    .innerJoin('orders', 'orders.id', 'payments.order_id')
    .select([
      'payments.order_id',
      'payments.amount',
      'payments.status',
      'payments.provider',
      'orders.status as order_status',
      'orders.total_item',
    ])
    .where('payments.payment_link_id', '=', linkId)
    .executeTakeFirst();
}
