import { DelayedError, type Job } from 'bullmq';
import { outageDeferralMs } from '@kanak/core';
import type { Processor, WorkerLog } from './processors';

/**
 * A job that meets an outage (isUnavailable: PostgreSQL, or the provider's API, unreachable) goes
 * back to the delayed set instead of failing: the attempt is not counted, so an outage only
 * postpones it (outageDeferralMs): payments and moves however long it lasts, other queues up to
 * OUTAGE_DEFERRAL_LIMITS times. Redis itself must be there
 * to take it back: when it is not, the original error fails the attempt as before (or, Redis
 * gone, the lock lapses and a worker takes the job again as stalled).
 */
export const deferringOutages =
  (processor: Processor, log: WorkerLog): Processor =>
  async (job: Job, token?: string) => {
    try {
      return await processor(job, token);
    } catch (error) {
      // A scheduled run (the reconciliation) is not kept: its next run does the same work, and
      // an outage would otherwise pile up one deferred run per interval.
      const delayMs =
        token && !job.repeatJobKey
          ? outageDeferralMs({
              queue: job.queueName,
              error,
              attemptsStarted: job.attemptsStarted,
              attemptsMade: job.attemptsMade,
            })
          : null;
      if (delayMs === null) throw error;
      try {
        await job.moveToDelayed(Date.now() + delayMs, token);
      } catch {
        throw error;
      }
      log(
        `job ${job.queueName}/${job.id} deferred ${delayMs}ms (start ${job.attemptsStarted}): ${(error as Error).message}`,
        'warn',
      );
      throw new DelayedError();
    }
  };
