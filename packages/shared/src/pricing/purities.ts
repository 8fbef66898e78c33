/**
 * Metals and purities the shop publishes a rate for (fineness in parts per thousand, as the
 * hallmark shows it). Gold also answers to its karat name on input ("22K" → 916).
 */
export const PRICING_METALS = ['gold', 'silver', 'platinum'] as const;
export type PricingMetal = (typeof PRICING_METALS)[number];

export const PURITIES = [
  { metal: 'gold', purity: '999', label: '24K (999)', karat: '24K' },
  { metal: 'gold', purity: '916', label: '22K (916)', karat: '22K' },
  { metal: 'gold', purity: '750', label: '18K (750)', karat: '18K' },
  { metal: 'gold', purity: '585', label: '14K (585)', karat: '14K' },
  { metal: 'silver', purity: '999', label: 'Silver 999', karat: null },
  { metal: 'silver', purity: '925', label: 'Sterling 925', karat: null },
  { metal: 'platinum', purity: '950', label: 'Platinum 950', karat: null },
] as const satisfies readonly {
  metal: PricingMetal;
  purity: string;
  label: string;
  karat: string | null;
}[];
export type Purity = (typeof PURITIES)[number]['purity'];

/** The canonical purity ("916") of what a client typed ("22K", "22k", "916"), or null. */
export function canonicalPurity(metal: string, purity: string): Purity | null {
  const typed = purity.trim().toUpperCase();
  const found = PURITIES.find(
    (p) => p.metal === metal && (p.purity === typed || p.karat === typed),
  );
  return found ? found.purity : null;
}

export function purityLabel(metal: string, purity: string): string {
  return PURITIES.find((p) => p.metal === metal && p.purity === purity)?.label ?? purity;
}

/** The rates the storefront's "Today's rate" line shows. */
export const HEADLINE_RATES: readonly { metal: PricingMetal; purity: Purity; label: string }[] = [
  { metal: 'gold', purity: '916', label: '22K gold' },
  { metal: 'gold', purity: '999', label: '24K gold' },
  { metal: 'silver', purity: '999', label: 'Silver' },
  { metal: 'platinum', purity: '950', label: 'Platinum' },
];

/** Bounds that keep every computed price inside its integer column. */
export const MAX_RATE_PER_GRAM = 100_000;
export const MAX_NET_WEIGHT = 1_000;
/** A rate further than this from the last one needs `confirm: true` (a typo guard). */
export const RATE_JUMP_PERCENT = 20;
