import { describe, expect, it } from 'vitest';
import {
  badgeCount,
  formatIndianNumber,
  formatRupees,
  formatRupeesWithPaise,
  percentOff,
} from './price';
import {
  formatIndiaDate,
  formatIndiaDateTime,
  formatIndiaDayMonth,
  indiaDate,
  indiaIsoDateTime,
} from '../dates/india-time';

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

describe('money signs and India dates', () => {
  it('prints a negative amount with the minus before the rupee sign', () => {
    expect(formatRupees(-6592)).toBe('−₹6,592');
    expect(formatIndianNumber(-123456)).toBe('−1,23,456');
    expect(formatRupeesWithPaise(1312.5)).toBe('₹1,312.50');
    expect(formatRupeesWithPaise(-0.5)).toBe('−₹0.50');
    expect(formatRupeesWithPaise(1750)).toBe('₹1,750');
  });
  it("writes India's day of a moment late in the UTC evening", () => {
    const at = new Date('2026-12-06T20:44:35.268Z');
    expect(indiaDate(at)).toBe('2026-12-07');
    expect(formatIndiaDate(at)).toBe('7 Dec 2026');
    expect(formatIndiaDate('2026-09-03')).toBe('3 Sep 2026');
    expect(formatIndiaDateTime(at)).toBe('7 Dec 2026, 02:14');
    expect(formatIndiaDayMonth(at)).toBe('7 Dec');
    expect(indiaIsoDateTime(at)).toBe('2026-12-07T02:14:35+05:30');
  });
});
