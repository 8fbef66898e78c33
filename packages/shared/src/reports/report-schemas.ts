import * as z from 'zod/mini';
import { ORDER_STATUSES, REFUND_REASONS, REFUND_STATES } from '../orders/status';
import { textField } from '../validation/db-values';

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** A year of 100,000 invoices is the scale a report answers in one go; longer ranges are split. */
export const MAX_REPORT_DAYS = 366;

const day = (name: string) =>
  textField(`${name} must be a date as YYYY-MM-DD`).check(
    z.regex(DAY, `${name} must be a date as YYYY-MM-DD`),
    z.refine(
      (text) =>
        !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) &&
        new Date(`${text}T00:00:00Z`).toISOString().startsWith(text),
      `${name} is not a calendar date`,
    ),
  );

/** Days in India's time, both included. */
export const reportRangeInput = z.object({ from: day('from'), to: day('to') }).check(
  z.refine((r) => r.from <= r.to, { message: 'from must not be after to', path: ['to'] }),
  z.refine((r) => (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 < MAX_REPORT_DAYS, {
    message: `A report covers at most ${MAX_REPORT_DAYS} days`,
    path: ['to'],
  }),
);
export type ReportRange = z.infer<typeof reportRangeInput>;

export const reportMonthInput = z.object({
  month: textField('month must be YYYY-MM').check(z.regex(MONTH, 'month must be YYYY-MM')),
});
export type ReportMonth = z.infer<typeof reportMonthInput>;

/**
 * Rows a report's tRPC answer carries at most, and its default page size: a range that fits
 * (most months, and a small shop's year) is answered whole as before; a longer one a page at a
 * time, its totals still over the whole range.
 */
export const REPORT_PAGE_SIZE = 5000;

/** A page of a report's long list (tRPC only; REST JSON streams every row). */
const paging = {
  /** 1-based; past the last page the list is empty. */
  page: z.optional(
    z.number().check(z.int('page must be a whole number'), z.gte(1, 'page starts at 1')),
  ),
  pageSize: z.optional(
    z
      .number()
      .check(
        z.int('pageSize must be a whole number'),
        z.gte(1, 'pageSize must be at least 1'),
        z.lte(REPORT_PAGE_SIZE, `pageSize is at most ${REPORT_PAGE_SIZE}`),
      ),
  ),
};
export interface ReportPaging {
  page?: number;
  pageSize?: number;
}
export const reportRangePageInput = z.extend(reportRangeInput, paging);
export const reportMonthPageInput = z.extend(reportMonthInput, paging);

/** Which rows of the long list an answer carries, of how many in the whole range. */
export const reportPage = z.object({
  page: z.number(),
  pageSize: z.number(),
  /** Rows of the list in the whole range (the totals cover all of them). */
  rows: z.number(),
  pages: z.number(),
});
export type ReportPage = z.infer<typeof reportPage>;

/** Amounts of a register row or total, whole rupees; a credit note's are negative. */
const amounts = {
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  total: z.number(),
};

export const salesRegisterRow = z.object({
  kind: z.enum(['invoice', 'credit-note']),
  number: z.string(),
  /** YYYY-MM-DD in India's time. */
  date: z.string(),
  buyer: z.string(),
  /** "29-Karnataka": the GST state code and name. */
  placeOfSupply: z.string(),
  /** The invoice a credit note refers to. */
  refersTo: z.nullable(z.string()),
  ...amounts,
});
export type SalesRegisterRow = z.infer<typeof salesRegisterRow>;

export const salesRegister = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(salesRegisterRow),
  totals: z.object(amounts),
  byState: z.array(z.object({ placeOfSupply: z.string(), ...amounts })),
  /** tRPC: the page of `rows` answered (REST JSON streams them all, without it). */
  page: z.optional(reportPage),
});
export type SalesRegister = z.infer<typeof salesRegister>;

