import { describe, expect, it } from 'vitest';
import { conflict } from '../shared/errors';
import { decodeRefusal, encodeRefusal } from './jobs';

describe('refusals across the queue', () => {
  it('round-trips a domain refusal through a job failure reason', () => {
    const decoded = decodeRefusal(
      encodeRefusal(conflict('Cannot move order from DELIVERED to SHIPPED')),
    );
    expect(decoded?.kind).toBe('CONFLICT');
    expect(decoded?.message).toBe('Cannot move order from DELIVERED to SHIPPED');
  });
  it('treats anything else as a fault', () => {
    expect(decodeRefusal('connect ECONNREFUSED')).toBeNull();
    expect(decodeRefusal(undefined)).toBeNull();
  });
});
