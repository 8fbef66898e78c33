import { UnrecoverableError, type Job } from 'bullmq';
import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import {
  applyAdminMove,
  applyConfirmations,
  parseConfirmationJob,
  runSchemeSchedule,
  type InstalmentLinkOrigins,
  type Clock,
  DomainError,
  followLedgerEntry,
  JOBS,
  parseJob,
  MoveRefused,
  QUEUES,
  pruneOutbox,
  processRefund,
  processInstalmentRefund,
  isInstalmentRefundJob,
  RefundRefused,
  reconcilePaymentLinks,
  settleProcessingRefunds,
  runImportApply,
  runRepricing,
  runBulkEdit,
  recordOutboxOutcome,
  recordOutboxOutcomes,
  refusalOutcome,
  type AnyConfirmed,
  type ConfirmationJob,
  type LedgerEntry,
  type OutboxRef,
  type PaymentProvider,
  type ProviderSource,
  providersOf,
  type QueueName,
} from '@kanak/core';
import { batcher, type Settled } from './batches';

/** The worker's log: info unless said otherwise (warnings and errors stand out in pino-pretty). */
export type WorkerLog = (message: string, level?: 'info' | 'warn' | 'error') => void;

/** A queue's processor; `token` is the job's lock (BullMQ passes it; an outage defers with it). */
export type Processor = (job: Job, token?: string) => Promise<unknown>;

/** An order event, as the ledger makes it. */
export type OrderEvent = NonNullable<LedgerEntry['event']>;

/** Settled outbox rows are pruned after 30 days (the reconciliation run does it). */
const OUTBOX_KEEP_MS = 30 * 24 * 3600_000;

/**
 * Points where a crash test holds the worker (and then kills or signals it). Only tests pass
 * them, as startWorker's last argument; no configuration or environment variable reaches them.
 */
export interface FaultPoints {
  /** A job was applied and its outcome recorded: it is acknowledged once this resolves. */
  beforeAck?: (queue: QueueName) => Promise<void>;
  /** The provider answered a refund: the answer is recorded once this resolves. */
  beforeRefundRecord?: () => Promise<void>;
  /** A repricing batch committed: the next one starts once this resolves. */
  afterRepricingBatch?: () => Promise<void>;
  /** A catalogue import batch committed: the next one starts once this resolves. */
  afterImportBatch?: () => Promise<void>;
}

export interface ProcessorOptions {
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
  /** Products per repricing batch (REPRICING_BATCH_SIZE). */
  repricing?: { batchSize: number };
  /** Catalogue import rows per transaction (IMPORT_BATCH_SIZE) and the announcement spacing. */
  imports?: { batchSize: number; announceEveryMs: number };
  /** Repricing or a bulk edit finished: every server drops its cached catalogue reads; never throws. */
  catalogueRepriced?: () => Promise<void>;
  /** Tells every server's watching browsers what happened to the order; never throws. */
  announce: (event: OrderEvent) => Promise<void>;
  /**
   * Payment confirmations applied together: at most `size` in one transaction, `running`
   * transactions at once (WORKER_CONFIRM_BATCH, WORKER_CONCURRENCY; their defaults when absent).
   */
  confirmBatch?: { size: number; running: number };
  /** Where savings schemes' reminder pay links lead (absent: the scheduler sends none). */
  schemeOrigins?: InstalmentLinkOrigins;
  /** The time the schemes' scheduled run and the refunds' settlement read (tests move it; the system clock otherwise). */
  clock?: Clock;
  /** Sends one notification at most once (absent: no SMTP_URL, mails wait as pending). */
  sendMail?: (notificationId: number) => Promise<unknown>;
}

export interface RecordedOptions<T> {
  ref: OutboxRef;
  work: () => Promise<T>;
  settled?: (value: T) => boolean;
  refused?: (error: DomainError) => Promise<void>;
}

/**
 * Runs an outbox job and records its outcome on the row (where the server that wrote it is
 * waiting). A domain refusal (illegal move, unknown payment) will not change on retry: it is
 * recorded and fails the job at once.
 */
