import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { RefundState } from '@kanak/shared';
import { notFound } from '../common/errors';
import type { PaymentProvider, ProviderRefund } from '../payments/provider';
import { refundIdempotencyKey } from './refund-job';

/** What a refund job records: the refund as it stands after asking the provider. */
export interface RefundOutcome {
  refundId: string;
  orderId: string;
  state: RefundState;
  providerRefundId: string | null;
}

/** Writes what the provider said about one attempt; a newer attempt's row is left alone. */
export async function recordProviderRefund(
  db: Kysely<Database>,
  refund: { id: string; attempt: number },
  answer: ProviderRefund,
): Promise<void> {
  const now = new Date();
  await db
    .updateTable('refunds')
    .set({
      state: answer.status,
      provider_refund_id: answer.id,
      failure: answer.failure,
      updated_at: now,
      processed_at: answer.status === 'processed' ? now : null,
    })
    .where('id', '=', refund.id)
    .where('attempt', '=', refund.attempt)
    .where('state', '=', 'processing')
    .execute();
}

/**
 * The worker's `refunds` job: asks the provider for one attempt of a refund and records the
 * answer. A re-run (a worker killed after asking, before recording) asks again with the same
 * idempotency key and gets the same refund: the money leaves once. An attempt already answered,
 * or replaced by a newer one, is not asked again. Throws when the provider cannot be asked
 * (ProviderUnavailable): the job waits and runs again without spending an attempt.
 */
export async function processRefund(
  db: Kysely<Database>,
  provider: PaymentProvider,
  job: { refundId: string; attempt: number },
  /** A crash test's fault point (never configuration): after the provider answered, before the record. */
  beforeRecord?: () => Promise<void>,
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
  const row = await read();
  if (row.attempt !== job.attempt || row.state !== 'processing' || row.provider_refund_id)
    return outcome(row);
  const answer = await provider.refund({
    paymentId: row.provider_payment_id,
    amount: row.amount,
    idempotencyKey: refundIdempotencyKey(row.id, row.attempt),
    notes: { order_id: row.order_id, refund_id: row.id, reason: row.reason },
  });
  await beforeRecord?.();
  await recordProviderRefund(db, row, answer);
  return outcome(await read());
}
