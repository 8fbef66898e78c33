import { describe, expect, it } from 'vitest';
import { QUEUES } from '@kanak/core';
import { loadWorkerConfig } from './config';
import { lockSettings, recoveryBoundMs } from './queue-locks';

describe('queue locks', () => {
  const shipped = loadWorkerConfig({});

  it('takes a dead worker’s payments, moves and mails up again within 15 s by default', () => {
    for (const queue of [
      QUEUES.paymentConfirmations,
      QUEUES.orderMoves,
      QUEUES.notifications,
      QUEUES.paymentReconciliation,
    ]) {
      const settings = lockSettings(queue, shipped);
      expect(settings).toEqual({ lockDuration: 6000, stalledInterval: 3000, maxStalledCount: 2 });
      expect(recoveryBoundMs(settings)).toBe(12_000);
    }
  });

  it('keeps the repricing’s own longer lock and check, each settable', () => {
    expect(lockSettings(QUEUES.metalRepricing, shipped)).toMatchObject({
      lockDuration: 30_000,
      stalledInterval: 30_000,
    });
    const tuned = loadWorkerConfig({
      WORKER_LOCK_DURATION_MS: '4000',
      WORKER_STALLED_INTERVAL_MS: '1000',
      REPRICING_LOCK_DURATION_MS: '60000',
    });
    expect(recoveryBoundMs(lockSettings(QUEUES.orderMoves, tuned))).toBe(6000);
    expect(lockSettings(QUEUES.metalRepricing, tuned).lockDuration).toBe(60_000);
  });
});