async function recorded<T>(
  db: Kysely<Database>,
  { ref, work, settled = () => true, refused }: RecordedOptions<T>,
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

/** The savings schemes' scheduled run: a job of its own name on the reconciliation queue. */
export const SCHEME_SCHEDULE_JOB = 'schemes';

/** The processors' settings, with the provider(s) they pay through and the test fault points. */
export interface BuildProcessorsOptions extends ProcessorOptions {
  /** One provider, or the failover set: order links go to whichever holds them. */
  source: ProviderSource;
  faults?: FaultPoints;
}

/** The processors of each queue: thin calls into core, which makes each one idempotent. */
export function buildProcessors(
  db: Kysely<Database>,
  { source, faults = {}, ...options }: BuildProcessorsOptions,
): Record<QueueName, Processor> {
  // Order links go to whichever provider holds them; savings schemes use the preferred one.
  const providers = providersOf(source);
  const provider: PaymentProvider = providers.list[0]!;
  const settle = async <T>(queue: QueueName, value: T) => {
    await faults.beforeAck?.(queue);
    return value;
  };
  /** What follows a committed ledger entry: core's followLedgerEntry, as the server's requests. */
  const followUp = (entry: LedgerEntry | null): Promise<void> =>
    followLedgerEntry({
      db,
      provider: providers,
      entry,
      stockMoved: options.stockMoved,
      announce: options.announce,
      log: options.log,
    });
  /**
   * A batch of confirmation jobs, orders' and instalments' alike: applied along the one path
   * (applyConfirmations: orders together, each instalment under its enrolment's lock, each with
   * its own outcome), then what followed them told — the stock of all of them in one
   * announcement, before any outcome is recorded, so a server waiting on one answers after its
   * cache dropped the stock — then every outcome recorded in one statement. A refusal is recorded and fails its job at
   * once; a fault fails its job for BullMQ to retry (a re-run finds a recorded payment).
   */
  const confirmBatch = async (
    jobs: ConfirmationJob[],
  ): Promise<Settled<AnyConfirmed['outcome']>[]> => {
    const answers = await applyConfirmations({
      db,
      provider: providers,
      confirmations: jobs,
      onBatchFailed: (error, size) =>
        options.log(
          `a batch of ${size} confirmations failed (${error instanceof Error ? error.message : String(error)}): applied one by one`,
        ),
    });
    const entries = answers.flatMap((a) => (a.ok && a.confirmed.entry ? [a.confirmed.entry] : []));
    const stockOf = [...new Set(entries.flatMap((e) => e.stockOf))];
    if (stockOf.length) await options.stockMoved(stockOf);
    await Promise.all(entries.map((entry) => followUp({ ...entry, stockOf: [] })));
    const records = answers.flatMap((a, i) => {
      const ref = { outboxId: jobs[i]!.outboxId, generation: jobs[i]!.generation };
      if (a.ok)
        return [
          {
            ref,
            outcome: {
              kind: 'done' as const,
              value: a.confirmed.outcome,
              // Not captured yet: a later return or webhook for the same payment runs it again.
              settled: a.confirmed.outcome.result !== 'PENDING',
            },
          },
        ];
      return a.error instanceof DomainError ? [{ ref, outcome: refusalOutcome(a.error) }] : [];
    });
    await recordOutboxOutcomes(db, records);
    return answers.map((a) =>
      a.ok
        ? { ok: true, value: a.confirmed.outcome }
        : {
            ok: false,
            error:
              a.error instanceof DomainError ? new UnrecoverableError(a.error.message) : a.error,
          },
    );
  };
  /** The provider that took the refunded payment (a refund goes back the way the money came). */
  const refundProvider = async (refundId: string): Promise<PaymentProvider> => {
    const row = await db
      .selectFrom('refunds')
      .select('provider')
      .where('id', '=', refundId)
      .executeTakeFirst();
    return (row && providers.get(row.provider)) ?? provider;
  };
  /** The provider that took the instalment refunded (its money goes back the way it came). */
  const instalmentRefundProvider = async (id: string): Promise<PaymentProvider> => {
    const row = await db
      .selectFrom('instalment_refunds')
      .select('provider')
      .where('id', '=', id)
      .executeTakeFirst();
    return (row && providers.get(row.provider)) ?? provider;
  };
  /** Each provider is asked about the refunds it accepted (settleProcessingRefunds). */
  const settleEveryProvider = async () => {
    const all = await Promise.all(
      providers.list.map((p) => settleProcessingRefunds(db, p, { clock: options.clock })),
    );
    return {
      checked: all.reduce((n, r) => n + r.checked, 0),
      settled: all.flatMap((r) => r.settled),
      askedAgain: all.flatMap((r) => r.askedAgain),
      failed: all.flatMap((r) => r.failed),
      instalments: all.flatMap((r) => r.instalments),
    };
  };
  const confirmations = batcher(confirmBatch, options.confirmBatch ?? { size: 25, running: 4 });
  return {
    // Orders' payments and instalments alike: one batcher, one confirmation path.
    [QUEUES.paymentConfirmations]: async (job) =>
      settle(
        QUEUES.paymentConfirmations,
        await confirmations.submit(parseConfirmationJob(job.data)),
      ),
    [QUEUES.orderMoves]: async (job) => {
      const data = parseJob(JOBS.orderMove, job.data);
      const moved = await recorded(db, {
        ref: data,
        work: async () => {
          const { applied, entry } = await applyAdminMove(db, {
            orderId: data.orderId,
            to: data.to,
            actorUserId: data.actorUserId,
            shipment: data.shipment ?? null,
            note: data.note ?? null,
            // Stable across resends of the row: a re-run finds its move applied.
            jobKey: `outbox:${data.outboxId}`,
          });
          await followUp(entry);
          return applied;
        },
        // The admin who asked sees why, even when the answer came after their request returned.
        refused: async (error) => {
          if (error instanceof MoveRefused) await options.announce(error.event);
        },
      });
      return settle(QUEUES.orderMoves, moved);
    },
    [QUEUES.metalRepricing]: async (job) => {
      const data = parseJob(JOBS.metalRepricing, job.data);
      const outcome = await recorded(db, {
        ref: data,
        work: async () => {
          const result = await runRepricing(db, data.publicationId, {
            batchSize: options.repricing?.batchSize,
            afterBatch: faults.afterRepricingBatch,
          });
          // Listings, search and products on every server show the new prices from here on.
          await options.catalogueRepriced?.();
          options.log(
            `repricing of publication ${result.publicationId}: ${result.status}, ${result.repriced} products repriced`,
          );
          return result;
        },
      });
      return settle(QUEUES.metalRepricing, outcome);
    },
    // Each batch of rows is applied with its done-marks in one transaction: a re-run skips what is done.
    [QUEUES.catalogueImports]: async (job) => {
      const data = parseJob(JOBS.catalogueImport, job.data);
      const outcome = await recorded(db, {
        ref: data,
        work: async () => {
          const result = await runImportApply(db, data.importId, {
            ...options.imports,
            // Listings, search and products on every server show each batch as it lands.
            afterBatch: options.catalogueRepriced,
            afterEachBatch: faults.afterImportBatch,
          });
          options.log(
            `catalogue import ${data.importId}: ${result.state}, ${result.applied} rows applied, ${result.failed} refused`,
          );
          return result;
        },
      });
      return settle(QUEUES.catalogueImports, outcome);
    },
    [QUEUES.catalogueBulkEdits]: async (job) => {
      const data = parseJob(JOBS.bulkEdit, job.data);
      const outcome = await recorded(db, {
        ref: data,
        work: async () => {
          const result = await runBulkEdit(db, data.bulkEditId);
          // Listings, facet counts, search and products on every server show the edit from here on.
          await options.catalogueRepriced?.();
          options.log(
            `bulk edit ${result.bulkEditId}: ${result.state}, ${result.changed} products changed`,
          );
          return result;
        },
      });
      return settle(QUEUES.catalogueBulkEdits, outcome);
    },
    // The notification row records every step: a repeated job finds its mail sent or in hand.
    [QUEUES.notifications]: async (job) => {
      const { notificationId } = parseJob(JOBS.notification, job.data);
      return options.sendMail ? options.sendMail(notificationId) : 'mail is not configured';
    },
    // The refund row and the provider's idempotency key make a re-run ask for the same refund.
    // A refusal is retried with the queue's backoff, each try a fresh key; after the last try
    // the refund is recorded failed (owed again) and the job fails into the dead letters.
    [QUEUES.refunds]: async (job) => {
      const lastTry = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (isInstalmentRefundJob(job.data)) {
        const data = parseJob(JOBS.instalmentRefund, job.data);
        const outcome = await recorded(db, {
          ref: data,
          work: async () =>
            processInstalmentRefund(db, {
              provider: await instalmentRefundProvider(data.instalmentRefundId),
              job: data,
              lastTry,
            }),
          settled: (value) => value.state !== 'failed',
        });
        if (outcome.state === 'failed')
          throw new RefundRefused(
            `instalment refund ${outcome.instalmentRefundId} refused by the provider after every try`,
          );
        return settle(QUEUES.refunds, outcome);
      }
      const data = parseJob(JOBS.refund, job.data);
      const outcome = await recorded(db, {
        ref: data,
        work: async () =>
          processRefund(db, {
            provider: await refundProvider(data.refundId),
            job: data,
            beforeRecord: faults.beforeRefundRecord,
            lastTry,
          }),
        settled: (value) => value.state !== 'failed',
      });
      if (outcome.state === 'failed') {
        options.log(
          `refund ${outcome.refundId} of order ${outcome.orderId} failed at the provider`,
        );
        throw new RefundRefused(
          `refund ${outcome.refundId} of order ${outcome.orderId} refused by the provider after every try`,
        );
      }
      return settle(QUEUES.refunds, outcome);
    },
    [QUEUES.paymentReconciliation]: async (job) => {
      if (job.name === SCHEME_SCHEDULE_JOB) {
        if (!options.schemeOrigins) return 'no scheme origins';
        const report = await runSchemeSchedule(db, {
          provider: providers,
          origins: options.schemeOrigins,
          clock: options.clock,
        });
        if (report.reminded || report.matured)
          options.log(
            `savings schemes: ${report.reminded} reminders queued, ${report.matured} matured`,
          );
        return report;
      }
      // Orders' and instalments' links, every payment found applied along the one path.
      const report = await reconcilePaymentLinks(db, providers, {
        olderThanMs: options.reconcileAfterMs,
        unpaidTtlMs: options.unpaidOrderTtlMs,
        followUp,
      });
      const { schemes } = report;
      // Refunds the provider accepted but had not settled: processed, or failed (owed again and
      // asked for again as a new attempt; its job goes out through the outbox).
      const refunds = await settleEveryProvider();
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
        refunds.settled.length &&
          `refunds settled ${refunds.settled.map((r) => `${r.refundId}→${r.state}`).join(', ')}`,
        refunds.askedAgain.length &&
          `refunds asked again ${refunds.askedAgain.map((r) => `${r.refundId}#${r.attempt} ${r.as}`).join(', ')}`,
        refunds.instalments.length &&
          `instalment refunds settled ${refunds.instalments.map((r) => `${r.instalmentRefundId}→${r.state}`).join(', ')}`,
        refunds.failed.length &&
          `could not ask about refunds ${refunds.failed.map((r) => r.refundId).join(', ')}`,
        schemes.applied.length &&
          `instalments ${schemes.applied.map((a) => `${a.paymentId}→${a.result}`).join(', ')}`,
        schemes.refused.length &&
          `instalments refused ${schemes.refused.map((r) => `${r.paymentId}: ${r.message}`).join('; ')}`,
        schemes.failed.length &&
          `could not ask about instalment links ${schemes.failed.map((f) => `${f.linkId}: ${f.message}`).join('; ')}`,
      ].filter(Boolean);
      if (parts.length)
        options.log(`reconciliation: checked ${report.checked} open links, ${parts.join('; ')}`);
      return { ...report, entries: report.entries.length, schemes };
    },
  };
}
