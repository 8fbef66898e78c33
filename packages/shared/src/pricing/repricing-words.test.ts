import { describe, expect, it } from 'vitest';
import { publishSummary, repricingSummary } from './repricing-words';

// Before, the confirmation said "47 products change price" and the progress then said
// "Repriced 243 products": two different counts, neither saying what it counted.
describe('rate publish and repricing words', () => {
  it('say the same two counts, naming what they count', () => {
    const confirmation = publishSummary({
      products: 47,
      metalPriced: 243,
      averageChangePercent: 2.04,
    });
    expect(confirmation).toBe(
      '47 of 243 metal-priced products change price, by +2.04 % on average.',
    );
    const base = { id: '9', startedAt: '', finishedAt: null, total: 243 };
    expect(
      repricingSummary({ ...base, status: 'running', done: 120, changed: 30, seconds: null }),
    ).toBe('Repricing… 120 of 243 metal-priced products: 30 changed price so far');
    const done = repricingSummary({
      ...base,
      status: 'done',
      done: 243,
      changed: 47,
      seconds: 1.25,
    });
    expect(done).toBe('Repriced 243 metal-priced products: 47 changed price in 1.3 s');
    // The e2e walk reads both numbers back out of the two lines.
    const [, changing, walked] = /([\d,]+) of ([\d,]+) metal-priced/.exec(confirmation)!;
    expect(done).toContain(`Repriced ${walked} metal-priced products: ${changing} changed price`);
  });
  it('says when nothing changes', () => {
    expect(publishSummary({ products: 0, metalPriced: 12, averageChangePercent: 0 })).toBe(
      'No price changes: 0 of 12 metal-priced products.',
    );
  });
});
