import type { z } from 'zod';
import { isUnavailable } from '../common';
import { QUEUES, type QueueName } from './names';
import type { JOBS, ParsedJob } from './job-payloads';

export type { TracedJob } from './job-payloads';

/** A payment to judge, as the return, the webhook and reconciliation all send it. */
export type PaymentConfirmation = z.output<typeof JOBS.paymentConfirmation.payload>;

/**
 * Payload of a 'payment-confirmations' job (relayed from the outbox). Each confirmation keeps
 * its own request id, also when a worker handles several together.
 */
export type PaymentConfirmationJob = ParsedJob<typeof JOBS.paymentConfirmation>;

/** A savings scheme's instalment payment to judge: the same senders, the same queue. */
export type InstalmentConfirmation = z.output<typeof JOBS.instalmentConfirmation.payload>;

/** Payload of an instalment's job on the 'payment-confirmations' queue (relayed from the outbox). */
export type InstalmentConfirmationJob = ParsedJob<typeof JOBS.instalmentConfirmation>;

/** A confirmation of either kind: an order's payment (no `kind`, or 'order') or an instalment's. */
export type AnyConfirmation = (PaymentConfirmation & { kind?: 'order' }) | InstalmentConfirmation;

/** An admin's move of an order's status, as written to the outbox. */
export type OrderMoveIntent = z.output<typeof JOBS.orderMove.payload>;

/** Payload of an 'order-moves' job (relayed from the outbox). */
export type OrderMoveJob = ParsedJob<typeof JOBS.orderMove>;

/**
 * Failed jobs Redis keeps, per queue, for the queue board: the newest 1000 for 3 days. Refused
 * jobs (an unknown payment, an illegal move) fail too, so this bounds what a flood of bad
 * requests can leave in Redis. Nothing an operator needs is lost with them: a job that failed
 * on a fault is copied to PostgreSQL's dead_letters (queue, job id, payload, error, attempts)
 * and its outbox row records the fault and the refusal alike.
 */
export const KEEP_FAILED_JOBS = { age: 3 * 24 * 3600, count: 1000 } as const;
/** Completed jobs kept for the queue board: a day, at most 5000 per queue. */
export const KEEP_COMPLETED_JOBS = { age: 24 * 3600, count: 5000 } as const;

/** Retries with exponential backoff (0.5 s, 1 s, 2 s, 4 s) before a job is dead-lettered. */
export const JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: KEEP_COMPLETED_JOBS,
  removeOnFail: KEEP_FAILED_JOBS,
} as const;

/**
 * How long a job waits when what it needs is unreachable (isUnavailable: PostgreSQL, or the
 * payment provider's API), by how many times it has started: 1 s, 2 s, 4 s… up to 30 s. Such a
 * wait spends none of JOB_OPTIONS' attempts, so an outage delays a payment's confirmation but does
 * not dead-letter it (the chaos soak's 30-minute run dead-lettered 27 payment jobs whose five
 * attempts all fell in one outage).
 */
const outageRetryDelayMs = (attemptsStarted: number) =>
  Math.min(30_000, 1000 * 2 ** Math.min(5, Math.max(0, attemptsStarted - 1)));

/**
 * Deferrals a job of each queue gets before an outage spends its attempts as any fault does;
 * null: none, it waits however long the outage lasts. Payments and admins' moves (and refunds,
 * when they run as jobs) are never given up on an outage: the outage alert fires after
 * 5 minutes, the System page shows them delayed, and they complete once what they need is back.
 * A wrong setting that looks like an outage (a provider address that never answers) is then
 * found by that alert, not in the dead letters. The others keep about an hour of the waits above.
 */
export const OUTAGE_DEFERRAL_LIMITS: Record<QueueName, number | null> = {
  [QUEUES.paymentConfirmations]: null,
  [QUEUES.orderMoves]: null,
  [QUEUES.refunds]: null,
  [QUEUES.metalRepricing]: 120,
  [QUEUES.catalogueBulkEdits]: 120,
  [QUEUES.notifications]: 120,
  [QUEUES.catalogueImports]: 120,
  // Scheduled runs are never deferred (outage-deferral.ts): the next run does the same work.
  [QUEUES.paymentReconciliation]: 0,
};

const limitOf = (queue: string): number | null =>
  queue in OUTAGE_DEFERRAL_LIMITS ? OUTAGE_DEFERRAL_LIMITS[queue as QueueName] : 120;

export interface OutageDeferralMsOptions {
  queue: string;
  error: unknown;
  attemptsStarted: number;
  attemptsMade: number;
}

/**
 * How long to defer a job of `queue` that threw `error` after starting `attemptsStarted` times
 * with `attemptsMade` attempts spent, or null: the error fails the attempt as usual.
 */
export function outageDeferralMs({
  queue,
  error,
  attemptsStarted,
  attemptsMade,
}: OutageDeferralMsOptions): number | null {
  if (!isUnavailable(error)) return null;
  const limit = limitOf(queue);
  if (limit !== null && attemptsStarted - attemptsMade > limit) return null;
  return outageRetryDelayMs(attemptsStarted);
}

/**
 * Outbox keys: one row per order and provider payment id (a return naming another order is a
 * row of its own, so it cannot decide the real one); one per admin move.
 */
export const paymentJobKey = (orderId: string, paymentId: string) => `pay-${orderId}-${paymentId}`;
export const moveJobKey = (moveId: string) => `move-${moveId}`;

/** Payload of a 'catalogue-imports' job: the import to apply. */
export type CatalogueImportJob = ParsedJob<typeof JOBS.catalogueImport>;
/** Payload of a 'metal-repricing' job (relayed from the outbox row a publish of rates wrote). */
export type RepricingJob = ParsedJob<typeof JOBS.metalRepricing>;
/** Payload of a 'catalogue-bulk-edits' job (relayed from the outbox row a bulk edit wrote). */
export type BulkEditJob = ParsedJob<typeof JOBS.bulkEdit>;
