import { describe, expect, it } from 'vitest';
import { growthNote } from './growth';

describe('growthNote', () => {
  it('keeps the spec wording for a rise', () => {
    expect(growthNote(48.5)).toEqual({ direction: 'up', text: 'Total 48.5% growth' });
    expect(growthNote(100)).toEqual({ direction: 'up', text: 'Total 100% growth' });
  });

  it('calls a fall a decline, pointing down and without a minus sign', () => {
    expect(growthNote(-12.5)).toEqual({ direction: 'down', text: 'Total 12.5% decline' });
    expect(growthNote(-100)).toEqual({ direction: 'down', text: 'Total 100% decline' });
    expect(growthNote(-3).text).not.toMatch(/growth|-/);
  });

  it('says no change when nothing moved, or less than the one decimal shown', () => {
    for (const percent of [0, -0, 0.04, -0.04, Number.NaN])
      expect(growthNote(percent)).toEqual({ direction: 'flat', text: 'No change' });
  });

  it('rounds to one decimal place', () => {
    expect(growthNote(12.345).text).toBe('Total 12.3% growth');
    expect(growthNote(-0.06).text).toBe('Total 0.1% decline');
  });
});
