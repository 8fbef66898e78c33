import { describe, expect, it } from 'vitest';
import { rateAlertInput } from './schemas';

describe('rate alert input', () => {
  const alert = { metal: 'gold', purity: '916' } as const;
  it('reads a rate typed with commas or the rupee sign', () => {
    expect(rateAlertInput.parse({ ...alert, below: '12,500' }).below).toBe(12500);
    expect(rateAlertInput.parse({ ...alert, below: '₹12,500.50' }).below).toBe(12500.5);
    expect(rateAlertInput.parse({ ...alert, below: 12500 }).below).toBe(12500);
  });
  it('explains what is not a rate', () => {
    const typo = rateAlertInput.safeParse({ ...alert, below: '12.5.0' });
    expect(typo.success).toBe(false);
    expect(typo.error?.issues[0]?.message).toBe('below must be a rate in rupees per gram');
    const zero = rateAlertInput.safeParse({ ...alert, below: '0' });
    expect(zero.error?.issues[0]?.message).toBe('below must be above ₹0 per gram');
  });
});
