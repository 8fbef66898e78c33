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
  await queueReturnRefundedMail(trx, {
    recipient: request.email,
    eventKey: `refund-done:${refund.id}`,
    userId: request.user_id,
    orderId: request.order_id,
    note: '',
    rupees: refund.amount,
  });
}

/** The shopper's "your return was refunded" mail, however the money went back. */
export interface ReturnRefundedMail {
  recipient: string;
  /** Once per refund (or per transfer): with the recipient and kind, the idempotency key. */
  eventKey: string;
  userId: string;
  orderId: string;
  note: string;
  rupees: number;
}

/** Writes the return-refunded mail in the caller's transaction (a provider's refund or a transfer). */
export async function queueReturnRefundedMail(
  trx: Transaction<Database>,
  mail: ReturnRefundedMail,
): Promise<void> {
  await queueNotification(trx, {
    kind: 'return-update',
    recipient: mail.recipient,
    eventKey: mail.eventKey,
    userId: mail.userId,
    orderId: mail.orderId,
    payload: {
      orderId: mail.orderId,
      kind: 'return',
      state: 'refunded',
      step: 'refunded',
      note: mail.note,
      amount: formatRupees(mail.rupees),
    },
  });
}
