import * as z from 'zod/mini';
import { withExample } from '../validation/examples';
import { textField } from '../validation/db-values';
import { exchangeSlot } from '../exchange/old-gold';

/**
 * Returns and exchanges inside the policy. A request moves requested → approved | refused;
 * approved → received (HUIDs checked) → refunded. While the check has not passed the owner may
 * correct a HUID read wrongly (`correct`: checked again), put the return on hold (`hold`, then
 * `resume`), or refuse it with a reason. Until the piece is in, the owner may change how it comes
 * back (`repickup`: another slot, carrier or AWB; the shopper is mailed). A return is paid back to the payment (and to the
 * scheme or store credit that paid part of it); an exchange becomes store credit.
 */
export const RETURN_KINDS = ['return', 'exchange'] as const;
export const RETURN_STATES = [
  'requested',
  'approved',
  'refused',
  'received',
  'on_hold',
  'refunded',
] as const;
export type ReturnStateName = (typeof RETURN_STATES)[number];
export const RETURN_ACTIONS = [
  'approve',
  'refuse',
  'receive',
  'correct',
  'hold',
  'resume',
  'refund',
  'repickup',
] as const;
export type ReturnAction = (typeof RETURN_ACTIONS)[number];

/** Each admin action: the states it may start from and the one it leads to. */
export const RETURN_MOVES: Record<
  ReturnAction,
  { from: readonly ReturnStateName[]; to: ReturnStateName }
> = {
  approve: { from: ['requested'], to: 'approved' },
  // After receipt too: a piece that is not the one sold, or not as sent, is refused with a reason.
  refuse: { from: ['requested', 'received', 'on_hold'], to: 'refused' },
  receive: { from: ['approved'], to: 'received' },
  correct: { from: ['received', 'on_hold'], to: 'received' },
  hold: { from: ['received'], to: 'on_hold' },
  resume: { from: ['on_hold'], to: 'received' },
  refund: { from: ['received'], to: 'refunded' },
  // The pickup recorded at approval changed (another day, carrier or AWB) before the piece is in.
  repickup: { from: ['approved'], to: 'approved' },
};

/** What the shopper reads for each state. */
export const RETURN_STATE_LABELS: Record<ReturnStateName, string> = {
  requested: 'Requested: waiting for the shop',
  approved: 'Approved: the piece comes back to the shop',
  refused: 'Refused',
  received: 'Received: the piece is being checked',
  on_hold: 'Received: under inspection',
  refunded: 'Completed',
};

const uuid = (what: string) => textField().check(z.uuid(`${what} is not a valid id`));

export const createReturnInput = z.object({
  orderId: uuid('Order'),
  kind: withExample(z.enum(RETURN_KINDS, 'Kind must be return or exchange'), 'return'),
  reason: withExample(
    textField('Reason is required').check(
      z.trim(),
      z.minLength(3, 'Say briefly why'),
      z.maxLength(500),
    ),
    'The ring is too small',
  ),
  items: z
    .array(
      z.object({
        orderItemId: uuid('Order item'),
        /** Pieces of the line to return (a line of 2 may return 1); absent: the whole line. */
        quantity: z.optional(
          z
            .int('Quantity must be a whole number of pieces')
            .check(z.minimum(1, 'Return at least 1 piece of each chosen line')),
        ),
      }),
    )
    // An order holds a bounded number of lines; a longer list is not a real request.
    .check(
      z.minLength(1, 'Choose at least one piece'),
      z.maxLength(100, 'Choose at most 100 pieces'),
    ),
});
export type CreateReturnInput = z.infer<typeof createReturnInput>;

export const orderReturnsInput = z.object({ orderId: uuid('Order') });

/** A carrier collects the piece, or the shopper posts it. */
export const RETURN_PICKUP_METHODS = ['courier', 'post'] as const;

/**
 * How the piece comes back, recorded when the return is approved: a carrier collects it (the
 * order's delivery address or another, a slot, the carrier and the reverse AWB the owner
 * booked), or the shopper sends it by insured post (the instructions they read).
 */
export const returnPickupInput = z.object({
  method: z.enum(RETURN_PICKUP_METHODS, 'Choose a courier pickup or sending it by post'),
  /** Courier: where to collect; absent, the order's delivery address. */
  address: z.optional(
    textField().check(
      z.trim(),
      z.minLength(10, 'Give the full pickup address (house, street, area, PIN)'),
      z.maxLength(300, 'The address is at most 300 characters'),
    ),
  ),
  slot: z.optional(exchangeSlot),
  carrier: z.optional(textField().check(z.trim(), z.maxLength(60))),
  awb: z.optional(
    textField().check(
      z.trim(),
      z.regex(/^[A-Za-z0-9-]{6,30}$/, 'The reverse AWB is 6 to 30 letters, digits or dashes'),
    ),
  ),
  /** Post: what the shopper reads (the address to send to, how to pack it). */
  instructions: z.optional(textField().check(z.trim(), z.maxLength(600))),
});
export type ReturnPickupInput = z.infer<typeof returnPickupInput>;

