import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { systemClock, type Clock } from '../common';
import { outboxJobId, recordOutboxOutcome, writeOutbox } from '../outbox';
import type { PaymentProvider, ProviderRefund } from '../payment-providers';
import { JOBS } from '../queues';
import { JOB_OPTIONS } from '../queues';
import { QUEUES } from '../queues';
import { recordProviderRefund } from './process-refund';
import { refundJobKey, type RefundIntent } from './refund-job';

export interface RefundSettlement {
  checked: number;
  settled: { refundId: string; state: 'processed' | 'failed' }[];
  /**
   * Refunds the provider accepted and later failed, asked for again: `queued` as a new attempt
   * (its own job, tries and backoff), or `dead-lettered` once as many attempts as a job has tries
   * were accepted and failed (the System page's Retry asks again).
   */
  askedAgain: { refundId: string; attempt: number; as: 'queued' | 'dead-lettered' }[];
  /** Refunds the provider could not be asked about this time: asked again next run. */
  failed: { refundId: string; message: string }[];
  /**
   * Instalment refunds (savings schemes) the provider accepted and has now settled: processed, or
   * failed after acceptance — owed again, for the owner's Refund to ask anew.
   */
  instalments: { instalmentRefundId: string; state: 'processed' | 'failed' }[];
}

export interface SettleOptions {
  /** Refunds asked about per provider and run. */
  limit?: number;
  /** The time the run records (tests move it). */
  clock?: Clock;
}

type Accepted = {
  id: string;
  order_id: string;
  attempt: number;
  provider_refund_id: string;
};

export interface AskAgainOptions {
  provider: string;
  row: Accepted;
  answer: ProviderRefund;
  now: Date;
}

/**
 * A refund the provider accepted and then failed paid nothing: it is asked for again as a new
 * attempt (a new refund at the provider under a fresh idempotency key; the failed one moved no
 * money), in the transaction that records the failure, so the finding is never lost and two runs
 * reading the same answer queue one attempt. Meanwhile the row is processing with the failure
 * written on it, which every view reads as a refund due. After JOB_OPTIONS.attempts accepted
 * attempts failed, the new attempt is recorded failed and dead-lettered instead of queued: a
 * payment that keeps failing after acceptance (an account closed) waits for the owner's Retry
 * rather than being asked every run.
 */
async function askAgain(
  db: Kysely<Database>,
  { provider, row, answer, now }: AskAgainOptions,
): Promise<RefundSettlement['askedAgain'][number] | null> {
  const failure = `${provider} refund ${row.provider_refund_id} failed after it was accepted: ${answer.failure ?? 'no reason given'}`;
  const giveUp = row.attempt >= JOB_OPTIONS.attempts;
  return db.transaction().execute(async (trx) => {
    const next = await trx
      .updateTable('refunds')
      .set((eb) => ({
        state: giveUp ? 'failed' : 'processing',
        attempt: eb('attempt', '+', 1),
        tries: 1,
        failure,
        provider_refund_id: null,
        processed_at: null,
        updated_at: now,
      }))
      .where('id', '=', row.id)
      .where('attempt', '=', row.attempt)
      .where('state', '=', 'processing')
      .where('provider_refund_id', '=', row.provider_refund_id)
      .returning(['id', 'attempt', 'order_id'])
      .executeTakeFirst();
    // Another run (or a webhook) recorded this attempt first.
    if (!next) return null;
    const payload: RefundIntent = {
      refundId: next.id,
      attempt: next.attempt,
      orderId: next.order_id,
    };
    const job = await writeOutbox(trx, {
      job: JOBS.refund,
      jobKey: refundJobKey(next.id, next.attempt),
      payload,
    });
    if (giveUp) {
      // Finished before any relay can send it; the dead letter's Retry sends it again.
      const error = `refund ${next.id} of order ${next.order_id}: ${row.attempt} accepted attempts failed at the provider (${failure})`;
      await recordOutboxOutcome(trx, job, { kind: 'fault', message: error });
      await trx
        .insertInto('dead_letters')
        .values({
          queue: QUEUES.refunds,
          job_id: outboxJobId(job),
          payload: JSON.stringify({ ...payload, v: JOBS.refund.version, ...job }),
          error,
          attempts: row.attempt,
          order_id: next.order_id,
        })
        .execute();
    }
    return {
      refundId: next.id,
      attempt: next.attempt,
      as: giveUp ? ('dead-lettered' as const) : ('queued' as const),
    };
  });
}

/**
 * Asks the provider about refunds it accepted but has not settled yet (Razorpay's `pending`),
 * for the reconciliation run. A processed one is recorded (and a return's shopper mailed); a
 * failed one shows the money as owed again and is asked for again (askAgain).
 */
