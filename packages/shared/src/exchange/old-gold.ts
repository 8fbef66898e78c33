import * as z from 'zod/mini';
import { MAX_NET_WEIGHT, PURITIES, canonicalPurity } from '../pricing/purities';
import { decimal, pricingMetal } from '../pricing/schemas';
import { withExample } from '../validation/examples';
import { textField } from '../validation/db-values';

/**
 * Old-gold exchange and buyback (jewellery.md, "Policies shoppers look for"): 100 % of the metal
 * value on exchange against a new piece, 80–90 % on a cash buyback, at the day's rate; making
 * charges are never refunded. The shop's shares are EXCHANGE_PERCENT and BUYBACK_PERCENT.
 */

/**
 * A piece weighed without knowing its metal's net weight loses the usual 5–7 % of its gross
 * weight to solder, stones and wear (jewellery.md, "Price of a piece": wastage 5–7 %). The
 * estimate takes the band's upper end, so it does not promise more than the test will find.
 */
export const WASTAGE_BAND = { low: 5, high: 7 } as const;

export const OLD_GOLD_RULE =
  'Exchange: {exchange}% of the metal value against new jewellery. Buyback: {buyback}% of the metal value paid out. Both at today’s rate for the purity; making charges are never refunded. The final value is set after testing the piece in our store.';

/** The rule as printed beside the figure, with the shop's shares. */
export const oldGoldRule = (exchangePercent: number, buybackPercent: number) =>
  OLD_GOLD_RULE.replace('{exchange}', String(exchangePercent)).replace(
    '{buyback}',
    String(buybackPercent),
  );

export const estimatedNetNote = (gross: number) =>
  `Net weight unknown: estimated as ${gross} g less ${WASTAGE_BAND.high}% (the usual ${WASTAGE_BAND.low}–${WASTAGE_BAND.high}% for solder, stones and wear). Testing in store gives the exact figure.`;

const PURITY_NAMES = PURITIES.map((p) => `${p.metal} ${p.karat ?? p.purity}`).join(', ');
const weight = (label: string) => decimal(label, 3, MAX_NET_WEIGHT);

/** One piece as the shopper describes it: net weight, or gross weight only ("I don't know"). */
export const oldGoldPiece = z.pipe(
  z
    .object({
      metal: withExample(pricingMetal, 'gold'),
      purity: withExample(textField('Purity is required'), '916'),
      netWeight: z.optional(withExample(weight('Net weight'), 10.5)),
      grossWeight: z.optional(weight('Gross weight')),
    })
    .check(
      z.refine((r) => canonicalPurity(r.metal, r.purity) !== null, {
        message: `Purity must be one of: ${PURITY_NAMES}`,
        path: ['purity'],
      }),
      z.refine((r) => r.netWeight !== undefined || r.grossWeight !== undefined, {
        message: 'Give the net weight, or the gross weight if you do not know it',
        path: ['netWeight'],
      }),
      z.refine(
        (r) =>
          r.netWeight === undefined || r.grossWeight === undefined || r.netWeight <= r.grossWeight,
        { message: 'Net weight cannot be more than the gross weight', path: ['netWeight'] },
      ),
    ),
  z.transform((r) => ({
    metal: r.metal,
    purity: canonicalPurity(r.metal, r.purity)!,
    netWeight: r.netWeight ?? null,
    grossWeight: r.grossWeight ?? null,
  })),
);
export type OldGoldPiece = z.infer<typeof oldGoldPiece>;

/** `GET /api/exchange/estimate?metal=gold&purity=916&netWeight=10.5` (or `grossWeight=`). */
export const exchangeEstimateInput = oldGoldPiece;

/** The estimate in rupees (issue 33 contract), with what it assumed. */
export const exchangeEstimate = z.object({
  metal: z.string(),
  purity: z.string(),
  /** Rupees per gram, today's published rate for the purity. */
  ratePerGram: z.number(),
  /** Grams the values are computed on (estimated from gross weight when `estimated`). */
  netWeight: z.number(),
  estimated: z.boolean(),
  /** Whole rupees. */
  metalValue: z.number(),
  exchangeValue: z.number(),
  buybackValue: z.number(),
  exchangePercent: z.number(),
  buybackPercent: z.number(),
  rule: z.string(),
  /** Why the net weight is an estimate; null when the shopper gave it. */
  note: z.nullable(z.string()),
  ratePublishedAt: z.string(),
});
export type ExchangeEstimate = z.infer<typeof exchangeEstimate>;

