import type { Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import { refundPayment } from '../refunds';
import { REFUND_DUE_PURPOSE } from '../common';

/**
 * A second payment for an order another payment already paid (a link at each provider, both
 * paid) is owed back at once: its refund is asked through the provider that took it, in the
 * transaction that recorded it, by the system. Other money owed back (a cancelled order, a wrong
 * amount) waits for the owner as before.
 */
export async function refundSecondPayments(
  trx: Transaction<Database>,
  providerPaymentIds: string[],
): Promise<number> {
  if (providerPaymentIds.length === 0) return 0;
  const seconds = await trx
    .selectFrom('payments as p')
    .select(['p.id', 'p.amount'])
    .where('p.provider_payment_id', 'in', providerPaymentIds)
    .where('p.status', '=', 'REFUND_PENDING')
    .where('p.refund_reason', '=', 'ORDER_NOT_PENDING')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('payments as first')
          .select('first.id')
          .whereRef('first.order_id', '=', 'p.order_id')
          .whereRef('first.id', '!=', 'p.id')
          .where('first.status', '=', 'PAID'),
      ),
    )
    .execute();
  for (const second of seconds)
    await refundPayment(trx, {
      paymentId: second.id,
      amount: second.amount,
      reason: 'ORDER_NOT_PENDING',
      purpose: REFUND_DUE_PURPOSE,
      requestedBy: null,
    });
  return seconds.length;
}
