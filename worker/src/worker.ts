import { DelayedError, Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { createDb } from '@kanak/db';
import {
  closeWithin,
  createPaymentProviders,
  createRedis,
  createRequestRedis,
  productsChanged,
  EVERYTHING,
  publishCatalogChange,
  publishOrderEvent,
  KEEP_COMPLETED_JOBS,
  KEEP_FAILED_JOBS,
  settledWithin,
  settleOpeningPrices,
  QUEUES,
  quietQueue,
  createMailTransport,
  fromAddress,
  fromName,
  sellerOf,
  sendNotification,
  startMailRelay,
  type MailRelay,
  recordOutboxOutcome,
  runInSpan,
  runWithRequestId,
  startMetricsServer,
  isValidTraceparent,
  outboxRefOf,
  traceOf,
  mailLinkBase,
  schemeMailAttachments,
} from '@kanak/core';
import type { WorkerConfig } from './config';
import { createWorkerMetrics, type WorkerMetrics } from './metrics/metrics';
import {
  buildProcessors,
  SCHEME_SCHEDULE_JOB,
  type FaultPoints,
  type OrderEvent,
  type Processor,
  type WorkerLog,
} from './processors';
import { startWorkerBeacon } from './system/beacon';
import { deferringOutages } from './outage-deferral';
import { lockSettings } from './queue-locks';

export interface RunningWorker {
  /**
   * Stops taking jobs and lets running ones finish for at most `drainMs` (default: no bound);
   * jobs still running then are left unacknowledged, and the stalled-job check hands them to
   * another worker once their lock lapses. Queue, Redis and pool closes are bounded too.
   */
  close(options?: { drainMs?: number }): Promise<void>;
  counts: { completed: number; failed: number; deadLettered: number };
  metricsLine(): Promise<string>;
  metrics: WorkerMetrics;
  /** Where /metrics listens (WORKER_METRICS_PORT; 0 picks a port), once it does. */
  metricsPort: Promise<number | undefined>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The order a job was about (payments and moves name one), for the System page's dead letters. */
const orderIdOf = (data: unknown): string | null => {
  const id = (data as { orderId?: unknown } | null)?.orderId;
  return typeof id === 'string' && UUID.test(id) ? id : null;
};

/** The request a job came from (relayed outbox rows carry it), so its log lines say it. */
const requestIdOf = (job: Job | undefined): string | undefined => traceOf(job?.data).requestId;

/**
 * A job's span (tracing on): the child of the request's span it came from (a relayed outbox
 * row's traceparent), so one trace runs from the browser's request into the worker.
 */
const jobSpan = (queue: string, job: Job) => {
  const { traceparent } = traceOf(job.data);
  return {
    traceparent: isValidTraceparent(traceparent) ? traceparent : undefined,
    attributes: {
      'messaging.system': 'bullmq',
      'messaging.operation.type': 'process',
      'messaging.destination.name': queue,
      'messaging.message.id': String(job.id),
    },
  };
};

/** BullMQ workers for every queue of the order pipeline, with dead letters and a metrics line. */
export function startWorker(
  config: WorkerConfig,
  log: WorkerLog = (message, level = 'info') => console[level](message),
  /** Crash tests only: where they hold the worker before killing or signalling it. */
  faults: FaultPoints = {},
): RunningWorker {
  const db = createDb(config.DATABASE_URL, {
    poolSize: config.WORKER_CONCURRENCY + 2,
    connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    idleInTransactionTimeoutMs: config.DB_IDLE_TX_TIMEOUT_MS,
    preparedStatements: config.DB_PREPARED_STATEMENTS,
    log,
  });
  // Its losses and returns go to the worker's log (JSON in production), not the bare console.
  const connection: Redis = createRedis(config.REDIS_URL, {
    label: 'Redis (queues)',
    log: (level, message) => log(message, level),
  });
  const provider = createPaymentProviders(config, db);
  const counts = { completed: 0, failed: 0, deadLettered: 0 };

  // After its last attempt a job is kept in dead_letters for an operator; refusals (a domain
  // answer, not a fault) are not dead letters.
  const deadLetter = async (queue: string, job: Job, error: Error) => {
    if (!job.finishedOn || error.name === 'UnrecoverableError') return;
    counts.deadLettered++;
    // The outbox row says so too: a later return or webhook for it sends it again.
    const ref = outboxRefOf(job.data);
    if (ref)
      await recordOutboxOutcome(db, ref, { kind: 'fault', message: error.message }).catch(
        (e: Error) =>
          log(`could not record the fault of ${queue}/${job.id}: ${e.message}`, 'error'),
      );
    await db
      .insertInto('dead_letters')
      .values({
        queue,
        job_id: String(job.id),
        payload: JSON.stringify(job.data),
        error: error.message,
        attempts: job.attemptsMade,
        order_id: orderIdOf(job.data),
      })
      .execute()
      .catch((e: Error) => log(`could not dead-letter ${queue}/${job.id}: ${e.message}`, 'error'));
  };

  // Fails fast: a lost announcement only leaves servers' caches to their TTL, never a job stuck.
  const announcer = createRequestRedis(config.REDIS_URL, {
    commandTimeoutMs: 1000,
    label: 'Redis (catalogue changes, order events)',
    log: (level, message) => log(message, level),
  });
  const stockMoved = async (productIds: string[]) => {
    // A size that sold out (or came back) moves its product's listed price to the size its page
    // now opens on. A failure leaves only the listing's sort stale until the next move.
    await settleOpeningPrices(db, productIds).catch((e: Error) =>
      log(`opening prices of ${productIds.length} products not settled: ${e.message}`, 'warn'),
    );
    try {
      await publishCatalogChange(announcer, config.QUEUE_PREFIX, productsChanged(productIds));
    } catch (e) {
      log(
        `stock change of ${productIds.length} products not announced to the servers' caches: ${(e as Error).message}`,
        'warn',
      );
    }
  };
  // Order events for the browsers watching (every server reads the stream). A lost one leaves an
  // open page as it was until its next reload; it never fails or repeats the job.
  const announce = async (event: OrderEvent) => {
    try {
      await publishOrderEvent(announcer, config.QUEUE_PREFIX, event);
    } catch (e) {
      log(
        `order ${event.orderId}: ${event.kind} event not published: ${(e as Error).message}`,
        'warn',
      );
    }
  };
  const catalogueRepriced = async () => {
    try {
      await publishCatalogChange(announcer, config.QUEUE_PREFIX, EVERYTHING);
    } catch (e) {
      log(`repricing not announced to the servers' caches: ${(e as Error).message}`, 'warn');
    }
  };
  const mailTransport = config.SMTP_URL
    ? createMailTransport({ ...config, SMTP_URL: config.SMTP_URL }, config.MAIL_TIMEOUT_MS)
    : null;
  if (!mailTransport)
    log(
      config.MAIL_DISABLED
        ? 'mail is disabled (MAIL_DISABLED=true): mails stay pending'
        : 'SMTP_URL is not set: mails stay pending until a worker with a mail server runs',
      'warn',
    );
  const sendMail = mailTransport
    ? (id: number) =>
        sendNotification(
          {
            db,
            transport: mailTransport,
            shop: {
              name: fromName(config.MAIL_FROM),
              supportEmail: config.SUPPORT_EMAIL,
              url: mailLinkBase(config),
            },
            seller: sellerOf(config),
            attach: schemeMailAttachments,
            domain: fromAddress(config.MAIL_FROM).split('@')[1] ?? 'kanak.shop',
            retryMaxMs: config.MAIL_RETRY_MAX_MS,
            maxAttempts: config.MAIL_MAX_ATTEMPTS,
            leaseMs: config.MAIL_SEND_LEASE_MS,
          },
          id,
        )
    : undefined;
  const processors = buildProcessors(
    db,
    provider,
    {
      sendMail,
      reconcileAfterMs: config.RECONCILE_AFTER_MS,
      unpaidOrderTtlMs: config.UNPAID_ORDER_TTL_MINUTES * 60_000,
      log,
      stockMoved,
      announce,
      // Reminder pay links: the hosted page and the return both at the shop's public origin.
      schemeOrigins: { server: mailLinkBase(config), web: mailLinkBase(config) },
      confirmBatch: { size: config.WORKER_CONFIRM_BATCH, running: config.WORKER_CONCURRENCY },
      catalogueRepriced,
      imports: {
        batchSize: config.IMPORT_BATCH_SIZE,
        announceEveryMs: config.IMPORT_ANNOUNCE_MS,
      },
      repricing: { batchSize: config.REPRICING_BATCH_SIZE },
    },
    faults,
  );
  // Each job runs as part of its request (log lines and order events carry the id) and is timed.
  const timed = (queue: string, processor: Processor): Processor => {
    const deferred = deferringOutages(processor, log);
    return (job, token) =>
      runWithRequestId(requestIdOf(job), async () => {
        const started = performance.now();
        let outcome = 'failed';
        try {
          const value = await deferred(job, token);
          outcome = 'completed';
          const result = (value as { result?: unknown } | null)?.result;
          if (queue === QUEUES.paymentConfirmations && typeof result === 'string')
            metrics.payments.inc({ result });
          if (queue === QUEUES.notifications && value === 'sent') metrics.mailsSent.inc();
          if (queue === QUEUES.notifications && (value === 'retry' || value === 'failed'))
            metrics.mailsFailed.inc();
          return value;
        } catch (error) {
          if (error instanceof Error && error.name === 'UnrecoverableError') outcome = 'refused';
          if (error instanceof DelayedError) outcome = 'deferred';
          throw error;
        } finally {
          const seconds = (performance.now() - started) / 1000;
          metrics.jobs.inc({ queue, outcome });
          metrics.jobDuration.observe({ queue, outcome }, seconds);
          if (queue === QUEUES.metalRepricing && outcome !== 'deferred')
            metrics.observeRepricing(outcome === 'completed' ? 'done' : 'failed', seconds);
          // A request's job gets its line (the payment's story); scheduled runs log their own.
          if (requestIdOf(job))
            log(`job ${queue}/${job.id} ${outcome} in ${Math.round(seconds * 1000)}ms`);
        }
      });
  };
  // …in a span of its own when tracing runs (the worker's log lines then carry its traceId).
  const observed = (queue: string, processor: Processor): Processor => {
    const run = timed(queue, processor);
    return (job, token) =>
      runInSpan(`${queue} process`, jobSpan(queue, job), () => run(job, token));
  };
  const workers = Object.entries(processors).map(([queue, processor]) => {
    const worker = new Worker(queue, observed(queue, processor), {
      connection,
      prefix: config.QUEUE_PREFIX,
      // Confirmations are held many at once so that those arriving together share transactions.
      concurrency:
        queue === QUEUES.paymentConfirmations
          ? config.WORKER_CONCURRENCY * config.WORKER_CONFIRM_BATCH
          : config.WORKER_CONCURRENCY,
      ...lockSettings(queue, config),
    });
    worker.on('completed', () => counts.completed++);
    worker.on('failed', (job, error) =>
      runWithRequestId(requestIdOf(job), () => {
        counts.failed++;
        log(
          `job ${queue}/${job?.id} failed (attempt ${job?.attemptsMade}): ${error.message}`,
          'warn',
        );
        if (job) void deadLetter(queue, job, error);
      }),
    );
    worker.on('error', (error) => log(`worker ${queue} error: ${error.message}`, 'warn'));
    return worker;
  });
  const queues = workers.map((w) =>
    quietQueue(new Queue(w.name, { connection, prefix: config.QUEUE_PREFIX })),
  );
  const mailRelay: MailRelay | null = mailTransport
    ? startMailRelay({
        db,
        queue: queues.find((q) => q.name === QUEUES.notifications)!,
        leaseMs: config.MAIL_SEND_LEASE_MS,
        pollMs: config.MAIL_POLL_MS,
        log,
      })
    : null;
  const metrics: WorkerMetrics = createWorkerMetrics({
    db,
    queues,
    redisUp: () => connection.status === 'ready',
  });
  // Mails not yet handed to the mail server (the Messages page's "pending").
  metrics.pendingMails = async () =>
    Number(
      (
        await db
          .selectFrom('notifications')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('status', 'in', ['pending', 'queued', 'connecting'])
          .executeTakeFirstOrThrow()
      ).n,
    );
  const metricsServer =
    config.WORKER_METRICS_PORT === undefined
      ? Promise.resolve(null)
      : startMetricsServer(metrics.registry, {
          port: config.WORKER_METRICS_PORT,
          host: config.METRICS_HOST,
          token: config.METRICS_TOKEN,
        }).catch((e: Error) => {
          log(`metrics port ${config.WORKER_METRICS_PORT} not opened: ${e.message}`, 'warn');
          return null;
        });
  // The System page's "workers" row: this worker says it is alive, through Redis.
  const beacon = startWorkerBeacon(connection, config.QUEUE_PREFIX);

  // One schedule however many workers run: upsert replaces it rather than adding a second.
  const reconciliation = queues.find((q) => q.name === QUEUES.paymentReconciliation)!;
  const scheduled =
    config.RECONCILE_EVERY_MS > 0
      ? reconciliation.upsertJobScheduler(
          'reconcile-payments',
          { every: config.RECONCILE_EVERY_MS },
          {
            name: 'reconcile',
            // One run a minute or so: the last hundred of each are plenty, and none outlive
            // the other queues' failed jobs.
            opts: {
              removeOnComplete: { age: KEEP_COMPLETED_JOBS.age, count: 100 },
              removeOnFail: { age: KEEP_FAILED_JOBS.age, count: 100 },
            },
          },
        )
      : reconciliation.removeJobScheduler('reconcile-payments');
  void scheduled.catch((e: Error) =>
    log(`could not schedule reconciliation: ${e.message}`, 'warn'),
  );
  // Savings schemes' reminders and maturity: a second schedule on the same queue, also one
  // however many workers run (each reminder is deduplicated in PostgreSQL besides).
  const schemeSchedule =
    config.SCHEME_SCHEDULE_EVERY_MS > 0
      ? reconciliation.upsertJobScheduler(
          'scheme-schedule',
          { every: config.SCHEME_SCHEDULE_EVERY_MS },
          {
            name: SCHEME_SCHEDULE_JOB,
            opts: {
              removeOnComplete: { age: KEEP_COMPLETED_JOBS.age, count: 100 },
              removeOnFail: { age: KEEP_FAILED_JOBS.age, count: 100 },
            },
          },
        )
      : reconciliation.removeJobScheduler('scheme-schedule');
  void schemeSchedule.catch((e: Error) =>
    log(`could not schedule savings schemes: ${e.message}`, 'warn'),
  );

  const metricsLine = async () => {
    const waiting = (await Promise.all(queues.map((q) => q.getWaitingCount()))).reduce(
      (a, b) => a + b,
      0,
    );
    return `metrics done=${counts.completed} failed=${counts.failed} dead=${counts.deadLettered} waiting=${waiting}`;
  };
  const timer =
    config.WORKER_METRICS_INTERVAL_MS > 0
      ? setInterval(
          () =>
            void metricsLine().then(log, (e: Error) =>
              log(`metrics unavailable: ${e.message}`, 'warn'),
            ),
          config.WORKER_METRICS_INTERVAL_MS,
        )
      : null;
  timer?.unref();

  log(
    `worker listening on ${workers.map((w) => w.name).join(', ')} (prefix ${config.QUEUE_PREFIX})`,
  );
  return {
    counts,
    metricsLine,
    metrics,
    metricsPort: metricsServer.then((server) => server?.port),
    async close({ drainMs }: { drainMs?: number } = {}) {
      if (timer) clearInterval(timer);
      await mailRelay?.stop();
      await beacon.stop();
      await (await metricsServer)?.close();
      // Worker.close waits for running jobs to finish before resolving.
      const closing = Promise.all(workers.map((w) => w.close()));
      if (drainMs === undefined) await closing;
      else if (!(await settledWithin(closing, drainMs)))
        log(`jobs still running after ${drainMs} ms: left for the stalled-job check`);
      await closeWithin({
        label: 'queues',
        ms: 1000,
        close: () => Promise.all(queues.map((q) => q.close())),
        log,
      });
      connection.disconnect();
      announcer.disconnect();
      await closeWithin({ label: 'database pool', ms: 1000, close: () => db.destroy(), log });
    },
  };
}