/** The grams an estimate is computed on: the net weight, or gross less the band's upper end. */
export function weightForEstimate(piece: Pick<OldGoldPiece, 'netWeight' | 'grossWeight'>): {
  grams: number;
  estimated: boolean;
} {
  if (piece.netWeight !== null) return { grams: piece.netWeight, estimated: false };
  const gross = piece.grossWeight ?? 0;
  return {
    grams: Math.round(gross * (100 - WASTAGE_BAND.high) * 10) / 1000,
    estimated: true,
  };
}

/**
 * The values in paise: metal value = rate × grams; exchange and buyback are shares of it
 * (rounded to the paisa). Making is not part of it: what was paid for making is never refunded.
 */
export function oldGoldValues(
  ratePaise: number,
  grams: number,
  exchangePercent: number,
  buybackPercent: number,
) {
  const metal = Math.round(ratePaise * grams);
  return {
    metal,
    exchange: Math.round((metal * exchangePercent) / 100),
    buyback: Math.round((metal * buybackPercent) / 100),
  };
}

/** What the storefront's "Request a pickup or a store visit" sends (`POST /api/exchange/requests`). */
export const exchangeRequestInput = z.object({
  contactName: withExample(
    textField().check(z.trim(), z.minLength(2, 'Name is required'), z.maxLength(100)),
    'Asha Rao',
  ),
  contactPhone: withExample(
    textField().check(
      z.trim(),
      z.regex(/^(\+91[ -]?)?[6-9]\d{9}$/, 'Mobile must be a 10-digit Indian number'),
    ),
    '9876543210',
  ),
  visit: z.enum(['pickup', 'store'], 'Choose a pickup or a store visit'),
  pin: z.optional(
    withExample(textField().check(z.trim(), z.regex(/^\d{6}$/, 'PIN must be 6 digits')), '560001'),
  ),
  note: z.optional(textField().check(z.trim(), z.maxLength(500))),
  items: z
    .array(oldGoldPiece)
    .check(z.minLength(1, 'Describe at least one piece'), z.maxLength(20, 'At most 20 pieces')),
});
export type ExchangeRequestInput = z.input<typeof exchangeRequestInput>;

export const EXCHANGE_STATUSES = ['requested', 'credited', 'paid_out', 'cancelled'] as const;

export const exchangeRequestView = z.object({
  id: z.string(),
  status: z.enum(EXCHANGE_STATUSES),
  contactName: z.string(),
  contactPhone: z.string(),
  email: z.string(),
  visit: z.enum(['pickup', 'store']),
  pin: z.nullable(z.string()),
  note: z.nullable(z.string()),
  items: z.array(
    z.object({
      metal: z.string(),
      purity: z.string(),
      netWeight: z.nullable(z.number()),
      grossWeight: z.nullable(z.number()),
    }),
  ),
  /** Rupees: the exchange value at the rate of the day it was asked. */
  estimate: z.number(),
  /** Rupees, set after testing. */
  finalValue: z.nullable(z.number()),
  createdAt: z.string(),
  settledAt: z.nullable(z.string()),
});
export type ExchangeRequestView = z.infer<typeof exchangeRequestView>;

/** The owner's settlement after testing: the final value (rupees), as credit or paid out. */
export const exchangeSettleInput = z.object({
  requestId: textField().check(z.uuid('Unknown request')),
  outcome: z.enum(['credit', 'paid_out', 'cancel'], 'Outcome must be credit, paid_out or cancel'),
  finalValue: z.optional(
    z.number().check(z.int('Final value is whole rupees'), z.nonnegative(), z.lte(100_000_000)),
  ),
});

export const creditBalanceView = z.object({
  /** Rupees of store credit the customer holds. */
  balance: z.number(),
  entries: z.array(
    z.object({ amount: z.number(), source: z.string(), note: z.string(), at: z.string() }),
  ),
});
export type CreditBalanceView = z.infer<typeof creditBalanceView>;
