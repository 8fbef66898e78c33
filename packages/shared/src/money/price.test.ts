import { describe, expect, it } from 'vitest';
import { badgeCount, formatRupees, percentOff } from './price';

describe('money', () => {
  it('floors the percent off', () => {
    expect(percentOff(1000, 667)).toBe(33);
    expect(percentOff(999, 999)).toBe(0);
    expect(percentOff(0, 0)).toBe(0);
  });
  it('formats rupees with Indian digit grouping', () => {
    expect(formatRupees(123456)).toBe('₹1,23,456');
    expect(formatRupees(20000000)).toBe('₹2,00,00,000');
    expect(formatRupees(999)).toBe('₹999');
  });
  it('caps badges at 99+', () => {
    expect(badgeCount(5)).toBe('5');
    expect(badgeCount(99)).toBe('99');
    expect(badgeCount(100)).toBe('99+');
  });
});
