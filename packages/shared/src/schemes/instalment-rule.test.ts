import { describe, expect, it } from 'vitest';
import { instalmentProblem } from './instalment-rule';

describe('an instalment against its plan', () => {
  const plan = { minInstalment: 1000, step: 500 };
  it('fits at the minimum plus whole steps', () => {
    expect(instalmentProblem(1000, plan)).toBeNull();
    expect(instalmentProblem(2500, plan)).toBeNull();
  });
  it('names the rule for an amount off the step, below the minimum or with paise', () => {
    const words = 'instalment must be at least ₹1,000 in steps of ₹500';
    expect(instalmentProblem(1750, plan)).toBe(words);
    expect(instalmentProblem(500, plan)).toBe(words);
    expect(instalmentProblem(1000.5, plan)).toBe(words);
  });
});
