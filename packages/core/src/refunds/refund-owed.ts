import type { ExpressionBuilder } from 'kysely';
import type { Database } from '@kanak/db';

import { REFUND_DUE_PURPOSE } from '../common';

/**
 * A refund that is paying the money back: processed, or processing with no refusal from the
 * provider yet. One the provider refused (failed, or processing again after a refused try) has
 * paid nothing: its money is shown due until the provider confirms a later try.
 */
const paying = (eb: ExpressionBuilder<Database, 'refunds'>) =>
  eb.or([
    eb('refunds.state', '=', 'processed'),
    eb.and([eb('refunds.state', '=', 'processing'), eb('refunds.failure', 'is', null)]),
  ]);

/**
 * A REFUND_PENDING payment is still owed while no refund of it is paying it back: once asked,
 * the order no longer shows a refund due; a refused one shows it again.
 */
export const stillOwed = (eb: ExpressionBuilder<Database, 'payments'>) =>
  eb.and([
    eb('payments.status', '=', 'REFUND_PENDING'),
    eb.not(
      eb.exists(
        eb
          .selectFrom('refunds')
          .select('refunds.id')
          .whereRef('refunds.payment_id', '=', 'payments.id')
          .where('refunds.purpose', '=', REFUND_DUE_PURPOSE)
          .where(paying),
      ),
    ),
  ]);

/** The order has a refund the provider refused (a return's, or money owed back): still due. */
export const refusedRefund = (eb: ExpressionBuilder<Database, 'orders'>) =>
  eb.exists(
    eb
      .selectFrom('refunds')
      .select('refunds.id')
      .whereRef('refunds.order_id', '=', 'orders.id')
      .where((r) => r.not(paying(r))),
  );

/**
 * The order has a return whose refund no provider could pay (cash on delivery) and that is not
 * yet paid by bank transfer: owed, like a payment never refunded.
 */
export const returnDueByHand = (eb: ExpressionBuilder<Database, 'orders'>) =>
  eb.exists(
    eb
      .selectFrom('return_requests')
      .select('return_requests.id')
      .whereRef('return_requests.order_id', '=', 'orders.id')
      .where('return_requests.refund_status', '=', 'due'),
  );