export async function settleProcessingRefunds(
  db: Kysely<Database>,
  provider: PaymentProvider,
  options: SettleOptions = {},
): Promise<RefundSettlement> {
  const clock = options.clock ?? systemClock;
  const rows = await db
    .selectFrom('refunds')
    .select(['id', 'order_id', 'attempt', 'provider_payment_id', 'provider_refund_id'])
    .where('state', '=', 'processing')
    .where('provider_refund_id', 'is not', null)
    .where('provider', '=', provider.name)
    .orderBy('updated_at')
    .limit(options.limit ?? 100)
    .execute();
  const report: RefundSettlement = {
    checked: rows.length,
    settled: [],
    askedAgain: [],
    failed: [],
    instalments: [],
  };
  for (const row of rows) {
    const accepted = { ...row, provider_refund_id: row.provider_refund_id! };
    try {
      const answer = await provider.fetchRefund(
        row.provider_payment_id,
        accepted.provider_refund_id,
      );
      if (!answer || answer.status === 'processing') {
        await stillProcessing(db, { table: 'refunds', id: row.id, now: clock() });
        continue;
      }
      if (answer.status === 'processed')
        await recordProviderRefund(db, { refund: row, answer, now: clock() });
      else {
        const again = await askAgain(db, {
          provider: provider.name,
          row: accepted,
          answer,
          now: clock(),
        });
        if (!again) continue;
        report.askedAgain.push(again);
      }
      report.settled.push({ refundId: row.id, state: answer.status });
    } catch (error) {
      report.failed.push({ refundId: row.id, message: (error as Error).message });
    }
  }
  await settleInstalmentRefunds(db, { provider, report, options });
  return report;
}

export interface StillProcessingOptions {
  table: 'refunds' | 'instalment_refunds';
  id: string;
  now: Date;
}

/**
 * A refund the provider still holds goes to the back of the next run's list (read oldest first,
 * a page at a time): otherwise a page of long-pending refunds would be read on every run and
 * the ones behind it never asked about.
 */
async function stillProcessing(db: Kysely<Database>, { table, id, now }: StillProcessingOptions) {
  await db
    .updateTable(table)
    .set({ updated_at: now })
    .where('id', '=', id)
    .where('state', '=', 'processing')
    .execute();
}

export interface SettleInstalmentRefundsOptions {
  provider: PaymentProvider;
  report: RefundSettlement;
  options: SettleOptions;
}

/**
 * The same for instalments owed back: a refund the provider accepted pending (Razorpay's usual
 * answer) stays processing until this run reads its outcome. Processed is recorded paid; failed
 * moved no money, so it is recorded failed with the provider's reason and shows as owed again
 * (the scheme view and the Orders page's money-owed filter), where the owner's Refund asks anew
 * under a fresh key. Recorded only while still the accepted try, so two runs record it once.
 */
async function settleInstalmentRefunds(
  db: Kysely<Database>,
  { provider, report, options }: SettleInstalmentRefundsOptions,
) {
  const clock = options.clock ?? systemClock;
  const rows = await db
    .selectFrom('instalment_refunds')
    .select(['id', 'tries', 'provider_payment_id', 'provider_refund_id'])
    .where('state', '=', 'processing')
    .where('provider_refund_id', 'is not', null)
    .where('provider', '=', provider.name)
    .orderBy('updated_at')
    .limit(options.limit ?? 100)
    .execute();
  report.checked += rows.length;
  for (const row of rows) {
    const refundId = row.provider_refund_id!;
    try {
      const answer = await provider.fetchRefund(row.provider_payment_id, refundId);
      if (!answer || answer.status === 'processing') {
        await stillProcessing(db, { table: 'instalment_refunds', id: row.id, now: clock() });
        continue;
      }
      const now = clock();
      const recorded = await db
        .updateTable('instalment_refunds')
        .set(
          answer.status === 'processed'
            ? { state: 'processed', processed_at: now, failure: null, updated_at: now }
            : {
                state: 'failed',
                failure: `${provider.name} refund ${refundId} failed after it was accepted: ${answer.failure ?? 'no reason given'}`,
                updated_at: now,
              },
        )
        .where('id', '=', row.id)
        .where('tries', '=', row.tries)
        .where('state', '=', 'processing')
        .where('provider_refund_id', '=', refundId)
        .returning('id')
        .executeTakeFirst();
      if (recorded) report.instalments.push({ instalmentRefundId: row.id, state: answer.status });
    } catch (error) {
      report.failed.push({ refundId: row.id, message: (error as Error).message });
    }
  }
}
