import * as z from 'zod/mini';
import { panSchema } from '../invoices/gst';
import { textField } from '../validation/db-values';

const id = (what: string) =>
  textField(`${what} is required`).check(z.maxLength(100, `${what} is not valid`));
const providerId = (what: string) =>
  textField(`${what} is required`).check(
    z.trim(),
    z.regex(/^[A-Za-z0-9_-]{1,120}$/, `${what} is not valid`),
  );
const whole = (what: string, min: number, max: number) =>
  z
    .number(`${what} is required`)
    .check(
      z.int(`${what} must be a whole number`),
      z.gte(min, `${what} must be at least ${min}`),
      z.lte(max, `${what} must be at most ${max}`),
    );

/** What a missed instalment does (jewellery.md, "Savings schemes"): stated in each plan. */
export const SCHEME_MISSED_RULES = ['MOVE_MATURITY', 'SHRINK_BONUS'] as const;
export type SchemeMissedRule = (typeof SCHEME_MISSED_RULES)[number];

/**
 * Under 365 days in all (Companies (Acceptance of Deposits) Rules, 2014): the worst case of the
 * instalment months (31 days each) and the redemption window must stay within 364 days.
 */
export const SCHEME_MAX_DAYS = 364;
export const schemeFitsTheLaw = (instalments: number, redeemWithinDays: number) =>
  instalments * 31 + redeemWithinDays <= SCHEME_MAX_DAYS;

/** Body of POST /api/admin/schemes/plans and PUT /api/admin/schemes/plans/{planId}; rupees. */
export const schemePlanFields = z
  .object({
    name: textField('name is required').check(z.trim(), z.minLength(2), z.maxLength(120)),
    minInstalment: whole('minInstalment', 100, 1_000_000),
    step: whole('step', 1, 1_000_000),
    instalments: z._default(whole('instalments', 1, 11), 10),
    bonusPercent: whole('bonusPercent', 0, 100),
    graceDays: whole('graceDays', 0, 27),
    missedRule: z.enum(SCHEME_MISSED_RULES, 'missedRule must be MOVE_MATURITY or SHRINK_BONUS'),
    /** SHRINK_BONUS: each missed instalment takes this percentage of the full bonus away. */
    bonusCutPercent: z._default(whole('bonusCutPercent', 0, 100), 0),
    redeemWithinDays: whole('redeemWithinDays', 1, 364),
    terms: textField('terms is required').check(z.trim(), z.minLength(10), z.maxLength(4000)),
    paused: z._default(z.boolean(), false),
  })
  .check(
    z.refine((p) => schemeFitsTheLaw(p.instalments, p.redeemWithinDays), {
      message: `instalments × 31 days + redeemWithinDays must stay within ${SCHEME_MAX_DAYS} days (a scheme under 365 days in all)`,
      path: ['redeemWithinDays'],
    }),
  );
export type SchemePlanFields = z.infer<typeof schemePlanFields>;
export const schemePlanUpdateInput = z.object({
  planId: z.coerce.number('planId is required').check(z.int(), z.positive()),
  plan: schemePlanFields,
});

/** GET /api/schemes/plans: an open plan, amounts in whole rupees. */
export const schemePlan = z.object({
  id: z.number(),
  name: z.string(),
  instalments: z.number(),
  minInstalment: z.number(),
  step: z.number(),
  bonusPercent: z.number(),
  graceDays: z.number(),
  redeemWithinDays: z.number(),
  terms: z.string(),
  missedRule: z.enum(SCHEME_MISSED_RULES),
  bonusCutPercent: z.number(),
});
export type SchemePlan = z.infer<typeof schemePlan>;
export const adminSchemePlan = z.extend(schemePlan, { paused: z.boolean() });
export type AdminSchemePlan = z.infer<typeof adminSchemePlan>;

/** POST /api/schemes/enrolments. */
export const schemeEnrolInput = z.object({
  planId: z.number('planId is required').check(z.int(), z.positive()),
  instalment: whole('instalment', 1, 10_000_000),
  name: z.optional(textField().check(z.trim(), z.minLength(2), z.maxLength(120))),
  pan: z.optional(panSchema),
  nominee: z.optional(textField().check(z.trim(), z.maxLength(120))),
});
export type SchemeEnrolInput = z.infer<typeof schemeEnrolInput>;
export const schemeEnrolAnswer = z.object({ id: z.string(), paymentUrl: z.string() });

export const SCHEME_STATES = ['PENDING', 'ACTIVE', 'MATURED', 'REDEEMED', 'CLOSED'] as const;

