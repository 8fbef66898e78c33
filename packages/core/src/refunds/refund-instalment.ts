import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { InstalmentOwed, RefundState } from '@kanak/shared';
import type { AuthUser } from '../auth';
import { conflict, notFound } from '../common';
import { requireId } from '../common';
import type { OutboxDeps } from '../outbox';
import { waitForOutboxOutcome, writeOutbox } from '../outbox';
import type { PaymentProvider } from '../payment-providers';
import type { z } from 'zod';
import { JOBS, type ParsedJob } from '../queues';
import { RefundRefused } from './process-refund';
import { providerAnswerColumns } from './refund-job';

/** What a `refunds` job asks for an instalment owed back: one try of its refund. */
export type InstalmentRefundIntent = z.output<typeof JOBS.instalmentRefund.payload>;
export type InstalmentRefundJob = ParsedJob<typeof JOBS.instalmentRefund>;

/** Which of the refunds queue's two kinds a job is (its payload is parsed after). */
export const isInstalmentRefundJob = (data: unknown): boolean =>
  typeof (data as { instalmentRefundId?: unknown } | null)?.instalmentRefundId === 'string';

/** The provider's idempotency key of one try (≤ 40 characters, as Razorpay's receipt). */
const keyOf = (id: string, tries: number) => `ki${id.replace(/-/g, '')}-${tries}`;

export interface InstalmentRefundView {
  schemePaymentId: string;
  state: RefundState;
  amount: number;
  providerRefundId: string | null;
}

/**
 * The owner refunds an instalment owed back (paid twice, after the scheme closed, the wrong
 * amount): through the provider it was paid to, once. The instalment's row is locked, so a
 * double click finds the first click's refund and asks nothing again; a refund the provider
 * refused after every try is asked again as a fresh try. Waits a bounded time for the worker.
 */
