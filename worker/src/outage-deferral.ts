import { DelayedError, type Job } from 'bullmq';
import { isUnavailable, outageRetryDelayMs } from '@kanak/core';
import type { Processor } from './processors';

/**
 * A job that meets an outage (PostgreSQL or Redis away) goes back to the delayed set instead of
 * failing: the attempt is not counted, so a long outage only postpones it (outageRetryDelayMs).
 * If Redis cannot take it back either, the original error fails the attempt as before (or the
 * lock lapses and another worker picks the job up as stalled).
 */
export const deferringOutages =
  (processor: Processor, log: (message: string) => void): Processor =>
  async (job: Job, token?: string) => {
    try {
      return await processor(job, token);
    } catch (error) {
      if (!token || !isUnavailable(error)) throw error;
      const delayMs = outageRetryDelayMs(job.attemptsStarted);
      try {
        await job.moveToDelayed(Date.now() + delayMs, token);
      } catch {
        throw error;
      }
      log(
        `job ${job.queueName}/${job.id} deferred ${delayMs}ms (start ${job.attemptsStarted}): ${(error as Error).message}`,
      );
      throw new DelayedError();
    }
  };
