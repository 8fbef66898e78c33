import type { Kysely, Transaction } from 'kysely';
import type { Database, SchemeEnrolmentRow, SchemePaymentStatus } from '@kanak/db';
import { formatRupees, indiaDate, type PaymentReturnStatus } from '@kanak/shared';
import { badRequest, systemClock, type Clock } from '../common';
import type { ProviderPayment, ProviderSource } from '../payment-providers';
import { askAboutPayment } from '../payments';
import type { InstalmentConfirmation } from '../queues';
import { findRecordedInstalment, type InstalmentOutcome } from './instalment-outcome';
import { queueReceiptMail, takeReceiptNumber } from './receipts';

export interface ConfirmInstalmentPaymentOptions {
  provider: ProviderSource;
  confirmation: Omit<InstalmentConfirmation, 'kind'>;
  clock?: Clock;
}

/**
 * An instalment's step on the one confirmation path (flows/confirm-payments.ts hands it each
 * instalment of a batch): applies its payment exactly once. The provider is asked first, outside
 * the transaction, by the step an order's payment takes (askAboutPayment); then, in a
 * transaction of its own with the enrolment and the link locked and the payment re-checked as
 * not recorded: the instalment is marked PAID (its paid date starts the schedule when it is the
 * first), or — paid twice, through a closed link, for the wrong amount, or for an enrolment no
 * longer paying — recorded as owed back, never dropped.
 */
export async function confirmInstalmentPayment(
  db: Kysely<Database>,
  { provider, confirmation, clock = systemClock }: ConfirmInstalmentPaymentOptions,
): Promise<InstalmentOutcome> {
  const { enrolmentId, paymentId } = confirmation;
  const recorded = await findRecordedInstalment(db, paymentId);
  if (recorded && recorded.enrolmentId !== enrolmentId)
    throw badRequest(`Payment ${paymentId} was not made for this scheme`);
  if (recorded) return recorded;
  const links = await db
    .selectFrom('scheme_payments')
    .select(['payment_link_id', 'provider'])
    .where('enrolment_id', '=', enrolmentId)
    .execute();
  // The step an order's confirmation takes: each provider holding a link of the enrolment is
  // asked (the one that reported it first), since the payment may be at whichever took the link.
  const payment = await askAboutPayment(provider, confirmation, links, 'scheme');
  if (payment.status === 'failed')
    return {
      result: 'FAILED',
      enrolmentId,
      n: null,
      note: 'The payment failed; the instalment is still due',
    };
  if (payment.status !== 'captured')
    return { result: 'PENDING', enrolmentId, n: null, note: 'The payment is not complete yet' };
  const linkId = payment.paymentLinkId;
  return db.transaction().execute(async (trx) => {
    const enrolment = await trx
      .selectFrom('scheme_enrolments')
      .selectAll()
      .where('id', '=', enrolmentId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    // Re-checked under the lock: a concurrent duplicate may have committed meanwhile.
    const again = await findRecordedInstalment(trx, payment.id);
    if (again) return again;
    const link = await trx
      .selectFrom('scheme_payments')
      .selectAll()
      .where('payment_link_id', '=', linkId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    return applyInstalment(trx, { enrolment, link, payment, now: clock() });
  });
}

export interface ApplyInstalmentOptions {
  enrolment: SchemeEnrolmentRow;
  link: { id: string; n: number; status: SchemePaymentStatus; amount: number; expires_at: Date } & {
    provider_payment_id: string | null;
    payment_link_id: string;
    payment_link_url: string;
    provider: string;
  };
  payment: ProviderPayment;
  now: Date;
}

async function applyInstalment(
  trx: Transaction<Database>,
  { enrolment, link, payment, now }: ApplyInstalmentOptions,
): Promise<InstalmentOutcome> {
  const paidAt = payment.madeAt ?? now;
  const amount = payment.amount ?? link.amount;
  const outcome = (result: PaymentReturnStatus, note: string | null): InstalmentOutcome => ({
    result,
    enrolmentId: enrolment.id,
    n: link.n,
    note,
  });
  const record = async (
    status: SchemePaymentStatus,
    note: string | null,
    receiptNo: string | null = null,
  ) => {
    if (link.provider_payment_id === null)
      await trx
        .updateTable('scheme_payments')
        .set({
          provider_payment_id: payment.id,
          status,
          note,
          amount,
          paid_at: paidAt,
          updated_at: now,
          receipt_no: receiptNo,
        })
        .where('id', '=', link.id)
        .execute();
    else
      // A second payment through the same link: kept as its own row, to be paid back.
      await trx
        .insertInto('scheme_payments')
        .values({
          enrolment_id: enrolment.id,
          n: link.n,
          provider: link.provider,
          payment_link_id: `${link.payment_link_id}:${payment.id}`,
          payment_link_url: link.payment_link_url,
          provider_payment_id: payment.id,
          status,
          amount,
          note,
          paid_at: paidAt,
          expires_at: link.expires_at,
          receipt_no: receiptNo,
        })
        .execute();
  };
  const owed = async (note: string) => {
    await record('REFUND_PENDING', note);
    return outcome('REFUND_PENDING', note);
  };
  if (enrolment.state !== 'PENDING' && enrolment.state !== 'ACTIVE')
    return owed(`The scheme was ${enrolment.state} when payment ${payment.id} arrived: refund due`);
  const alreadyPaid = await trx
    .selectFrom('scheme_payments')
    .select('id')
    .where('enrolment_id', '=', enrolment.id)
    .where('n', '=', link.n)
    .where('status', '=', 'PAID')
    .executeTakeFirst();
  if (alreadyPaid)
    return owed(
      `Instalment ${link.n} was already paid when payment ${payment.id} arrived: refund due`,
    );
  if (payment.madeAt && payment.madeAt.getTime() > link.expires_at.getTime())
    return owed(`Payment ${payment.id} arrived after its payment link had expired: refund due`);
  if (amount !== enrolment.instalment)
    return owed(
      `Paid ${formatRupees(amount)} but the instalment is ${formatRupees(enrolment.instalment)}: refund due`,
    );
  // Instalments are paid in turn: the link's own number must be the next one.
  const paidCount = await trx
    .selectFrom('scheme_payments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('enrolment_id', '=', enrolment.id)
    .where('status', '=', 'PAID')
    .executeTakeFirstOrThrow();
  if (Number(paidCount.n) + 1 !== link.n)
    return owed(`Instalment ${link.n} is not the next one due: refund due`);
  const receiptNo = await takeReceiptNumber(trx, paidAt);
  await record('PAID', null, receiptNo);
  if (link.n === 1)
    await trx
      .updateTable('scheme_enrolments')
      .set({ state: 'ACTIVE', started_on: indiaDate(paidAt) })
      .where('id', '=', enrolment.id)
      .execute();
  await queueReceiptMail(trx, enrolment, {
    n: link.n,
    amount,
    receiptNo,
    reference: payment.id,
    paidAt,
  });
  return outcome('PAID', null);
}
