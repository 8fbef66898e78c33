import type { ExpressionBuilder } from 'kysely';
import type { Database } from '@kanak/db';

/** The purpose of the refund that pays back money owed (a REFUND_PENDING payment). */
export const REFUND_DUE_PURPOSE = 'refund-due';

/**
 * A REFUND_PENDING payment is still owed while no refund of it is being processed or was
 * processed: once asked, the order no longer shows a refund due; a failed one shows it again.
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
          .where('refunds.state', 'in', ['processing', 'processed']),
      ),
    ),
  ]);
