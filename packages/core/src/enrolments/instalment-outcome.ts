import type { Kysely } from 'kysely';
import type { Database, SchemePaymentStatus } from '@kanak/db';
import type { PaymentReturnStatus } from '@kanak/shared';

/** What an instalment's confirmation did, as the worker records it for whoever waits. */
export interface InstalmentOutcome {
  result: PaymentReturnStatus;
  enrolmentId: string;
  /** The instalment it paid (or was meant for). */
  n: number | null;
  note: string | null;
}

/** One outbox row per enrolment and provider payment id, like orders' pay-{order}-{payment}. */
export const instalmentJobKey = (enrolmentId: string, paymentId: string) =>
  `scheme-pay-${enrolmentId}-${paymentId}`;

const resultOf = (status: SchemePaymentStatus): PaymentReturnStatus =>
  status === 'PAID' ? 'PAID' : status === 'REFUND_PENDING' ? 'REFUND_PENDING' : 'PENDING';

/** The recorded outcome of a payment, by its provider id; null when it was never recorded. */
export async function findRecordedInstalment(
  db: Kysely<Database>,
  paymentId: string,
): Promise<InstalmentOutcome | null> {
  const row = await db
    .selectFrom('scheme_payments')
    .select(['enrolment_id', 'n', 'status', 'note'])
    .where('provider_payment_id', '=', paymentId)
    .executeTakeFirst();
  return row
    ? { result: resultOf(row.status), enrolmentId: row.enrolment_id, n: row.n, note: row.note }
    : null;
}
