import * as z from 'zod/mini';
import {
  MAX_NET_WEIGHT,
  MAX_RATE_PER_GRAM,
  PRICING_METALS,
  PURITIES,
  canonicalPurity,
} from './purities';
import { textField } from '../validation/db-values';

/**
 * Has at most `places` decimals: the number is exactly what its rounding to `places` decimals
 * reads back as (so 1.0000001 and 5e-324 have too many; 0.1 and 1.005 as typed do not).
 */
export const hasDecimals = (value: number, places: number) =>
  Number.isFinite(value) && Number(value.toFixed(places)) === value;

export interface DecimalOptions {
  label: string;
  places: number;
  max: number;
  allowZero?: boolean;
}

/** A positive amount with at most `places` decimals, `label` naming it in messages. */
export const decimal = ({ label, places, max, allowZero = false }: DecimalOptions) =>
  z.pipe(
    z.union([z.number(), textField()]),
    z.transform((v, ctx) => {
      const n = typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v);
      const fail = (message: string) => {
        ctx.issues.push({ code: 'custom', message, input: v });
        return z.NEVER;
      };
      if (!Number.isFinite(n)) return fail(`${label} must be a number`);
      if (allowZero ? n < 0 : n <= 0)
        return fail(`${label} must be ${allowZero ? 'zero or more' : 'greater than 0'}`);
      if (n > max) return fail(`${label} must be at most ${max}`);
      // The smallest step the column stores: 5e-324 g is not "more than 0" in a numeric(9,3).
      const step = 10 ** -places;
      if (!allowZero && n < step) return fail(`${label} must be at least ${step.toFixed(places)}`);
      if (!hasDecimals(n, places))
        return fail(`${label} can have at most ${places} decimal${places === 1 ? '' : 's'}`);
      return n;
    }),
  );

export const pricingMetal = z.enum(
  PRICING_METALS,
  `Metal must be one of: ${PRICING_METALS.join(', ')}`,
);

const PURITY_NAMES = PURITIES.map((p) => `${p.metal} ${p.karat ?? p.purity}`).join(', ');

/** metal + purity, the purity as the hallmark's fineness ("22K" is read as "916"). */
const metalPurity = z
  .object({ metal: pricingMetal, purity: textField('Purity is required') })
  .check(
    z.refine((r) => canonicalPurity(r.metal, r.purity) !== null, {
      message: `Purity must be one of: ${PURITY_NAMES}`,
      path: ['purity'],
    }),
  );

export const rateInput = z.pipe(
  z.extend(metalPurity, {
    ratePerGram: decimal({ label: 'Rate per gram', places: 2, max: MAX_RATE_PER_GRAM }),
  }),
  z.transform((r) => ({ ...r, purity: canonicalPurity(r.metal, r.purity)! })),
);

/** PUT /api/admin/metal-rates: any subset of the table. */
export const publishRatesInput = z
  .object({
    rates: z
      .array(rateInput)
      .check(z.minLength(1, 'Give at least one rate'), z.maxLength(PURITIES.length)),
    /** Publishes a rate that moved more than 20 % from the last one. */
    confirm: z.optional(z.boolean()),
  })
  .check(
    z.refine(
      (input) =>
        new Set(input.rates.map((r) => `${r.metal}/${r.purity}`)).size === input.rates.length,
      { message: 'Each metal and purity can be given once', path: ['rates'] },
    ),
  );
export type PublishRatesInput = z.output<typeof publishRatesInput>;

/** POST /api/admin/metal-rates/preview: what publishing these rates would change. */
export const previewRatesInput = z.object({ rates: publishRatesInput.shape.rates });

export const rateView = z.object({
  id: z.string(),
  metal: z.string(),
  purity: z.string(),
  ratePerGram: z.number(),
  publishedAt: z.string(),
});
export type RateView = z.infer<typeof rateView>;

export const ratesTable = z.object({ rates: z.array(rateView) });
export type RatesTable = z.infer<typeof ratesTable>;

