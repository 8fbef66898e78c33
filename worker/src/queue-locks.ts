import { QUEUES } from '@kanak/core';
import type { WorkerConfig } from './config';

/** A queue's BullMQ lock and stalled-job settings. */
export interface LockSettings {
  /** A job's lock lives this long; the running worker renews it every half of it. */
  lockDuration: number;
  /** How often any worker looks for jobs whose lock lapsed (a killed worker's). */
  stalledInterval: number;
  /** Times a job may be taken back from a dead worker before it fails (to the dead letters). */
  maxStalledCount: number;
}

/**
 * Short locks, renewed while a job runs, and a frequent stalled check: the jobs a crashed worker
 * held are taken up again within recoveryBoundMs of a worker being back (once 31 paid
 * orders waited 67.6 s behind 30 s locks). The catalogue's repricing, long batches in long
 * transactions, keeps its own (REPRICING_LOCK_DURATION_MS / REPRICING_STALLED_INTERVAL_MS).
 */
export function lockSettings(queue: string, config: WorkerConfig): LockSettings {
  if (queue === QUEUES.metalRepricing)
    return {
      lockDuration: config.REPRICING_LOCK_DURATION_MS,
      stalledInterval: config.REPRICING_STALLED_INTERVAL_MS,
      maxStalledCount: 2,
    };
  return {
    lockDuration: config.WORKER_LOCK_DURATION_MS,
    stalledInterval: config.WORKER_STALLED_INTERVAL_MS,
    maxStalledCount: 2,
  };
}

/**
 * The longest a dead worker's job waits once a worker is back: its lock lapses at most
 * lockDuration after the crash, a stalled check marks it, and the next one, stalledInterval
 * later, hands it back (BullMQ's moveStalledJobsToWait); the first check may wait out one
 * interval another worker's check holds.
 */
export const recoveryBoundMs = (settings: LockSettings) =>
  settings.lockDuration + 2 * settings.stalledInterval;
