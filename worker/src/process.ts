import { createLogger, prettyLogs, shutdownTracing, type Logger } from '@kanak/core';
import { loadWorkerConfig, type WorkerConfig } from './config';
import { heartbeatFile, startHeartbeat } from './health';
import type { FaultPoints, WorkerLog } from './processors';
import { startWorker } from './worker';

/**
 * The worker process: configuration from the environment, logs, heartbeat, and a bounded stop on
 * SIGTERM / SIGINT. `faults` are a crash test's (its own entry passes them); run.ts passes none.
 */
export function runWorkerProcess(faults: FaultPoints = {}): void {
  let config: WorkerConfig;
  try {
    config = loadWorkerConfig();
  } catch (error) {
    // A configuration refusal is one line for the operator, not a stack trace.
    console.error((error as Error).message);
    process.exit(1);
  }
  // pino like the server: JSON in production (one grep finds a request id in both), pretty in a
  // development terminal; lines written while a job runs carry its request id.
  const logger: Logger = createLogger({
    level: config.LOG_LEVEL,
    pretty: prettyLogs(config.NODE_ENV),
    withRequestId: true,
    name: 'worker',
  });
  const log: WorkerLog = (message, level = 'info') => logger[level](message);
  const worker = startWorker(config, log, faults);
  // The container's liveness signal (see health.ts); the metrics query is the Redis round trip.
  const beatFile = heartbeatFile();
  const heartbeat = beatFile
    ? startHeartbeat({ file: beatFile, probe: () => worker.metricsLine(), log })
    : null;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    // Last resort: whatever hangs (Redis or PostgreSQL down), the process is gone in time.
    setTimeout(() => {
      logger.error(`${signal}: could not stop within ${config.SHUTDOWN_TIMEOUT_MS} ms; exiting`);
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS).unref();
    logger.info(`${signal}: finishing running jobs, then stopping`);
    await heartbeat?.stop().catch(() => undefined);
    // Running jobs get all but 3 s; the closes of queues, Redis and pool are bounded within those.
    await worker.close({ drainMs: config.SHUTDOWN_TIMEOUT_MS - 3000 });
    // The last jobs' spans go to the collector, within what time is left.
    await shutdownTracing(
      Math.min(2000, config.SHUTDOWN_TIMEOUT_MS - (Date.now() - started) - 100),
    );
    logger.info(
      `stopped: done=${worker.counts.completed} failed=${worker.counts.failed} dead=${worker.counts.deadLettered}`,
    );
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  // A library's stray rejection while PostgreSQL or Redis is away is logged, not fatal: the
  // worker recovers when they return, and BullMQ retries the jobs that failed meanwhile.
  process.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'unhandled rejection');
  });
}