export const repricingView = z.object({
  id: z.string(),
  status: z.enum(['queued', 'running', 'done', 'superseded']),
  /** Metal-priced products repriced so far, of `total` (every metal-priced product is walked). */
  done: z.number(),
  total: z.number(),
  /** Of the `done` ones, how many changed price: what the publish confirmation counted. */
  changed: z.optional(z.number()),
  startedAt: z.string(),
  finishedAt: z.nullable(z.string()),
  /** Seconds from publish to the last batch, once done. */
  seconds: z.nullable(z.number()),
});
export type RepricingView = z.infer<typeof repricingView>;

export const publishedRates = z.extend(ratesTable, { repricing: repricingView });
export type PublishedRates = z.infer<typeof publishedRates>;

export const ratesPreview = z.object({
  /** Metal-priced products whose price these rates change (the repricing's `changed` count). */
  products: z.number(),
  /** Every metal-priced product: what the repricing walks (its `total`). */
  metalPriced: z.optional(z.number()),
  /** Mean change of their price, in percent (negative: cheaper). */
  averageChangePercent: z.number(),
});
export type RatesPreview = z.infer<typeof ratesPreview>;

export const repricingStatus = z.object({ repricing: z.nullable(repricingView) });

export const rateHistoryInput = z.optional(
  z.object({
    days: z.optional(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(366)))),
  }),
);
export const rateHistory = z.object({
  history: z.array(
    z.object({
      metal: z.string(),
      purity: z.string(),
      points: z.array(z.object({ ratePerGram: z.number(), publishedAt: z.string() })),
    }),
  ),
});
export type RateHistory = z.infer<typeof rateHistory>;

/**
 * A product's pricing: typed prices, or computed from the day's rate. Told apart by `basis`, so
 * a refusal names the field inside the chosen branch (pricing.making.value), not just "pricing".
 */
export const productPricingInput = z.discriminatedUnion('basis', [
  z.object({ basis: z.literal('fixed') }),
  z.object({
    basis: z.literal('metal'),
    metal: pricingMetal,
    purity: textField('Purity is required'),
    making: z.object({
      kind: z.enum(['percent', 'perGram'], 'Making kind must be percent or perGram'),
      value: decimal({ label: 'Making charge', places: 2, max: 100_000, allowZero: true }),
    }),
    stones: z._default(
      decimal({ label: 'Stones', places: 0, max: 10_000_000, allowZero: true }),
      0,
    ),
    makingDiscountPercent: z._default(
      decimal({ label: 'Making discount', places: 2, max: 100, allowZero: true }),
      0,
    ),
  }),
]);
export type ProductPricingInput = z.output<typeof productPricingInput>;

export const netWeightInput = decimal({ label: 'Net weight', places: 3, max: MAX_NET_WEIGHT });

export const productPricingView = z.union([
  z.object({ basis: z.literal('fixed') }),
  z.object({
    basis: z.literal('metal'),
    metal: z.string(),
    purity: z.string(),
    making: z.object({ kind: z.enum(['percent', 'perGram']), value: z.number() }),
    stones: z.number(),
    makingDiscountPercent: z.number(),
  }),
]);
export type ProductPricing = z.infer<typeof productPricingView>;

/**
 * One size's price breakup, as the product page, order lines and the invoice read it: rupees,
 * ratePerGram up to 2 decimals, netWeight in grams. `total` is what the shopper pays (making
 * discount applied, GST 3 % included).
 */
export const priceBreakup = z.object({
  metal: z.string(),
  purity: z.string(),
  ratePerGram: z.number(),
  netWeight: z.number(),
  metalValue: z.number(),
  making: z.number(),
  makingDiscount: z.number(),
  stones: z.number(),
  gst: z.number(),
  total: z.number(),
  ratePublishedAt: z.string(),
});
export type PriceBreakup = z.infer<typeof priceBreakup>;
