import { formatRupees } from '@kanak/shared';

/** Rupees with paise when a bonus has them (₹3,750.50), else whole (₹3,750). */
export const rupees = (n: number) =>
  n % 1
    ? `₹${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
    : formatRupees(n);

/** 2026-11-10 → 10 Nov 2026 (dates are India dates already). */
export const longDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

export const STATE_LABEL: Record<string, string> = {
  PENDING: 'Waiting for the first instalment',
  ACTIVE: 'Paying',
  MATURED: 'Matured: ready to redeem',
  REDEEMED: 'Redeemed',
  CLOSED: 'Closed',
};

/** The bonus is added to the balance only at maturity: until then it is a promise, not earned. */
export const bonusLabel = (state: string) =>
  state === 'MATURED' || state === 'REDEEMED' ? 'Bonus added' : 'Bonus at maturity';