export async function refundInstalment(
  deps: OutboxDeps,
  admin: AuthUser,
  schemePaymentIdInput: unknown,
): Promise<InstalmentRefundView> {
  const schemePaymentId = requireId(schemePaymentIdInput, 'Instalment payment');
  const job = await deps.db.transaction().execute(async (trx) => {
    const payment = await trx
      .selectFrom('scheme_payments')
      .select(['id', 'enrolment_id', 'provider', 'provider_payment_id', 'amount', 'status'])
      .where('id', '=', schemePaymentId)
      .forUpdate()
      .executeTakeFirst();
    if (!payment) throw notFound('Instalment payment');
    if (payment.status !== 'REFUND_PENDING' || !payment.provider_payment_id)
      throw conflict('Only an instalment payment recorded as owed back can be refunded');
    const existing = await trx
      .selectFrom('instalment_refunds')
      .selectAll()
      .where('scheme_payment_id', '=', payment.id)
      .executeTakeFirst();
    if (existing && existing.state !== 'failed') return null;
    const row = existing
      ? await trx
          .updateTable('instalment_refunds')
          .set((eb) => ({
            state: 'processing',
            tries: eb('tries', '+', 1),
            failure: null,
            provider_refund_id: null,
            requested_by: admin.id,
            updated_at: new Date(),
          }))
          .where('id', '=', existing.id)
          .returningAll()
          .executeTakeFirstOrThrow()
      : await trx
          .insertInto('instalment_refunds')
          .values({
            scheme_payment_id: payment.id,
            enrolment_id: payment.enrolment_id,
            amount: payment.amount,
            state: 'processing',
            provider: payment.provider,
            provider_payment_id: payment.provider_payment_id,
            requested_by: admin.id,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
    const payload: InstalmentRefundIntent = { instalmentRefundId: row.id, tries: row.tries };
    return writeOutbox(trx, {
      job: JOBS.instalmentRefund,
      jobKey: `instalment-refund-${row.id}-${row.tries}`,
      payload,
    });
  });
  if (job) {
    deps.relay.wake();
    if (deps.relay.connected())
      await waitForOutboxOutcome(deps.db, { ref: job, timeoutMs: deps.waitMs });
  }
  const row = await deps.db
    .selectFrom('instalment_refunds')
    .select(['scheme_payment_id', 'state', 'amount', 'provider_refund_id'])
    .where('scheme_payment_id', '=', schemePaymentId)
    .executeTakeFirstOrThrow();
  return {
    schemePaymentId: row.scheme_payment_id,
    state: row.state,
    amount: row.amount,
    providerRefundId: row.provider_refund_id,
  };
}

export interface ProcessInstalmentRefundOptions {
  provider: PaymentProvider;
  job: InstalmentRefundIntent;
  lastTry?: boolean;
}

/**
 * The worker's `refunds` job for an instalment: asks the provider once per try (its key), so a
 * re-run after a crash gets the same refund. A refusal before the queue's last try throws
 * RefundRefused (the queue retries with backoff, each retry a fresh try); the last records it
 * failed, owed again. A dead letter's retry opens it again as a fresh try.
 */
export async function processInstalmentRefund(
  db: Kysely<Database>,
  { provider, job, lastTry = true }: ProcessInstalmentRefundOptions,
): Promise<{ instalmentRefundId: string; state: RefundState }> {
  let row = await db
    .selectFrom('instalment_refunds')
    .selectAll()
    .where('id', '=', job.instalmentRefundId)
    .executeTakeFirst();
  if (!row) throw notFound('Instalment refund');
  const done = { instalmentRefundId: row.id, state: row.state };
  if (row.state === 'processed' || row.provider_refund_id || row.tries < job.tries) return done;
  if (row.state === 'failed') {
    const reopened = await db
      .updateTable('instalment_refunds')
      .set((eb) => ({ state: 'processing', tries: eb('tries', '+', 1), updated_at: new Date() }))
      .where('id', '=', row.id)
      .where('state', '=', 'failed')
      .returningAll()
      .executeTakeFirst();
    if (!reopened) return done;
    row = reopened;
  }
  const answer = await provider.refund({
    paymentId: row.provider_payment_id,
    amount: row.amount,
    idempotencyKey: keyOf(row.id, row.tries),
    notes: { enrolment_id: row.enrolment_id, instalment_refund_id: row.id },
  });
  const now = new Date();
  if (answer.status === 'failed' && !lastTry) {
    await db
      .updateTable('instalment_refunds')
      .set({ tries: row.tries + 1, failure: answer.failure, updated_at: now })
      .where('id', '=', row.id)
      .where('tries', '=', row.tries)
      .where('state', '=', 'processing')
      .execute();
    throw new RefundRefused(
      `instalment refund ${row.id} refused by the provider: ${answer.failure ?? 'no reason given'}`,
    );
  }
  const recorded = await db
    .updateTable('instalment_refunds')
    .set(providerAnswerColumns(answer, now))
    .where('id', '=', row.id)
    .where('tries', '=', row.tries)
    .where('state', '=', 'processing')
    .returning(['id', 'state'])
    .executeTakeFirst();
  return recorded ? { instalmentRefundId: recorded.id, state: recorded.state } : done;
}

/**
 * Instalments recorded as owed back, newest first, with their refunds: all of them (the scheme
 * view), or only those still unpaid — never asked, or refused by the provider (the Orders
 * page's money-owed filter).
 */
export async function instalmentsOwedBack(
  db: Kysely<Database>,
  filter: { unpaidOnly?: boolean } = {},
): Promise<InstalmentOwed[]> {
  const rows = await db
    .selectFrom('scheme_payments')
    .innerJoin('scheme_enrolments', 'scheme_enrolments.id', 'scheme_payments.enrolment_id')
    .innerJoin('users', 'users.id', 'scheme_enrolments.user_id')
    .leftJoin('instalment_refunds', 'instalment_refunds.scheme_payment_id', 'scheme_payments.id')
    .select([
      'scheme_payments.id',
      'scheme_payments.enrolment_id',
      'scheme_enrolments.plan_name',
      'users.email',
      'scheme_payments.n',
      'scheme_payments.amount',
      'scheme_payments.note',
      'instalment_refunds.state',
      'instalment_refunds.failure',
    ])
    .where('scheme_payments.status', '=', 'REFUND_PENDING')
    .where('scheme_payments.provider_payment_id', 'is not', null)
    .$if(filter.unpaidOnly === true, (q) =>
      q.where((eb) =>
        eb.or([
          eb('instalment_refunds.state', 'is', null),
          eb('instalment_refunds.state', '=', 'failed'),
          // Refused and being asked again: nothing is paid yet.
          eb.and([
            eb('instalment_refunds.state', '=', 'processing'),
            eb('instalment_refunds.failure', 'is not', null),
          ]),
        ]),
      ),
    )
    .orderBy('scheme_payments.updated_at', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    schemePaymentId: r.id,
    enrolmentId: r.enrolment_id,
    planName: r.plan_name,
    email: r.email,
    n: r.n,
    amount: r.amount,
    note: r.note,
    refund: r.state,
  }));
}
