import type { Transaction } from 'kysely';
import type { Database, SchemeEnrolmentRow } from '@kanak/db';
import {
  documentNumber,
  financialYear,
  formatIndiaDate,
  formatRupees,
  indiaDate,
} from '@kanak/shared';
import { takeNumbers } from '../invoices';
import { queueNotification } from '../mail-queue';
import type { SchemeReceiptData } from '../notifications';
import { enrolmentSchedule } from '../schemes';

/** Instalment receipts are numbered in a series of their own, per financial year. */
export const RECEIPT_SERIES = 'KJSR';

/**
 * The next receipt number (KJSR/2026-27/000001), in the caller's transaction: the counter row
 * stays locked until it commits, so numbers are unique and follow each other with no gap.
 */
export async function takeReceiptNumber(trx: Transaction<Database>, at: Date): Promise<string> {
  const fy = financialYear(at);
  return documentNumber(
    RECEIPT_SERIES,
    fy,
    await takeNumbers(trx, { series: RECEIPT_SERIES, fy, count: 1 }),
  );
}

/**
 * Queues the receipt mail of instalment `n` just recorded PAID, in the transaction that recorded
 * it (sent only if it commits; one per receipt). The first instalment's is the enrolment mail.
 */
export async function queueReceiptMail(
  trx: Transaction<Database>,
  enrolment: SchemeEnrolmentRow,
  paid: { n: number; amount: number; receiptNo: string; reference: string; paidAt: Date },
): Promise<void> {
  const owner = await trx
    .selectFrom('users')
    .select('email')
    .where('id', '=', enrolment.user_id)
    .executeTakeFirstOrThrow();
  const payments = await trx
    .selectFrom('scheme_payments')
    .select(['n', 'amount', 'paid_at', 'status'])
    .where('enrolment_id', '=', enrolment.id)
    .where('status', '=', 'PAID')
    .execute();
  const startedOn = enrolment.started_on ?? indiaDate(paid.paidAt);
  const next = enrolmentSchedule(
    { ...enrolment, started_on: startedOn },
    payments,
    indiaDate(paid.paidAt),
  )?.next;
  const payload: SchemeReceiptData = {
    enrolmentId: enrolment.id,
    plan: enrolment.plan_name,
    holder: enrolment.holder_name,
    n: paid.n,
    instalments: enrolment.instalments,
    amount: formatRupees(paid.amount),
    receiptNo: paid.receiptNo,
    reference: paid.reference,
    date: formatIndiaDate(paid.paidAt),
    nextDue: next ? formatIndiaDate(next.date) : '',
  };
  await queueNotification(trx, {
    kind: 'scheme-receipt',
    recipient: owner.email,
    eventKey: `scheme-receipt:${paid.receiptNo}`,
    userId: enrolment.user_id,
    payload,
  });
}
