/** Percent off on a card: floor(((price - discountedPrice) / price) * 100), spec section 9. */
export function percentOff(price: number, discountedPrice: number): number {
  if (!(price > 0) || discountedPrice >= price) return 0;
  return Math.floor(((price - discountedPrice) / price) * 100);
}

const rupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** The minus sign (U+2212) money prints before the rupee sign: "−₹6,592", never "₹-6,592". */
export const MINUS = '\u2212';

/** ₹1,23,456 — whole rupees with Indian digit grouping; a negative amount "−₹6,592". */
export function formatRupees(amount: number): string {
  const whole = Math.round(amount);
  return `${whole < 0 ? MINUS : ''}₹${rupees.format(Math.abs(whole))}`;
}

/** 1,23,456 — Indian digit grouping without the sign of the currency (table columns in ₹). */
export function formatIndianNumber(amount: number): string {
  const whole = Math.round(amount);
  return `${whole < 0 ? MINUS : ''}${rupees.format(Math.abs(whole))}`;
}

/** ₹1,750.50 — rupees with paise when there are any (scheme instalments, receipts). */
export function formatRupeesWithPaise(amount: number): string {
  const paise = Math.round(amount * 100);
  const abs = Math.abs(paise);
  const rest = abs % 100 ? `.${String(abs % 100).padStart(2, '0')}` : '';
  return `${paise < 0 ? MINUS : ''}₹${rupees.format(Math.floor(abs / 100))}${rest}`;
}

/** Header badges show at most 99+ (spec section 9). */
export function badgeCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}
