import { describe, expect, it } from 'vitest';
import { parseTypedRupees, typedRupeesOrAsIs } from './typed-amount';

describe('typed rupee amounts', () => {
  it('reads the ways a person writes an amount', () => {
    expect(parseTypedRupees('12500')).toBe(12500);
    expect(parseTypedRupees('12,500')).toBe(12500);
    expect(parseTypedRupees('₹12,500')).toBe(12500);
    expect(parseTypedRupees(' ₹ 1,23,456.50 ')).toBe(123456.5);
    expect(parseTypedRupees('Rs. 500')).toBe(500);
    expect(parseTypedRupees('INR 31,000')).toBe(31000);
    expect(parseTypedRupees('31,000/-')).toBe(31000);
  });
  it('refuses what is not an amount', () => {
    expect(parseTypedRupees('')).toBeNull();
    expect(parseTypedRupees('abc')).toBeNull();
    expect(parseTypedRupees('12,5')).toBeNull();
    expect(parseTypedRupees('-500')).toBeNull();
    expect(parseTypedRupees('1e5')).toBeNull();
    expect(parseTypedRupees('12.500,00')).toBeNull();
  });
  it('leaves what it cannot read for the schema to explain', () => {
    expect(typedRupeesOrAsIs('12,500')).toBe(12500);
    expect(typedRupeesOrAsIs(42)).toBe(42);
    expect(typedRupeesOrAsIs('lots')).toBe('lots');
  });
});
