import { UnrecoverableError, type Job } from 'bullmq';
import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import {
  applyOrderTransition,
  confirmPayment,
  DomainError,
  QUEUES,
  pruneOutbox,
  reconcilePayments,
  recordOutboxOutcome,
  refusalOutcome,
  type OrderEventDetail,
  type OrderTransitionJob,
  type OutboxRef,
  type PaymentConfirmationJob,
  type PaymentProvider,
  type QueueName,
} from '@kanak/core';

export type Processor = (job: Job) => Promise<unknown>;

/** Settled outbox rows are pruned after 30 days (the reconciliation run does it). */
const OUTBOX_KEEP_MS = 30 * 24 * 3600_000;

export interface ProcessorOptions {
  /** Fault injection for crash tests: wait this long after applying a job, before acknowledging it. */
  ackDelayMs?: number;
  /** Reconciliation asks about links older than this. */
  reconcileAfterMs: number;
  log: (message: string) => void;
  /**
   * The order's stock moved (paid, or a paid order cancelled): tells every server's catalogue
   * cache. Runs before the outcome is recorded, so a server waiting on it answers after.
   */
  stockMoved: (orderId: string) => Promise<void>;
  /** Tells every server's watching browsers what happened to the order; never throws. */
  announce: (orderId: string, detail: OrderEventDetail) => Promise<void>;
}

/**
 * Runs an outbox job and records its outcome on the row (where the server that wrote it is
 * waiting). A domain refusal (illegal move, unknown payment) will not change on retry: it is
 * recorded and fails the job at once.
 */
async function recorded<T>(
  db: Kysely<Database>,
  ref: OutboxRef,
  work: () => Promise<T>,
  settled: (value: T) => boolean = () => true,
  refused?: (error: DomainError) => Promise<void>,
): Promise<T> {
  let value: T;
  try {
    value = await work();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    await recordOutboxOutcome(db, ref, refusalOutcome(error));
    await refused?.(error);
    throw new UnrecoverableError(error.message);
  }
  await recordOutboxOutcome(db, ref, { kind: 'done', value, settled: settled(value) });
  return value;
}

/** The processors of each queue: thin calls into core, which makes each one idempotent. */
export function buildProcessors(
  db: Kysely<Database>,
  provider: PaymentProvider,
  options: ProcessorOptions,
): Record<QueueName, Processor> {
  const settle = async <T>(value: T) => {
    if (options.ackDelayMs) await new Promise((r) => setTimeout(r, options.ackDelayMs));
    return value;
  };
  return {
    [QUEUES.paymentConfirmations]: async (job) => {
      const data = job.data as PaymentConfirmationJob;
      const outcome = await recorded(
        db,
        data,
        async () => {
          const confirmed = await confirmPayment(db, provider, {
            orderId: data.orderId,
            paymentId: data.paymentId,
            source: data.source,
          });
          if (confirmed.result === 'PAID') await options.stockMoved(confirmed.orderId);
          if (confirmed.result !== 'PENDING')
            await options.announce(confirmed.orderId, {
              kind: 'payment',
              result: confirmed.result,
            });
          return confirmed;
        },
        // Not captured yet: a later return or webhook for the same payment runs it again.
        (o) => o.result !== 'PENDING',
      );
      return settle(outcome);
    },
    [QUEUES.orderTransitions]: async (job) => {
      const data = job.data as OrderTransitionJob;
      const moved = await recorded(
        db,
        data,
        async () => {
          const applied = await applyOrderTransition(db, {
            orderId: data.orderId,
            to: data.to,
            actor: 'admin',
            actorUserId: data.actorUserId,
            // Stable across resends of the row: a re-run finds its move applied.
            jobKey: `outbox:${data.outboxId}`,
          });
          if (data.to === 'CANCELLED') await options.stockMoved(applied.orderId);
          await options.announce(applied.orderId, {
            kind: 'moved',
            actorUserId: data.actorUserId,
          });
          return applied;
        },
        undefined,
        // The admin who asked sees why, even when the answer came after their request returned.
        (error) =>
          options.announce(data.orderId, {
            kind: 'refused',
            to: data.to,
            message: error.message,
            actorUserId: data.actorUserId,
          }),
      );
      return settle(moved);
    },
    [QUEUES.paymentReconciliation]: async () => {
      const report = await reconcilePayments(db, provider, {
        olderThanMs: options.reconcileAfterMs,
      });
      for (const applied of report.applied) {
        if (applied.result === 'PAID') await options.stockMoved(applied.orderId);
        if (applied.result !== 'PENDING')
          await options.announce(applied.orderId, { kind: 'payment', result: applied.result });
      }
      await pruneOutbox(db, OUTBOX_KEEP_MS);
      const parts = [
        report.applied.length &&
          `applied ${report.applied.map((a) => `${a.paymentId}→${a.result}`).join(', ')}`,
        report.refused.length &&
          `refused ${report.refused.map((r) => `${r.paymentId}: ${r.message}`).join('; ')}`,
        report.failed.length &&
          `could not ask about ${report.failed.map((f) => `${f.linkId}: ${f.message}`).join('; ')}`,
      ].filter(Boolean);
      if (parts.length)
        options.log(`reconciliation: checked ${report.checked} open links, ${parts.join('; ')}`);
      return report;
    },
  };
}
