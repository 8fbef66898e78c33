import { describe, expect, it } from 'vitest';
import { DomainError } from '../common/errors';
import { MAX_OUTAGE_DEFERRALS, outageDeferralMs } from './jobs';

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
  code: 'ECONNREFUSED',
});
const fetchFailed = new TypeError('fetch failed', { cause: { code: 'ETIMEDOUT' } });

describe('outageDeferralMs', () => {
  it('defers an outage 1 s, 2 s, 4 s… up to 30 s, by how often the job started', () => {
    expect(
      [1, 2, 3, 4, 5, 6, 7, 50].map((started) => outageDeferralMs(refused, started, 0)),
    ).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    // A provider whose API cannot be reached is waited out the same way.
    expect(outageDeferralMs(fetchFailed, 2, 1)).toBe(2000);
  });

  it('lets any other error spend an attempt', () => {
    expect(outageDeferralMs(new Error('duplicate key value'), 1, 0)).toBeNull();
    expect(outageDeferralMs(new DomainError('CONFLICT', 'Cannot move order'), 1, 0)).toBeNull();
  });

  it('stops deferring after MAX_OUTAGE_DEFERRALS (about an hour): the outage then counts as a fault', () => {
    expect(outageDeferralMs(refused, MAX_OUTAGE_DEFERRALS + 2, 2)).toBe(30_000);
    expect(outageDeferralMs(refused, MAX_OUTAGE_DEFERRALS + 3, 2)).toBeNull();
  });
});
