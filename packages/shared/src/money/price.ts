/** Percent off on a card: floor(((price - discountedPrice) / price) * 100), spec section 9. */
export function percentOff(price: number, discountedPrice: number): number {
  if (!(price > 0) || discountedPrice >= price) return 0;
  return Math.floor(((price - discountedPrice) / price) * 100);
}

const rupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** ₹1,23,456 — whole rupees with Indian digit grouping. */
export function formatRupees(amount: number): string {
  return `₹${rupees.format(Math.round(amount))}`;
}

/** Header badges show at most 99+ (spec section 9). */
export function badgeCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}
