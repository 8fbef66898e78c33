import { sizePrices, toHundredths, toThousandths, type SizePrices } from './breakup';
import type { PriceBreakup, ProductPricing } from './schemas';

export type MetalPricing = Extract<ProductPricing, { basis: 'metal' }>;

/** The rule's input from a product's pricing in rupees and grams (as the view and form hold it). */
export function pricesOf(
  pricing: MetalPricing,
  ratePerGram: number,
  netWeight: number,
): SizePrices {
  return sizePrices({
    ratePaise: toHundredths(ratePerGram),
    netWeightMg: toThousandths(netWeight),
    making: { kind: pricing.making.kind, hundredths: toHundredths(pricing.making.value) },
    stones: pricing.stones,
    makingDiscountBp: toHundredths(pricing.makingDiscountPercent),
  });
}

/** One size's breakup: the rule's lines with the rate they used. */
export function breakupOf(
  pricing: MetalPricing,
  rate: { ratePerGram: number; publishedAt: string },
  netWeight: number,
): PriceBreakup & { price: number } {
  const p = pricesOf(pricing, rate.ratePerGram, netWeight);
  return {
    metal: pricing.metal,
    purity: pricing.purity,
    ratePerGram: rate.ratePerGram,
    netWeight,
    metalValue: p.metalValue,
    making: p.making,
    makingDiscount: p.makingDiscount,
    stones: p.stones,
    gst: p.gst,
    total: p.discountedPrice,
    ratePublishedAt: rate.publishedAt,
    price: p.price,
  };
}
