import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { RefundState } from '@kanak/shared';
import { notFound } from '../common';
import type { PaymentProvider, ProviderRefund } from '../payment-providers';
import { providerAnswerColumns, refundIdempotencyKey } from './refund-job';
import { mailReturnRefunded } from './refund-mails';

/** What a refund job records: the refund as it stands after asking the provider. */
export interface RefundOutcome {
  refundId: string;
  orderId: string;
  state: RefundState;
  providerRefundId: string | null;
}

/**
 * The provider refused a refund (not an outage): the job fails this try so that the queue asks
 * again after its backoff, with a fresh idempotency key; after the last try it is a dead letter.
 */
export class RefundRefused extends Error {
  override name = 'RefundRefused';
}

export interface RecordProviderRefundOptions {
  refund: { id: string; attempt: number };
  answer: ProviderRefund;
  now?: Date;
}

/**
 * Writes what the provider said about one attempt; a newer attempt's row is left alone. A
 * refund the provider confirms mails the shopper of a return that it is done (only then).
 */
export async function recordProviderRefund(
  db: Kysely<Database>,
  { refund, answer, now = new Date() }: RecordProviderRefundOptions,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('refunds')
      .set(providerAnswerColumns(answer, now))
      .where('id', '=', refund.id)
      .where('attempt', '=', refund.attempt)
      .where('state', '=', 'processing')
      .returning(['id', 'purpose', 'amount', 'state'])
      .executeTakeFirst();
    if (row?.state === 'processed') await mailReturnRefunded(trx, row);
  });
}

/**
 * The provider refused this try and the queue will ask again: the row stays processing (the
 * money is shown due, see refusedRefund) with the refusal and the next try's number.
 */
async function recordRefusedTry(
  db: Kysely<Database>,
  refund: { id: string; attempt: number; tries: number },
  failure: string,
): Promise<void> {
  await db
    .updateTable('refunds')
    .set({
      tries: refund.tries + 1,
      failure,
      provider_refund_id: null,
      updated_at: new Date(),
    })
    .where('id', '=', refund.id)
    .where('attempt', '=', refund.attempt)
    .where('tries', '=', refund.tries)
    .where('state', '=', 'processing')
    .execute();
}

export interface ProcessRefundOptions {
  provider: PaymentProvider;
  job: { refundId: string; attempt: number };
  /** A crash test's fault point (never configuration): after the provider answered, before the record. */
  beforeRecord?: () => Promise<void>;
  /** This is the queue's last try of the job: a refusal is then recorded as failed. */
  lastTry?: boolean;
}

/**
 * The worker's `refunds` job: asks the provider for one attempt of a refund and records the
 * answer. A re-run (a worker killed after asking, before recording) asks again with the same
 * idempotency key and gets the same refund: the money leaves once. An attempt already answered,
 * or replaced by a newer one, is not asked again. A refusal before the last try throws
 * RefundRefused: the queue retries with backoff, each try a fresh key; the last try records the
 * refund failed (owed again; the worker then fails the job into the dead letters), and a dead
 * letter's retry opens the attempt again. Throws
 * ProviderUnavailable when the provider cannot be asked: the job waits without spending a try.
 */
export async function processRefund(
  db: Kysely<Database>,
  { provider, job, beforeRecord, lastTry = true }: ProcessRefundOptions,
): Promise<RefundOutcome> {
  const read = async () => {
    const row = await db
      .selectFrom('refunds')
      .selectAll()
      .where('id', '=', job.refundId)
      .executeTakeFirst();
    if (!row) throw notFound('Refund');
    return row;
  };
  const outcome = (row: Awaited<ReturnType<typeof read>>): RefundOutcome => ({
    refundId: row.id,
    orderId: row.order_id,
    state: row.state,
    providerRefundId: row.provider_refund_id,
  });
  let row = await read();
  if (row.attempt !== job.attempt || row.state === 'processed' || row.provider_refund_id)
    return outcome(row);
  if (row.state === 'failed') {
    // A dead letter's retry: the same attempt asked again, as a fresh try.
    const reopened = await db
      .updateTable('refunds')
      .set((eb) => ({ state: 'processing', tries: eb('tries', '+', 1), updated_at: new Date() }))
      .where('id', '=', row.id)
      .where('attempt', '=', row.attempt)
      .where('state', '=', 'failed')
      .returningAll()
      .executeTakeFirst();
    if (!reopened) return outcome(await read());
    row = reopened;
  }
  const answer = await provider.refund({
    paymentId: row.provider_payment_id,
    amount: row.amount,
    idempotencyKey: refundIdempotencyKey(row.id, row.attempt, row.tries),
    notes: { order_id: row.order_id, refund_id: row.id, reason: row.reason },
  });
  await beforeRecord?.();
  if (answer.status === 'failed' && !lastTry) {
    await recordRefusedTry(db, row, answer.failure ?? 'refused by the provider');
    throw new RefundRefused(
      `refund ${row.id} of order ${row.order_id} refused by the provider: ${answer.failure ?? 'no reason given'}`,
    );
  }
  await recordProviderRefund(db, { refund: row, answer });
  return outcome(await read());
}
