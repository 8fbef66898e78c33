import * as z from 'zod/mini';
import { storableText, textField } from '../validation/db-values';

const orderId = textField('Order id is required').check(z.maxLength(100, 'Order id is not valid'));

/** POST /api/orders/{orderId}/cod/confirm: the six-digit code mailed to the shopper. */
export const codConfirmInput = z.object({
  orderId,
  code: textField('code is required').check(
    z.trim(),
    z.regex(/^[0-9]{6}$/, 'code is the 6 digits from the e-mail'),
  ),
});
export type CodConfirmInput = z.infer<typeof codConfirmInput>;

export const COD_OUTCOMES = ['collected', 'refused'] as const;
export type CodOutcomeName = (typeof COD_OUTCOMES)[number];

/** PUT /api/admin/orders/{orderId}/cod: what the carrier reported of a shipped COD parcel. */
export const codOutcomeInput = z.object({
  orderId,
  outcome: z.enum(COD_OUTCOMES, 'outcome must be collected or refused'),
});

/** The most a remittance file may hold (characters): a carrier's month is far below it. */
export const REMITTANCE_MAX_CHARS = 2_000_000;

/**
 * POST /api/admin/cod/remittances: the carrier's COD remittance file (CSV with the headings AWB,
 * amount, date, reference), checked only (`dryRun`, the default) or recorded.
 */
export const codRemittanceInput = z.object({
  csv: z
    .string('csv is required: the remittance file as text')
    .check(
      storableText,
      z.minLength(1, 'csv is empty'),
      z.maxLength(REMITTANCE_MAX_CHARS, 'The remittance file is too large: at most 2 MB'),
    ),
  dryRun: z._default(z.boolean('dryRun must be true or false'), true),
});
export type CodRemittanceInput = z.infer<typeof codRemittanceInput>;

/**
 * A line's match: `matched` to the rupee, `short` or `over` what the order's cash was,
 * `unmatched` (no delivered COD order with that AWB), `recorded` (its order's remittance was
 * recorded before: nothing added), `invalid` (a cell that cannot be read), `duplicate` (the AWB
 * came earlier in the file).
 */
export const REMITTANCE_LINE_STATUSES = [
  'matched',
  'short',
  'over',
  'unmatched',
  'recorded',
  'invalid',
  'duplicate',
] as const;

export const remittanceLine = z.object({
  /** The line's number in the file (the heading is line 1). */
  line: z.number(),
  awb: z.string(),
  /** Rupees remitted; null when unreadable. */
  amount: z.nullable(z.number()),
  /** YYYY-MM-DD; null when unreadable. */
  date: z.nullable(z.string()),
  reference: z.string(),
  orderId: z.nullable(z.string()),
  /** The cash the order was to collect (rupees), when matched to one. */
  due: z.nullable(z.number()),
  status: z.enum(REMITTANCE_LINE_STATUSES),
  message: z.string(),
  /**
   * Rupees remitted − due for a short (negative) or over (positive) line, else null. Applied,
   * the payment records what was remitted and the order keeps the difference: a short one is
   * flagged until the owner resolves it.
   */
  difference: z.optional(z.nullable(z.number())),
});
export type RemittanceLine = z.infer<typeof remittanceLine>;

export const remittanceAnswer = z.object({
  dryRun: z.boolean(),
  lines: z.array(remittanceLine),
  totals: z.object({
    lines: z.number(),
    /** Rupees of the lines that match an order (matched, short, over). */
    matchedRupees: z.number(),
    /** Payments written by this call (0 on a dry run, and when applied again). */
    recorded: z.number(),
    recordedRupees: z.number(),
    unmatched: z.number(),
    short: z.number(),
    over: z.number(),
    /** Rupees the short lines fell short by, and the over lines exceeded by. */
    shortRupees: z.optional(z.number()),
    overRupees: z.optional(z.number()),
  }),
});
export type RemittanceAnswer = z.infer<typeof remittanceAnswer>;

/**
 * PUT /api/admin/orders/{orderId}/cod/remittance: the owner resolves a short remittance (the
 * carrier paid the rest, or the shop writes it off), saying how.
 */
export const codShortResolveInput = z.object({
  orderId,
  note: textField('note is required: how the short remittance was resolved').check(
    z.trim(),
    z.minLength(3, 'Say how the short remittance was resolved'),
    z.maxLength(300, 'The note has at most 300 characters'),
  ),
});
export type CodShortResolveInput = z.infer<typeof codShortResolveInput>;
