import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { AuthUser } from '../auth/tokens';
import { conflict, notFound } from '../common/errors';
import { requireId } from '../common/ids';
import type { PaymentProvider } from './provider';
import { DEFAULT_LINK_TTL_MINUTES, LINK_REUSE_MARGIN_MS } from './link-expiry';
import type { PaymentLinkAnswer } from '@kanak/shared';
import { requoteIfStale } from '../ledger/requote-order';
import { systemClock, type Clock } from '../common/clock';

/** The answer shapes are declared once, as zod schemas in @kanak/shared. */
export type { PaymentLinkAnswer };

/**
 * A payment link for the owner's PENDING order, taking payments for `ttlMinutes`. The order row
 * is locked while the link is made, so a double click gets the same link; a later call reuses
 * the open link while enough of its life is left, else the stale one is closed as EXPIRED and
 * the shopper gets a fresh link, re-quoted at today's rates when the order's quote outlived a
 * link's life (`requote` then says from and to what).
 */
export async function createPaymentLink(
  db: Kysely<Database>,
  provider: PaymentProvider,
  user: AuthUser,
  orderIdInput: unknown,
  origins: { server: string; web: string },
  ttlMinutes: number = DEFAULT_LINK_TTL_MINUTES,
  clock: Clock = systemClock,
): Promise<PaymentLinkAnswer> {
  const orderId = requireId(orderIdInput, 'Order');
  return db.transaction().execute(async (trx) => {
    const now = clock();
    const order = await trx
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .select([
        'orders.id',
        'orders.user_id',
        'orders.status',
        'orders.total_discounted_price',
        'orders.quoted_at',
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
      .where((eb) =>
        eb.or([
          eb('expires_at', 'is', null),
          eb('expires_at', '>', new Date(now.getTime() + LINK_REUSE_MARGIN_MS)),
        ]),
      )
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (open)
      return { payment_link_url: open.payment_link_url, payment_link_id: open.payment_link_id };
    // The quote holds for a link's life from when it was made; past it, today's rates price the
    // order again, however many links were asked for since.
    const requote = await requoteIfStale(trx, order, ttlMinutes * 60_000, now);
    const amount = requote ? requote.to : order.total_discounted_price;
    // Its expiry stays what it was: a payment made in time is still taken (see confirmPayment).
    await trx
      .updateTable('payments')
      .set({ status: 'EXPIRED', note: 'Replaced by a fresh link', updated_at: now })
      .where('order_id', '=', orderId)
      .where('status', '=', 'CREATED')
      .where('expires_at', '<=', new Date(now.getTime() + LINK_REUSE_MARGIN_MS))
      .execute();
    const expiresAt = new Date(now.getTime() + ttlMinutes * 60_000);
    const link = await provider.createLink({
      orderId,
      amount,
      description: `Kanak Jewellers order ${orderId.slice(0, 8).toUpperCase()}`,
      customer: {
        name: `${order.first_name} ${order.last_name}`,
        email: order.email,
        contact: order.ship_mobile,
      },
      callbackUrl: `${origins.web}/payment/${orderId}`,
      serverOrigin: origins.server,
      expiresAt,
    });
    await trx
      .insertInto('payments')
      .values({
        order_id: orderId,
        provider: provider.name,
        payment_link_id: link.id,
        payment_link_url: link.url,
        amount,
        expires_at: expiresAt,
      })
      .execute();
    return {
      payment_link_url: link.url,
      payment_link_id: link.id,
      ...(requote ? { requote } : {}),
    };
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
      'payments.expires_at',
      'orders.status as order_status',
      'orders.total_item',
    ])
    .where('payments.payment_link_id', '=', linkId)
    .executeTakeFirst();
}