export const gstr1B2cs = z.object({
  type: z.literal('OE'),
  placeOfSupply: z.string(),
  rate: z.number(),
  taxable: z.number(),
  cess: z.number(),
});
export const gstr1B2cl = z.object({
  invoiceNumber: z.string(),
  /** dd-mmm-yyyy, as the GST offline tool writes it. */
  invoiceDate: z.string(),
  invoiceValue: z.number(),
  placeOfSupply: z.string(),
  rate: z.number(),
  taxable: z.number(),
  cess: z.number(),
});
/** A credit note of a B2CL invoice (GSTR-1 table 9B, CDNUR): reported by itself, not netted. */
export const gstr1Cdnur = z.object({
  urType: z.literal('B2CL'),
  noteNumber: z.string(),
  noteDate: z.string(),
  noteType: z.literal('C'),
  invoiceNumber: z.string(),
  placeOfSupply: z.string(),
  noteValue: z.number(),
  rate: z.number(),
  taxable: z.number(),
  cess: z.number(),
});
export const gstr1Hsn = z.object({
  hsn: z.string(),
  description: z.string(),
  /** GMS (grams) or NOS (pieces). */
  uqc: z.string(),
  quantity: z.number(),
  value: z.number(),
  taxable: z.number(),
  igst: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  cess: z.number(),
});
export const gstr1Doc = z.object({
  nature: z.string(),
  from: z.string(),
  to: z.string(),
  total: z.number(),
  cancelled: z.number(),
});
export const gstr1 = z.object({
  month: z.string(),
  b2cs: z.array(gstr1B2cs),
  b2cl: z.array(gstr1B2cl),
  cdnur: z.array(gstr1Cdnur),
  hsn: z.array(gstr1Hsn),
  docs: z.array(gstr1Doc),
  /**
   * tRPC: the page of `b2cl` and `cdnur` answered (the same page of each; the summed tables are
   * whole), with each list's rows in the month. REST JSON streams them all, without it.
   */
  page: z.optional(
    z.object({
      page: z.number(),
      pageSize: z.number(),
      pages: z.number(),
      b2cl: z.number(),
      cdnur: z.number(),
    }),
  ),
});
export type Gstr1 = z.infer<typeof gstr1>;
export type Gstr1Table = 'b2cs' | 'b2cl' | 'cdnur' | 'hsn' | 'docs';
export const GSTR1_TABLES = [
  'b2cs',
  'b2cl',
  'cdnur',
  'hsn',
  'docs',
] as const satisfies readonly Gstr1Table[];

/**
 * B2CL: an inter-state invoice to an unregistered buyer above this (rupees) is reported one by
 * one. CGST Rule 59(4) as amended by Notification 12/2024-Central Tax, from 1 August 2024 (it was
 * ₹2,50,000 before).
 */
export const B2CL_THRESHOLD = 100_000;

/**
 * One payment received in the settlement's range (whole rupees): the provider's id, amount and
 * day, the order and invoice it paid (null when none: an extra payment owed back, or its order
 * deleted), the credit note reversing that invoice, and what of it was refunded or is still owed.
 * Each row balances: amount − refunded = invoiced − credited + owed.
 */
export const SETTLEMENT_MONEY_METHODS = ['online', 'cod', 'balances'] as const;
export type SettlementMoneyMethod = (typeof SETTLEMENT_MONEY_METHODS)[number];

/** The ways an invoice is paid, as the settlement groups them. */
export const SETTLEMENT_METHODS = [
  'online',
  'cod',
  'scheme',
  'store_credit',
  'exchange_credit',
] as const;
export type SettlementMethod = (typeof SETTLEMENT_METHODS)[number];

export const settlementPayment = z.object({
  provider: z.string(),
  providerPaymentId: z.string(),
  amount: z.number(),
  /** YYYY-MM-DD in India's time: when the payment was recorded. */
  date: z.string(),
  orderId: z.string(),
  /** Null when the order was deleted (a payment on a link of a deleted order). */
  orderNumber: z.nullable(z.string()),
  orderStatus: z.nullable(z.enum(ORDER_STATUSES)),
  invoice: z.nullable(z.string()),
  invoiced: z.number(),
  creditNote: z.nullable(z.string()),
  credited: z.number(),
  /** Why the money is owed back; null for a payment that placed its order. */
  refundReason: z.nullable(z.enum(REFUND_REASONS)),
  refundState: z.nullable(z.enum(REFUND_STATES)),
  providerRefundId: z.nullable(z.string()),
  /** Refunds the provider processed. */
  refunded: z.number(),
  /** Owed back and not yet processed (not asked, processing or failed). */
  owed: z.number(),
  /**
   * Store credit the customer took instead of the money (an exchanged return, credited against
   * the credit note): the shop keeps the payment and owes it as credit.
   */
  creditIssued: z.number(),
  /**
   * Store credit spent on the order beside this payment (its SPENT store-credit tender):
   * invoiced, but not paid in money.
   */
  creditSpent: z.number(),
  /** A matured savings scheme's balance spent on the order beside this payment (SPENT tender). */
  schemeSpent: z.number(),
  /**
   * How the row's money came: `online` (a payment link at `provider`), `cod` (cash the carrier
   * collected and remitted; provider `cod`), or `balances` (no money: the order's scheme and
   * store-credit tenders paid all of its invoice; provider `balances`, no payment id).
   */
  method: z.enum(SETTLEMENT_MONEY_METHODS),
  /**
   * Of `creditSpent`, the part that was credit from old gold exchanged in store (the customer's
   * credit book, spent oldest first); the rest is store credit from returns and adjustments.
   */
  exchangeCreditSpent: z.number(),
  /**
   * Of `owed`, a return's refund no provider could pay (cash on delivery): due by bank transfer,
   * not yet paid.
   */
  transferDue: z.number(),
  /** Of `refunded`, return refunds paid by bank transfer by hand, and their references. */
  transferPaid: z.number(),
  transferReference: z.nullable(z.string()),
  /**
   * A COD remittance short of the cash its invoice was due (the carrier still owes it, or it was
   * written off) or over it (owed back to the carrier), rupees; with `shortResolved` once the
   * owner resolved a short one. received = invoiced − short + over on such a row.
   */
  remittanceShort: z.number(),
  remittanceOver: z.number(),
  shortResolved: z.nullable(z.boolean()),
});
export type SettlementPayment = z.infer<typeof settlementPayment>;

