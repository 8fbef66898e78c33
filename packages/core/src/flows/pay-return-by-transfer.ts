import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { ReturnTransferInput, ReturnView } from '@kanak/shared';
import { conflict } from '../common';
import { queueReturnRefundedMail, RETURN_REFUND_PREFIX } from '../refunds';
import { lockReturnRequest, returnOwner, returnViews } from '../returns';

/**
 * The owner paid a return's due refund by bank transfer (cash on delivery: no provider holds
 * the money): the refund reads paid with the transfer's reference, the order no longer owes it,
 * the settlement counts it refunded, and the shopper is mailed that it was refunded. Once: the
 * same reference again answers the return as it is; another reference is a 409. It records money
 * paid out across returns and refunds (their rows, the refunded mail), so it lives with the flows.
 */
export async function payReturnByTransfer(
  db: Kysely<Database>,
  input: ReturnTransferInput,
  at: Date,
): Promise<ReturnView> {
  await db.transaction().execute(async (trx) => {
    const request = await lockReturnRequest(trx, input.returnId);
    if (request.refund_status === 'paid' && request.refund_reference === input.reference) return;
    if (request.refund_status === 'paid' && request.refund_reference)
      throw conflict(`This refund was paid by bank transfer already (${request.refund_reference})`);
    if (
      request.kind !== 'return' ||
      request.state !== 'refunded' ||
      request.refund_status !== 'due'
    )
      throw conflict('Only a refunded return whose money is due by hand is paid by bank transfer');
    // A refund asked of a provider (refused, then due again) is paid by asking it again.
    const asked = await trx
      .selectFrom('refunds')
      .select('id')
      .where('order_id', '=', request.order_id)
      .where('purpose', '=', `${RETURN_REFUND_PREFIX}${request.id}`)
      .executeTakeFirst();
    if (asked) throw conflict('This refund goes through the payment provider: ask it again there');
    await trx
      .updateTable('return_requests')
      .set({ refund_status: 'paid', refund_reference: input.reference, refund_paid_at: at })
      .where('id', '=', request.id)
      .execute();
    const owner = await returnOwner(trx, request.user_id);
    if (owner?.email)
      await queueReturnRefundedMail(trx, {
        recipient: owner.email,
        eventKey: `return-transfer:${request.id}`,
        userId: request.user_id,
        orderId: request.order_id,
        note: `Paid by bank transfer, reference ${input.reference}.`,
        rupees: Math.round(Number(request.refund_paise) / 100),
      });
  });
  return (await returnViews(db, { returnId: input.returnId }))[0]!;
}
