import { UnrecoverableError, type Job } from 'bullmq';
import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import {
  applyAdminMove,
  confirmPayment,
  DomainError,
  MoveRefused,
  QUEUES,
  pruneOutbox,
  reconcilePayments,
  recordOutboxOutcome,
  refusalOutcome,
  type LedgerEntry,
  type OrderMoveJob,
  type OutboxRef,
  type PaymentConfirmationJob,
  type PaymentProvider,
  type QueueName,
} from '@kanak/core';

export type Processor = (job: Job) => Promise<unknown>;

/** An order event, as the ledger makes it. */
export type OrderEvent = NonNullable<LedgerEntry['event']>;

/** Settled outbox rows are pruned after 30 days (the reconciliation run does it). */
const OUTBOX_KEEP_MS = 30 * 24 * 3600_000;

export interface ProcessorOptions {
  /** Fault injection for crash tests: wait this long after applying a job, before acknowledging it. */
  ackDelayMs?: number;
  /** Reconciliation asks about links older than this. */
  reconcileAfterMs: number;
  /** PENDING orders left unpaid this long, with no open link, are cancelled (UNPAID_ORDER_TTL_MINUTES). */
  unpaidOrderTtlMs: number;
  log: (message: string) => void;
  /**
   * These products' stock moved: tells every server's catalogue cache. Runs before the outcome
   * is recorded, so a server waiting on it answers after.
   */
  stockMoved: (productIds: string[]) => Promise<void>;
  /** Tells every server's watching browsers what happened to the order; never throws. */
  announce: (event: OrderEvent) => Promise<void>;
  /** Sends one notification at most once (absent: no SMTP_URL, mails wait as pending). */
  sendMail?: (notificationId: number) => Promise<unknown>;
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
  /**
   * What follows a committed ledger entry, the same for every queue: caches told of the stock,
   * closed links cancelled at the provider (best effort: they expire anyway, and a payment
   * still made on one is owed back), watchers told.
   */
  const followUp = async (entry: LedgerEntry | null) => {
    if (!entry) return;
    if (entry.stockOf.length) await options.stockMoved(entry.stockOf);
    for (const linkId of entry.closedLinks)
      await provider
        .cancelLink(linkId)
        .catch((e: Error) =>
          options.log(
            `order ${entry.orderId}: payment link ${linkId} not cancelled at the provider: ${e.message}`,
          ),
        );
    if (entry.event) await options.announce(entry.event);
  };
  return {
    [QUEUES.paymentConfirmations]: async (job) => {
      const data = job.data as PaymentConfirmationJob;
      const outcome = await recorded(
        db,
        data,
        async () => {
          const { outcome, entry } = await confirmPayment(db, provider, {
            orderId: data.orderId,
            paymentId: data.paymentId,
            source: data.source,
          });
          await followUp(entry);
          return outcome;
        },
        // Not captured yet: a later return or webhook for the same payment runs it again.
        (o) => o.result !== 'PENDING',
      );
      return settle(outcome);
    },
    [QUEUES.orderMoves]: async (job) => {
      const data = job.data as OrderMoveJob;
      const moved = await recorded(
        db,
        data,
        async () => {
          const { applied, entry } = await applyAdminMove(db, {
            orderId: data.orderId,
            to: data.to,
            actorUserId: data.actorUserId,
            // Stable across resends of the row: a re-run finds its move applied.
            jobKey: `outbox:${data.outboxId}`,
          });
          await followUp(entry);
          return applied;
        },
        undefined,
        // The admin who asked sees why, even when the answer came after their request returned.
        async (error) => {
          if (error instanceof MoveRefused) await options.announce(error.event);
        },
      );
      return settle(moved);
    },
    // The notification row records every step: a repeated job finds its mail sent or in hand.
    [QUEUES.notifications]: async (job) => {
      const { notificationId } = job.data as { notificationId: number };
      return options.sendMail ? options.sendMail(notificationId) : 'mail is not configured';
    },
    [QUEUES.paymentReconciliation]: async () => {
      const report = await reconcilePayments(db, provider, {
        olderThanMs: options.reconcileAfterMs,
        unpaidTtlMs: options.unpaidOrderTtlMs,
      });
      for (const entry of report.entries) await followUp(entry);
      await pruneOutbox(db, OUTBOX_KEEP_MS);
      const parts = [
        report.applied.length &&
          `applied ${report.applied.map((a) => `${a.paymentId}→${a.result}`).join(', ')}`,
        report.refused.length &&
          `refused ${report.refused.map((r) => `${r.paymentId}: ${r.message}`).join('; ')}`,
        report.failed.length &&
          `could not ask about ${report.failed.map((f) => `${f.linkId}: ${f.message}`).join('; ')}`,
        report.expired && `closed ${report.expired} expired unpaid links`,
        report.cancelledUnpaid.length &&
          `cancelled unpaid orders ${report.cancelledUnpaid.join(', ')}`,
      ].filter(Boolean);
      if (parts.length)
        options.log(`reconciliation: checked ${report.checked} open links, ${parts.join('; ')}`);
      return { ...report, entries: report.entries.length };
    },
  };
}