export const settlementInvoice = z.object({
  number: z.string(),
  date: z.string(),
  orderId: z.string(),
  total: z.number(),
});
export type SettlementInvoice = z.infer<typeof settlementInvoice>;

export const settlementTotals = z.object({
  received: z.number(),
  refunded: z.number(),
  invoiced: z.number(),
  credited: z.number(),
  owed: z.number(),
  creditIssued: z.number(),
  creditSpent: z.number(),
  schemeSpent: z.number(),
  /** COD remittances short of, and over, the cash due (see `remittanceShort`). */
  codShort: z.number(),
  codOver: z.number(),
});
export type SettlementTotals = z.infer<typeof settlementTotals>;

/**
 * What one method (and, for money, one provider) paid of the invoices: money received, refunded,
 * still owed back and kept as store credit, and `net`, the part of invoiced − credited it paid
 * (money: received − refunded − owed − creditIssued; a balance: what it spent).
 */
export const settlementGroup = z.object({
  method: z.enum(SETTLEMENT_METHODS),
  /** The payment provider (online) or `cod`; null for a balance. */
  provider: z.nullable(z.string()),
  /** Settlement rows (payments, or orders paid wholly by balances) in the group. */
  rows: z.number(),
  received: z.number(),
  refunded: z.number(),
  owed: z.number(),
  creditIssued: z.number(),
  /** COD only: remitted short of, and over, the cash due (net counts the cash due). */
  short: z.number(),
  over: z.number(),
  net: z.number(),
});
export type SettlementGroup = z.infer<typeof settlementGroup>;

/**
 * A savings-scheme instalment recorded as owed back (paid twice, after the scheme closed, the
 * wrong amount) and received in the range: what the provider refunded of it and what is owed.
 */
export const settlementInstalment = z.object({
  schemePaymentId: z.string(),
  enrolmentId: z.string(),
  plan: z.string(),
  n: z.number(),
  provider: z.string(),
  providerPaymentId: z.string(),
  amount: z.number(),
  date: z.string(),
  note: z.nullable(z.string()),
  refundState: z.nullable(z.enum(REFUND_STATES)),
  providerRefundId: z.nullable(z.string()),
  refunded: z.number(),
  owed: z.number(),
});
export type SettlementInstalment = z.infer<typeof settlementInstalment>;

/** The settlement of a range: payments matched to orders and invoices, and what is not. */
export const settlement = z.object({
  from: z.string(),
  to: z.string(),
  payments: z.array(settlementPayment),
  /** Payments with no invoice: owed back (extra, late, wrong amount) or of a deleted order. */
  unmatched: z.array(settlementPayment),
  /** Invoices issued in the range that no payment received paid, nor its order's tenders. */
  invoicesWithoutPayment: z.array(settlementInvoice),
  /** Owed and not being refunded: not asked yet, or failed at the provider. */
  refundsDue: z.array(settlementPayment),
  /** Refunded by the provider. */
  refundsPaid: z.array(settlementPayment),
  totals: settlementTotals,
  /**
   * received − refunded = invoiced − credited + owed + creditIssued − creditSpent − schemeSpent
   * − codShort + codOver, to the rupee.
   */
  balances: z.boolean(),
  /**
   * Per method: online by provider, COD (the carrier's remittances), savings scheme, store
   * credit, exchange credit; every method is listed, with zeros when none paid. Their `net`
   * adds up to invoiced − credited (`balancesByMethod`).
   */
  byMethod: z.array(settlementGroup),
  /** Per provider (`cod` included): the money groups of `byMethod` summed by provider. */
  byProvider: z.array(settlementGroup),
  /** Σ byMethod[].net = invoiced − credited, to the rupee. */
  balancesByMethod: z.boolean(),
  /**
   * Instalments owed back received in the range (not sales: no invoice), with their own sums:
   * received − refunded = owed.
   */
  instalmentsOwedBack: z.array(settlementInstalment),
  instalmentTotals: z.object({ received: z.number(), refunded: z.number(), owed: z.number() }),
  /**
   * tRPC: the page of `payments` and of `invoicesWithoutPayment` answered (the same page of
   * each), with each list's rows in the range. REST JSON streams them all, without it.
   */
  page: z.optional(z.extend(reportPage, { invoicesWithoutPayment: z.number() })),
});
export type Settlement = z.infer<typeof settlement>;
