import { describe, expect, it } from 'vitest';
import { DomainError } from '../common';
import { tooManyActions } from './action-limits';
import { retryAfterSeconds } from './retry-after';
import { waitText } from './wait-text';

describe('waitText', () => {
  it('says seconds under a minute and a half, whole minutes (rounded up) beyond', () => {
    expect(waitText(0.2)).toBe('1 second');
    expect(waitText(1)).toBe('1 second');
    expect(waitText(45)).toBe('45 seconds');
    expect(waitText(89)).toBe('89 seconds');
    expect(waitText(90)).toBe('2 minutes');
    expect(waitText(3599)).toBe('60 minutes');
  });
});

describe('tooManyActions', () => {
  it('names the action, words the wait and carries Retry-After in whole seconds', () => {
    const refusal = tooManyActions('order', 1_800_001);
    expect(refusal.kind).toBe('TOO_MANY_REQUESTS');
    expect(refusal.message).toBe('Too many orders. Please try again in 31 minutes.');
    expect(refusal.details).toEqual({ retryAfter: 1801 });
    expect(tooManyActions('paymentReturn', 12_300).message).toBe(
      'Too many payment confirmations. Please try again in 13 seconds.',
    );
  });
});

describe('retryAfterSeconds', () => {
  it('reads the wait of a TOO_MANY_REQUESTS refusal, and nothing from other errors', () => {
    expect(retryAfterSeconds(tooManyActions('review', 4200))).toBe(5);
    expect(retryAfterSeconds(new DomainError('TOO_MANY_REQUESTS', 'slow down'))).toBeNull();
    expect(retryAfterSeconds(new DomainError('CONFLICT', 'no', { retryAfter: 3 }))).toBeNull();
    expect(retryAfterSeconds(new Error('boom'))).toBeNull();
  });
});
