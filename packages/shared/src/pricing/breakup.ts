/**
 * The jeweller's pricing rule for one size (docs/rules/metal-pricing.md). Inputs arrive
 * as integers in their smallest unit, so the rule is exact and the same in SQL
 * (core/src/pricing/reprice-sql.ts): rate in paise per gram, net weight in milligrams, making
 * as hundredths (a percent in basis points, or paise per gram), discount in basis points.
 * Each shown line is rounded half up to the rupee; totals are sums of shown lines.
 */
export interface SizePricingInput {
  ratePaise: number;
  netWeightMg: number;
  making: { kind: 'percent' | 'perGram'; hundredths: number };
  /** Whole rupees per piece. */
  stones: number;
  makingDiscountBp: number;
}

export interface SizePrices {
  metalValue: number;
  making: number;
  makingDiscount: number;
  stones: number;
  /** GST on the discounted value (what the shopper pays). */
  gst: number;
  /** Before the making discount, GST included. */
  price: number;
  /** After the making discount, GST included: the breakup's total. */
  discountedPrice: number;
}

/** round(a / b) half up, for a ≥ 0 and b > 0, in integers. */
export function divRound(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

export const GST_PERCENT = 3;
const withGst = (value: number) => value + divRound(GST_PERCENT * value, 100);

export function sizePrices(input: SizePricingInput): SizePrices {
  const metalValue = divRound(input.ratePaise * input.netWeightMg, 100_000);
  const making =
    input.making.kind === 'percent'
      ? divRound(metalValue * input.making.hundredths, 10_000)
      : divRound(input.making.hundredths * input.netWeightMg, 100_000);
  const discountedMaking = divRound(making * (10_000 - input.makingDiscountBp), 10_000);
  const discountedValue = metalValue + discountedMaking + input.stones;
  return {
    metalValue,
    making,
    makingDiscount: making - discountedMaking,
    stones: input.stones,
    gst: divRound(GST_PERCENT * discountedValue, 100),
    price: withGst(metalValue + making + input.stones),
    discountedPrice: withGst(discountedValue),
  };
}

/** Rupees with up to 2 decimals (or grams with up to 3) as an integer of the smallest unit. */
export const toHundredths = (value: number) => Math.round(value * 100);
export const toThousandths = (value: number) => Math.round(value * 1000);
