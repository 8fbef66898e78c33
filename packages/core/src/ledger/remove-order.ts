import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import { conflict, notFound, unavailable } from '../common';
import type { PaymentProvider } from '../payment-providers';
import type { PaymentProviders } from '../payment-providers';
import { lockOrder } from '../common';
import { closeOpenLinks } from './order-ledger';
import { settleTenders } from '../tenders';

/** Why an order cannot be deleted, or null when it holds no money and may go. */
async function moneyOn(
  db: Kysely<Database> | Transaction<Database>,
  orderId: string,
  status: string,
): Promise<string | null> {
  const payment = await db
    .selectFrom('payments')
    .select(['status', 'provider_payment_id'])
    .where('order_id', '=', orderId)
    .where((eb) =>
      eb.or([
        eb('provider_payment_id', 'is not', null),
        eb('status', 'in', ['PAID', 'REFUND_PENDING']),
      ]),
    )
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
  const cancelInstead =
    'Cancel it instead: a paid order cancelled before shipping gives its pieces back and is marked for refund.';
  if (payment?.status === 'REFUND_PENDING')
    return `This order cannot be deleted: a refund is owed on it, and deleting it would erase the record of that money. Keep it until the refund is paid.`;
  if (payment || !['PENDING', 'CANCELLED'].includes(status))
    return `This order cannot be deleted: it has been paid, and deleting it would erase the record of that money. ${cancelInstead}`;
  return null;
}

/**
 * Deletes an order that holds no money (admin). Its open payment links are cancelled at the
 * provider first, so the shopper cannot pay an order that is gone; the link rows stay (payments
 * are history), and a payment that still slips through is recorded as owed back. An order with
 * a payment, or one owed a refund, is refused with 409: it is cancelled, not deleted.
 */
export async function removeUnpaidOrder(
  db: Kysely<Database>,
  provider: Pick<PaymentProvider, 'name' | 'cancelLink'> | PaymentProviders,
  orderId: string,
): Promise<{ message: string }> {
  const order = await db
    .selectFrom('orders')
    .select(['id', 'status'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) throw notFound('Order');
  const refusal = await moneyOn(db, orderId, order.status);
  if (refusal) throw conflict(refusal);

  const open = await db
    .selectFrom('payments')
    .select(['payment_link_id', 'provider'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'CREATED')
    .execute();
  for (const link of open) {
    // Each link is cancelled at the provider that holds it.
    const holder =
      'list' in provider
        ? provider.get(link.provider)
        : link.provider === provider.name
          ? provider
          : undefined;
    if (!holder) continue;
    let answer: Awaited<ReturnType<PaymentProvider['cancelLink']>>;
    try {
      answer = await holder.cancelLink(link.payment_link_id);
    } catch {
      throw unavailable(
        'The payment provider could not be reached to cancel this order’s payment link; nothing was deleted. Try again in a moment.',
      );
    }
    if (answer === 'paid')
      throw conflict(
        'This order cannot be deleted: its payment link has just been paid. The payment will be confirmed shortly; cancel the order then if it must not go ahead.',
      );
  }

  await db.transaction().execute(async (trx) => {
    const locked = await lockOrder(trx, orderId);
    // A payment may have been recorded while the links were being cancelled.
    const late = await moneyOn(trx, orderId, locked.status);
    if (late) throw conflict(late);
    await closeOpenLinks(trx, orderId, `Order ${orderId} deleted by the shop: link cancelled`);
    // A balance held for it goes back before its tenders go with the order.
    await settleTenders(trx, { orderIds: [orderId], to: 'RETURNED' });
    await trx.deleteFrom('orders').where('id', '=', orderId).execute();
  });
  return { message: 'Order deleted successfully' };
}
