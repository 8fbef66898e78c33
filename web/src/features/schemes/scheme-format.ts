import { formatIndiaDate, formatRupeesWithPaise } from '@kanak/shared';

/** Rupees with paise when a bonus has them (₹3,750.50), else whole (₹3,750). */
export const rupees = formatRupeesWithPaise;

/** 2026-11-10 → 10 Nov 2026 (dates are India dates already). */
export const longDate = (date: string) => formatIndiaDate(date);

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