/** GET /api/schemes/enrolments/{id}: rupees; dates are India dates (YYYY-MM-DD). */
export const schemeEnrolment = z.object({
  id: z.string(),
  plan: z.object({
    id: z.number(),
    name: z.string(),
    instalments: z.number(),
    bonusPercent: z.number(),
    graceDays: z.number(),
    missedRule: z.enum(SCHEME_MISSED_RULES),
    bonusCutPercent: z.number(),
    redeemWithinDays: z.number(),
    terms: z.string(),
  }),
  instalment: z.number(),
  holderName: z.string(),
  paid: z.array(
    z.object({
      n: z.number(),
      amount: z.number(),
      paidAt: z.string(),
      late: z.boolean(),
      /** The receipt's number (KJSR/2026-27/000001); null for one paid before receipts were numbered. */
      receiptNo: z.optional(z.nullable(z.string())),
      /** The payment provider's id of the payment (the receipt's payment reference). */
      reference: z.optional(z.nullable(z.string())),
    }),
  ),
  /** The next instalment; null once all are paid. */
  due: z.nullable(
    z.object({
      n: z.number(),
      date: z.string(),
      overdue: z.boolean(),
      paymentUrl: z.optional(z.string()),
    }),
  ),
  /** Bonus the rule gives so far (rupees, may have paise); added to the balance at maturity. */
  bonus: z.number(),
  /** What is left to spend: paid + bonus (once matured) − what orders hold or spent. */
  balance: z.number(),
  /** Rupees orders hold or spent of it (redeemed at checkout). */
  redeemed: z.optional(z.number()),
  maturesOn: z.nullable(z.string()),
  redeemBy: z.nullable(z.string()),
  state: z.enum(SCHEME_STATES),
});
export type SchemeEnrolment = z.infer<typeof schemeEnrolment>;

export const schemeEnrolmentIdInput = z.object({ enrolmentId: id('Enrolment id') });

/** The return from an instalment's payment page (GET /api/schemes/enrolments/{id}/payment). */
export const schemeReturnInput = z.object({
  enrolmentId: id('Enrolment id'),
  paymentId: providerId('payment_id'),
  paymentLinkId: z.optional(providerId('razorpay_payment_link_id')),
  status: z.optional(textField().check(z.maxLength(40))),
  signature: z.optional(textField().check(z.maxLength(200))),
  /** razorpay_payment_link_reference_id: the signed reference of the link paid. */
  referenceId: z.optional(textField().check(z.maxLength(40))),
});
export type SchemeReturnInput = z.infer<typeof schemeReturnInput>;
export const schemeReturnQuery = z.object({
  payment_id: providerId('payment_id'),
  razorpay_payment_link_id: z.optional(providerId('razorpay_payment_link_id')),
  razorpay_payment_link_status: z.optional(textField().check(z.maxLength(40))),
  razorpay_signature: z.optional(textField().check(z.maxLength(200))),
  razorpay_payment_link_reference_id: z.optional(textField().check(z.maxLength(40))),
});
export const schemeReturnAnswer = z.object({
  status: z.enum(['PAID', 'FAILED', 'PENDING', 'REFUND_PENDING']),
  enrolment: schemeEnrolment,
});

/** GET /api/admin/schemes/enrolments?filter=…: the owner's view. */
export const SCHEME_BOOK_FILTERS = ['all', 'overdue', 'maturing', 'unredeemed'] as const;
export type SchemeBookFilter = (typeof SCHEME_BOOK_FILTERS)[number];
export const schemeBookInput = z.object({
  filter: z._default(
    z.enum(SCHEME_BOOK_FILTERS, 'filter must be all, overdue, maturing or unredeemed'),
    'all',
  ),
});
/**
 * An instalment payment owed back (paid twice, after the scheme closed, the wrong amount) and
 * its refund through the provider: null until asked; failed when the provider refused every try.
 */
export const instalmentOwed = z.object({
  schemePaymentId: z.string(),
  enrolmentId: z.string(),
  planName: z.string(),
  email: z.string(),
  n: z.number(),
  /** Rupees. */
  amount: z.number(),
  note: z.nullable(z.string()),
  refund: z.nullable(z.enum(['processing', 'processed', 'failed'])),
});
export type InstalmentOwed = z.infer<typeof instalmentOwed>;

export const instalmentRefundInput = z.object({
  schemePaymentId: z.string().check(z.uuid('Instalment payment is not a valid id')),
});
export const instalmentRefundAnswer = z.object({
  schemePaymentId: z.string(),
  state: z.enum(['processing', 'processed', 'failed']),
  amount: z.number(),
  providerRefundId: z.nullable(z.string()),
});

export const schemeBook = z.object({
  enrolments: z.array(z.extend(schemeEnrolment, { email: z.string() })),
  /** Instalments owed back and their refunds (the refunded ones stay listed, as paid). */
  owedBack: z.optional(z.array(instalmentOwed)),
  collections: z.array(z.object({ month: z.string(), amount: z.number() })),
  liability: z.object({
    paid: z.number(),
    bonus: z.number(),
    redeemed: z.number(),
    total: z.number(),
  }),
});

/** POST /api/admin/schemes/enrolments/{id}/remind: the reminder mail queued by hand. */
export const schemeRemindAnswer = z.object({
  queued: z.literal(true),
  /** The instalment reminded and its due date (India date). */
  n: z.number(),
  due: z.string(),
  recipient: z.string(),
});
export type SchemeRemindAnswer = z.infer<typeof schemeRemindAnswer>;
