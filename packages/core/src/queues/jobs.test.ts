import { describe, expect, it } from 'vitest';
import { DomainError } from '../common';
import { OUTAGE_DEFERRAL_LIMITS, outageDeferralMs } from './jobs';
import { QUEUES } from './names';

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
  code: 'ECONNREFUSED',
});
const fetchFailed = new TypeError('fetch failed', { cause: { code: 'ETIMEDOUT' } });

describe('outageDeferralMs', () => {
  it('defers an outage 1 s, 2 s, 4 s… up to 30 s, by how often the job started', () => {
    expect(
      [1, 2, 3, 4, 5, 6, 7, 50].map((started) =>
        outageDeferralMs({
          queue: QUEUES.paymentConfirmations,
          error: refused,
          attemptsStarted: started,
          attemptsMade: 0,
        }),
      ),
    ).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    // A provider whose API cannot be reached is waited out the same way.
    expect(
      outageDeferralMs({
        queue: QUEUES.orderMoves,
        error: fetchFailed,
        attemptsStarted: 2,
        attemptsMade: 1,
      }),
    ).toBe(2000);
  });

  it('lets any other error spend an attempt', () => {
    expect(
      outageDeferralMs({
        queue: QUEUES.paymentConfirmations,
        error: new Error('duplicate key value'),
        attemptsStarted: 1,
        attemptsMade: 0,
      }),
    ).toBeNull();
    expect(
      outageDeferralMs({
        queue: QUEUES.orderMoves,
        error: new DomainError('CONFLICT', 'Cannot move order'),
        attemptsStarted: 1,
        attemptsMade: 0,
      }),
    ).toBeNull();
  });

  it('waits out an outage of any length for payments and moves, spending no attempt', () => {
    // A week of 30 s waits, then more: still deferred, never a fault.
    for (const queue of [QUEUES.paymentConfirmations, QUEUES.orderMoves]) {
      expect(OUTAGE_DEFERRAL_LIMITS[queue]).toBeNull();
      expect(
        outageDeferralMs({ queue, error: refused, attemptsStarted: 20_161, attemptsMade: 0 }),
      ).toBe(30_000);
      expect(
        outageDeferralMs({
          queue,
          error: fetchFailed,
          attemptsStarted: 1_000_000,
          attemptsMade: 3,
        }),
      ).toBe(30_000);
    }
  });

  it('stops deferring other queues after their limit (about an hour): the outage then counts as a fault', () => {
    const limit = OUTAGE_DEFERRAL_LIMITS[QUEUES.notifications]!;
    expect(
      outageDeferralMs({
        queue: QUEUES.notifications,
        error: refused,
        attemptsStarted: limit + 2,
        attemptsMade: 2,
      }),
    ).toBe(30_000);
    expect(
      outageDeferralMs({
        queue: QUEUES.notifications,
        error: refused,
        attemptsStarted: limit + 3,
        attemptsMade: 2,
      }),
    ).toBeNull();
  });
});
