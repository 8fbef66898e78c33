import { describe, expect, it } from 'vitest';
import { creditSharesOfTenders, type CreditEntry } from './credit-origins';

const entry = (amount: number, source: CreditEntry['source'], sourceId: string): CreditEntry => ({
  amount_paise: amount * 100,
  source,
  source_id: sourceId,
});

describe('where spent store credit came from', () => {
  it('spends the oldest credit first: old gold exchanged, then a return', () => {
    const shares = creditSharesOfTenders([
      entry(3000, 'exchange', 'visit-1'),
      entry(2000, 'return', 'ret-1'),
      entry(-4000, 'order', 'spend:t1'),
      entry(-1000, 'order', 'spend:t2'),
    ]);
    expect(shares.get('t1')).toEqual({ exchange: 300_000, other: 100_000 });
    expect(shares.get('t2')).toEqual({ exchange: 0, other: 100_000 });
  });

  it("gives a cancelled or returned tender's credit back in its own proportions", () => {
    const shares = creditSharesOfTenders([
      entry(3000, 'exchange', 'visit-1'),
      entry(1000, 'adjustment', 'adj-1'),
      entry(-4000, 'order', 'spend:t1'),
      // Half of it comes back from a return of the order.
      entry(2000, 'return', 'ret-9:t1'),
      entry(-2000, 'order', 'spend:t2'),
    ]);
    expect(shares.get('t1')).toEqual({ exchange: 150_000, other: 50_000 });
    expect(shares.get('t2')).toEqual({ exchange: 150_000, other: 50_000 });
  });

  it('counts a spend beyond the book as plain store credit', () => {
    const shares = creditSharesOfTenders([
      entry(500, 'exchange', 'visit-1'),
      entry(-800, 'order', 'spend:t1'),
    ]);
    expect(shares.get('t1')).toEqual({ exchange: 50_000, other: 30_000 });
  });
});
