import { pricingOf, sizeBreakup } from './product-pricing';

// An order line's price as quoted now: checkout (orders) and a re-quote (the ledger) both take
// it from here, below both, so the ledger need not import the orders that call it.

/**
 * What quoteOf reads of a line's size (`s`), product (`p`) and current rate (`mr`): the checkout
 * and a re-quote select the same.
 */
export const QUOTE_COLUMNS = [
  's.net_weight',
  'p.pricing_basis',
  'p.pricing_metal',
  'p.pricing_purity',
  'p.making_kind',
  'p.making_value',
  'p.stones',
  'p.making_discount_percent',
  'p.metal_rate_id',
  'mr.rate_paise',
  'mr.published_at as rate_published_at',
] as const;

/** The line's breakup as quoted now and the rate row it used (null for fixed prices). */
export function quoteOf(
  line: Parameters<typeof pricingOf>[0] & {
    net_weight: string | null;
    metal_rate_id: number | null;
    rate_paise: number | null;
    rate_published_at: Date | null;
  },
) {
  const rate =
    line.rate_paise !== null && line.rate_published_at !== null
      ? { rate_paise: line.rate_paise, published_at: line.rate_published_at }
      : null;
  const breakup = sizeBreakup(pricingOf(line), rate, line.net_weight);
  if (!breakup) return { price_breakup: null, metal_rate_id: null };
  const { price: _price, ...shown } = breakup;
  return { price_breakup: JSON.stringify(shown), metal_rate_id: line.metal_rate_id };
}
