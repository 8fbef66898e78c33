import type { Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import { formatRupees } from '@kanak/shared';
import { queueNotification } from '../mail-queue';

/** A return's provider refunds are named `return-{returnId}` (see moveReturn). */
export const RETURN_REFUND_PREFIX = 'return-';

/**
 * The provider confirmed a return's refund: now, and only now, the shopper reads "we have
 * refunded". Written with the record of the answer (once per refund: its event key).
 */
export async function mailReturnRefunded(
  trx: Transaction<Database>,
  refund: { id: string; purpose: string; amount: number },
): Promise<void> {
  if (!refund.purpose.startsWith(RETURN_REFUND_PREFIX)) return;
  const request = await trx
    .selectFrom('return_requests')
    .innerJoin('users', 'users.id', 'return_requests.user_id')
    .select([
      'return_requests.id',
      'return_requests.order_id',
      'users.id as user_id',
      'users.email',
    ])
    .where('return_requests.id', '=', refund.purpose.slice(RETURN_REFUND_PREFIX.length))
    .where('users.removed_at', 'is', null)
    .executeTakeFirst();
  if (!request?.email) return;
  await queueNotification(trx, {
    kind: 'return-update',
    recipient: request.email,
    eventKey: `refund-done:${refund.id}`,
    userId: request.user_id,
    orderId: request.order_id,
    payload: {
      orderId: request.order_id,
      kind: 'return',
      state: 'refunded',
      step: 'refunded',
      note: '',
      amount: formatRupees(refund.amount),
    },
  });
}
