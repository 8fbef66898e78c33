import * as z from 'zod/mini';
import { MAX_NET_WEIGHT, PURITIES, canonicalPurity } from '../pricing/purities';
import { decimal, pricingMetal } from '../pricing/schemas';
import { withExample } from '../validation/examples';
import { indianMobile } from '../account/courier-address';
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
const weight = (label: string) => decimal({ label, places: 3, max: MAX_NET_WEIGHT });

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

/** The estimate in rupees (the old-gold calculator's contract), with what it assumed. */
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

export interface OldGoldValuesOptions {
  ratePaise: number;
  grams: number;
  exchangePercent: number;
  buybackPercent: number;
}

/**
 * The values in paise: metal value = rate × grams; exchange and buyback are shares of it
 * (rounded to the paisa). Making is not part of it: what was paid for making is never refunded.
 */
export function oldGoldValues({
  ratePaise,
  grams,
  exchangePercent,
  buybackPercent,
}: OldGoldValuesOptions) {
  const metal = Math.round(ratePaise * grams);
  return {
    metal,
    exchange: Math.round((metal * exchangePercent) / 100),
    buyback: Math.round((metal * buybackPercent) / 100),
  };
}

/** The visit's windows, as the owner's diary keeps them. */
export const EXCHANGE_SLOT_WINDOWS = ['10-13', '13-16', '16-19'] as const;
export type ExchangeSlotWindow = (typeof EXCHANGE_SLOT_WINDOWS)[number];
export const SLOT_WINDOW_LABELS: Record<ExchangeSlotWindow, string> = {
  '10-13': '10 am – 1 pm',
  '13-16': '1 pm – 4 pm',
  '16-19': '4 pm – 7 pm',
};
/** A slot is booked from tomorrow up to this many days ahead (India dates). */
export const EXCHANGE_SLOT_DAYS_AHEAD = 14;

export const exchangeSlot = z.object({
  date: withExample(
    textField('Choose a day').check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a day')),
    '2026-12-10',
  ),
  window: z.enum(EXCHANGE_SLOT_WINDOWS, 'Choose a time: 10-13, 13-16 or 16-19'),
});
export type ExchangeSlot = z.infer<typeof exchangeSlot>;

/** What the storefront's "Request a pickup or a store visit" sends (`POST /api/exchange/requests`). */
export const exchangeRequestInput = z
  .object({
    contactName: withExample(
      textField().check(z.trim(), z.minLength(2, 'Name is required'), z.maxLength(100)),
      'Asha Rao',
    ),
    contactPhone: withExample(indianMobile, '9876543210'),
    visit: z.enum(['pickup', 'store'], 'Choose a pickup or a store visit'),
    pin: z.optional(
      withExample(
        textField().check(z.trim(), z.regex(/^\d{6}$/, 'PIN must be 6 digits')),
        '560001',
      ),
    ),
    /** Where the insured pickup collects the pieces: needed for a pickup. */
    address: z.optional(
      withExample(
        textField().check(
          z.trim(),
          z.minLength(10, 'Give the full pickup address (house, street, area)'),
          z.maxLength(300, 'The address is at most 300 characters'),
        ),
        '12, 3rd Cross, Indiranagar, Bengaluru',
      ),
    ),
    /** When: needed for a pickup, optional for a store visit. */
    slot: z.optional(exchangeSlot),
    note: z.optional(textField().check(z.trim(), z.maxLength(500))),
    items: z
      .array(oldGoldPiece)
      .check(z.minLength(1, 'Describe at least one piece'), z.maxLength(20, 'At most 20 pieces')),
  })
  .check(
    z.refine((r) => r.visit !== 'pickup' || r.pin !== undefined, {
      message: 'A pickup needs the PIN of the pickup address',
      path: ['pin'],
    }),
    z.refine((r) => r.visit !== 'pickup' || r.address !== undefined, {
      message: 'Give the full pickup address (house, street, area)',
      path: ['address'],
    }),
    z.refine((r) => r.visit !== 'pickup' || r.slot !== undefined, {
      message: 'Choose a day and a time for the pickup',
      path: ['slot'],
    }),
  );