export const returnMoveInput = z.object({
  returnId: uuid('Return'),
  action: z.enum(RETURN_ACTIONS, `Action must be one of: ${RETURN_ACTIONS.join(', ')}`),
  /** Refuse: why (shown to the shopper); hold: why (for the shop). */
  reason: z.optional(textField().check(z.trim(), z.maxLength(500))),
  /** Receive and correct: the HUIDs found on each piece, by order line. */
  huids: z.optional(z.record(z.string(), z.array(textField().check(z.trim())))),
  /**
   * Approve: how the piece comes back (absent: the shopper posts it to the shop's address);
   * repickup: how it comes back now (required).
   */
  pickup: z.optional(returnPickupInput),
});
export type ReturnMoveInput = z.infer<typeof returnMoveInput>;

/**
 * POST /api/admin/returns/{returnId}/bank-transfer: a return's refund that no provider could pay
 * (cash on delivery) was paid by bank transfer by hand; `reference` is the transfer's (UTR).
 */
export const returnTransferInput = z.object({
  returnId: uuid('Return'),
  reference: textField("reference is required: the bank transfer's reference (UTR)").check(
    z.trim(),
    z.minLength(4, 'The bank transfer reference has at least 4 characters'),
    z.maxLength(60, 'The bank transfer reference has at most 60 characters'),
  ),
});
export type ReturnTransferInput = z.infer<typeof returnTransferInput>;

export const returnView = z.object({
  id: z.string(),
  orderId: z.string(),
  kind: z.enum(RETURN_KINDS),
  reason: z.string(),
  state: z.enum(RETURN_STATES),
  refusedReason: z.nullable(z.string()),
  /** Why the shop holds it (the owner's view only; null for the shopper). */
  holdReason: z.optional(z.nullable(z.string())),
  /**
   * What did not match the HUIDs sold; set, it blocks the refund. The owner's view only: the
   * shopper reads `underInspection` instead.
   */
  huidMismatch: z.nullable(z.string()),
  /** The piece is received and its check has not passed yet (held, or a HUID to look at again). */
  underInspection: z.optional(z.boolean()),
  items: z.array(
    z.object({
      orderItemId: z.string(),
      title: z.string(),
      /** Pieces returned. */
      quantity: z.number(),
      /** Pieces the order line holds. */
      lineQuantity: z.optional(z.number()),
      huidsSold: z.array(z.string()),
      huidsReceived: z.nullable(z.array(z.string())),
    }),
  ),
  /** Rupees owed back (a return) or credited (an exchange). */
  amount: z.number(),
  /**
   * due: owed and not being paid (no payment to refund through, or the provider refused it);
   * asked: the provider is refunding it; paid: the provider confirmed it; credited: store credit.
   */
  refundStatus: z.nullable(z.enum(['due', 'asked', 'paid', 'credited'])),
  /** How the money goes back: the provider's part and the balance part (scheme, store credit). */
  refundParts: z.optional(
    z.array(
      z.object({
        to: z.enum(['payment', 'scheme', 'store_credit']),
        amount: z.number(),
        state: z.enum(['due', 'asked', 'paid', 'credited']),
      }),
    ),
  ),
  /** A refund no provider could pay (cash on delivery), paid by bank transfer: its reference and day. */
  transfer: z.optional(z.nullable(z.object({ reference: z.string(), paidOn: z.string() }))),
  /** How the piece comes back, recorded at approval; null before. */
  pickup: z.optional(
    z.nullable(
      z.object({
        method: z.enum(RETURN_PICKUP_METHODS),
        address: z.nullable(z.string()),
        slot: z.nullable(exchangeSlot),
        carrier: z.nullable(z.string()),
        awb: z.nullable(z.string()),
        instructions: z.nullable(z.string()),
        /** What the shopper reads: "Pickup by Delhivery on 10 Dec 2026, 10 am – 1 pm, AWB …". */
        summary: z.string(),
      }),
    ),
  ),
  /** YYYY-MM-DD (India time): the last day a return could be asked. */
  windowEndsOn: z.string(),
  createdAt: z.string(),
  events: z.array(
    z.object({
      to: z.enum(RETURN_STATES),
      actor: z.enum(['customer', 'admin']),
      note: z.nullable(z.string()),
      at: z.string(),
    }),
  ),
});
export type ReturnView = z.infer<typeof returnView>;

export const adminReturnsQuery = z.object({
  state: z.optional(z.enum(RETURN_STATES)),
  /** Only those not finished: neither refused nor refunded. */
  open: z.optional(z.union([z.boolean(), z.enum(['true', 'false'])])),
});

/** States of a return that still needs a move (the owner's or the carrier's). */
export const OPEN_RETURN_STATES = ['requested', 'approved', 'received', 'on_hold'] as const;

/** The admin menu's count and the Returns page's filter chips. */
export const returnsSummary = z.object({
  /** Returns not finished (requested, approved, received, on hold). */
  open: z.number(),
  byState: z.object({
    requested: z.number(),
    approved: z.number(),
    refused: z.number(),
    received: z.number(),
    on_hold: z.number(),
    refunded: z.number(),
  }),
});
export type ReturnsSummary = z.infer<typeof returnsSummary>;

/**
 * Whether the order may be returned, told on the order page before any form: until when, or
 * when the window ended, and how many pieces of each line may still come back.
 */
export const returnEligibility = z.object({
  possible: z.boolean(),
  /** YYYY-MM-DD (India time), null before delivery. */
  windowEndsOn: z.nullable(z.string()),
  windowDays: z.number(),
  /** "Returns accepted until 21 Dec 2026", or why not. */
  message: z.string(),
  lines: z.array(z.object({ orderItemId: z.string(), returnable: z.number() })),
});
export type ReturnEligibility = z.infer<typeof returnEligibility>;
