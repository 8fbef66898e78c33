import { describe, expect, it } from 'vitest';
import { remittanceDay, remittedRupees } from './remittances';

describe('reading a remittance line', () => {
  it('takes whole rupees with or without separators, and nothing else', () => {
    expect(remittedRupees('12500')).toBe(12_500);
    expect(remittedRupees('1,25,000.00')).toBe(1_25_000);
    expect(remittedRupees('₹ 999')).toBe(999);
    expect(remittedRupees('12500.50')).toBeNull();
    expect(remittedRupees('-100')).toBeNull();
    expect(remittedRupees('ten')).toBeNull();
  });

  it('takes ISO and Indian day-first dates, and refuses days that do not exist', () => {
    expect(remittanceDay('2026-12-05')).toBe('2026-12-05');
    expect(remittanceDay('5/12/2026')).toBe('2026-12-05');
    expect(remittanceDay('05-12-2026')).toBe('2026-12-05');
    expect(remittanceDay('31-02-2026')).toBeNull();
    expect(remittanceDay('12/2026')).toBeNull();
  });
});