export type ExchangeRequestInput = z.input<typeof exchangeRequestInput>;

/** One piece as the store tested it: the karat meter's fineness (916 for 22K) and the scale. */
const testedPiece = z
  .object({
    fineness: z
      .number('Fineness is the karat meter reading in parts per thousand (916 for 22K)')
      .check(
        z.gt(0, 'Fineness is the karat meter reading in parts per thousand (916 for 22K)'),
        z.lte(999.9, 'Fineness is at most 999.9'),
      ),
    grossWeight: weight('Tested gross weight'),
    netWeight: weight('Tested net weight'),
  })
  .check(
    z.refine((p) => p.netWeight <= p.grossWeight, {
      message: 'Net weight cannot be more than the gross weight',
      path: ['netWeight'],
    }),
  );

/** The owner's test record: each piece as found, and what was taken off and why. */
export const exchangeTestRecord = z
  .object({
    pieces: z
      .array(testedPiece)
      .check(z.minLength(1, 'Record each tested piece'), z.maxLength(20, 'At most 20 pieces')),
    /** Rupees taken off the metal value (stones, solder, damage), with the reason. */
    deduction: z._default(
      z.number().check(z.int('Deduction is whole rupees'), z.nonnegative(), z.lte(100_000_000)),
      0,
    ),
    reason: z._default(textField().check(z.trim(), z.maxLength(300)), ''),
  })
  .check(
    z.refine((t) => t.deduction === 0 || t.reason.length >= 3, {
      message: 'Say why the deduction was made',
      path: ['reason'],
    }),
  );
export type ExchangeTestRecord = z.infer<typeof exchangeTestRecord>;

export const EXCHANGE_STATUSES = ['requested', 'credited', 'paid_out', 'cancelled'] as const;

export const exchangeRequestView = z.object({
  id: z.string(),
  status: z.enum(EXCHANGE_STATUSES),
  contactName: z.string(),
  contactPhone: z.string(),
  email: z.string(),
  visit: z.enum(['pickup', 'store']),
  pin: z.nullable(z.string()),
  address: z.nullable(z.string()),
  slot: z.nullable(exchangeSlot),
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
  /** What the store found on testing, kept with the settlement. */
  tested: z.nullable(exchangeTestRecord),
});
export type ExchangeRequestView = z.infer<typeof exchangeRequestView>;

/**
 * The owner's settlement after testing: the final value (rupees), as credit or paid out, with
 * the test record it rests on; a cancel needs neither.
 */
export const exchangeSettleInput = z
  .object({
    requestId: textField().check(z.uuid('Unknown request')),
    outcome: z.enum(['credit', 'paid_out', 'cancel'], 'Outcome must be credit, paid_out or cancel'),
    finalValue: z.optional(
      z.number().check(z.int('Final value is whole rupees'), z.nonnegative(), z.lte(100_000_000)),
    ),
    tested: z.optional(exchangeTestRecord),
  })
  .check(
    z.refine((s) => s.outcome === 'cancel' || s.finalValue !== undefined, {
      message: 'Give the final value found by testing (rupees)',
      path: ['finalValue'],
    }),
    z.refine((s) => s.outcome === 'cancel' || s.tested !== undefined, {
      message: 'Record what the test found (fineness, gross and net weight of each piece)',
      path: ['tested'],
    }),
  );

export const creditBalanceView = z.object({
  /** Rupees of store credit the customer holds. */
  balance: z.number(),
  entries: z.array(
    z.object({ amount: z.number(), source: z.string(), note: z.string(), at: z.string() }),
  ),
});
export type CreditBalanceView = z.infer<typeof creditBalanceView>;
