import * as z from 'zod/mini';
import { addressView } from '../account/views';
import { productView } from '../catalog/views';
import { priceBreakup } from '../pricing/schemas';
import { shipmentView } from '../shipments/carriers';
import { RETURN_KINDS, RETURN_STATES } from '../returns/returns';
import { PAYMENT_RETURN_STATUSES } from './schemas';
import { ORDER_STATUSES, REFUND_REASONS, REFUND_STATES } from './status';

export const orderItemView = z.object({
  _id: z.string(),
  /** Null once the product has been removed from the catalogue (the line keeps its own copy). */
  product: z.nullable(productView),
  title: z.string(),
  brand: z.string(),
  imageUrl: z.string(),
  weight: z.string(),
  size: z.string(),
  width: z.nullable(z.number()),
  quantity: z.number(),
  /** Line totals (unit × quantity), as cart items carry them. */
  price: z.number(),
  discountedPrice: z.number(),
  /** One unit's breakup as quoted when the order was placed (metal pricing); null for fixed prices. */
  priceBreakup: z.optional(z.nullable(priceBreakup)),
  /** BIS hallmark purity mark of the piece (22K916…), null for other metals. */
  hallmark: z.optional(z.nullable(z.string())),
  /** One HUID per unit, as the admin recorded them when confirming or shipping. */
  huids: z.optional(z.array(z.string())),
  /** Each unit needs a HUID to be sold (hallmarked gold of 2 g or more). */
  needsHuid: z.optional(z.boolean()),
});
export type OrderItemView = z.infer<typeof orderItemView>;

export const TENDER_KINDS = ['scheme', 'store_credit'] as const;
/**
 * A part of an order paid by a balance the shop held for the shopper (rupees): HELD while the
 * order waits for the rest, SPENT once placed, RETURNED (to the scheme or credit) on a cancel.
 */
export const orderTender = z.object({
  kind: z.enum(TENDER_KINDS),
  /** "Savings scheme: Golden Harvest" or "Store credit", as the invoice names it. */
  label: z.string(),
  amount: z.number(),
  status: z.enum(['HELD', 'SPENT', 'RETURNED']),
  enrolmentId: z.nullable(z.string()),
});
export type OrderTender = z.infer<typeof orderTender>;

/** An order as clients read it (spec section 3, design.md); admin lists carry the same. */
/** An invoice or credit note of an order: its number and download path. */
const documentLink = z.object({ number: z.string(), url: z.string() });

export const orderView = z.object({
  _id: z.string(),
  user: z.object({
    _id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
  }),
  /** The order's own copy of the address, so it has no id. */
  shippingAddress: z.omit(addressView, { _id: true }),
  orderItems: z.array(orderItemView),
  totalItem: z.number(),
  totalPrice: z.number(),
  discount: z.number(),
  totalDiscountedPrice: z.number(),
  /** ISO date-time. */
  orderDate: z.string(),
  orderStatus: z.enum(ORDER_STATUSES),
  deliveryDate: z.nullable(z.string()),
  statusNote: z.nullable(z.string()),
  /**
   * A payment of this order is owed back (sold out when paid, or cancelled after payment) and no
   * refund of it is processing or done: false once the owner asked for the refund, true again
   * when the provider reports it failed.
   */
  refundDue: z.boolean(),
  /**
   * What is owed back (rupees) and why; `state` once the owner asked the provider for it (null
   * before), with the provider's refund id once it gave one.
   */
  refund: z.nullable(
    z.object({
      reason: z.enum(REFUND_REASONS),
      amount: z.number(),
      state: z.optional(z.nullable(z.enum(REFUND_STATES))),
      providerRefundId: z.optional(z.nullable(z.string())),
    }),
  ),
  /** Tax invoice and credit note of a paid order: their numbers and download paths. */
  invoice: z.optional(z.nullable(documentLink)),
  /** The latest credit note (kept for clients that read one); creditNotes has each of them. */
  creditNote: z.optional(z.nullable(documentLink)),
  /** Every credit note, oldest first: a second return of a line's rest has a note of its own. */
  creditNotes: z.optional(z.array(documentLink)),
  /** Above the PAN threshold without the buyer's PAN: the shopper is asked for it. */
  panNeeded: z.optional(z.boolean()),
  panRecorded: z.optional(z.boolean()),
  /** Carrier, AWB, tracking page, insured value (rupees) and dispatch; null until shipped with a carrier. */
  shipment: z.optional(z.nullable(shipmentView)),
  /** A return or exchange asked and not finished (not refused, not refunded); null when none. */
  openReturn: z.optional(
    z.nullable(
      z.object({
        id: z.string(),
        state: z.enum(RETURN_STATES),
        kind: z.enum(RETURN_KINDS),
      }),
    ),
  ),
  /** Balances that paid part or all of it (a savings scheme, store credit); a link took the rest. */
  tenders: z.optional(z.array(orderTender)),
  /**
   * How it is paid: online through `provider` (the one that took the payment, else the one
   * holding its latest link; null before any link), or `cod`: cash on delivery (provider `cod`
   * once the carrier's remittance is recorded, else null).
   */
  payment: z.optional(
    z.object({ method: z.enum(['online', 'cod']), provider: z.nullable(z.string()) }),
  ),
  /**
   * The owner's only: a cash-on-delivery remittance recorded short (negative rupees) or over
   * what was due; a short one is flagged until `resolved` (with the owner's note).
   */
  codRemittance: z.optional(
    z.nullable(
      z.object({ difference: z.number(), resolved: z.boolean(), note: z.nullable(z.string()) }),
    ),
  ),
});
export type OrderView = z.infer<typeof orderView>;

/** An admin's move: applied within the wait (`done`), or queued under `jobId`. */
export const orderMoveAnswer = z.union([
  z.object({ done: z.literal(true), order: orderView }),
  z.object({ done: z.literal(false), jobId: z.string(), order: orderView }),
]);
export type OrderMoveAnswer = z.infer<typeof orderMoveAnswer>;

/** REST's 202 for a move still queued. */
export const queuedMoveAnswer = z.object({ jobId: z.string(), message: z.string() });

export const orderRemoval = z.object({ message: z.string() });

export const dashboardView = z.object({
  /** Pieces sold (Σ items of paid orders). */
  sales: z.number(),
  /** Rupees taken (Σ discounted totals of paid orders). */
  revenue: z.number(),
  customers: z.number(),
  products: z.number(),
  orders: z.number(),
  /** Revenue of the last 30 days against the 30 before, in percent (one decimal). */
  growthPercent: z.number(),
  salesByDay: z.array(z.object({ date: z.string(), revenue: z.number(), orders: z.number() })),
  recentOrders: z.array(orderView),
  recentProducts: z.array(productView),
});
export type Dashboard = z.infer<typeof dashboardView>;

export const paymentLinkAnswer = z.object({
  /** Absent only when balances (`tenders`) paid the whole order: then it is placed at once. */
  payment_link_url: z.optional(z.string()),
  payment_link_id: z.optional(z.string()),
  /** What a scheme balance or store credit paid (only when the order has such tenders). */
  tenders: z.optional(z.array(orderTender)),
  /** Rupees the link asks for: the total less the tenders (only when the order has tenders). */
  toPay: z.optional(z.number()),
  /** The order's status after this call: PLACED when the tenders paid it all. */
  orderStatus: z.optional(z.enum(ORDER_STATUSES)),
  /**
   * Only when the order was priced again for this link (its quote outlived a link's life):
   * the total before and after, in rupees; the link takes the new one.
   */
  requote: z.optional(z.object({ from: z.number(), to: z.number() })),
  /** Cash on delivery chosen: the order stays PENDING until the mailed code is given by `confirmBy` (ISO). */
  cod: z.optional(z.object({ confirmBy: z.string() })),
});
export type PaymentLinkAnswer = z.infer<typeof paymentLinkAnswer>;

export const paymentReturnAnswer = z.object({
  status: z.enum(PAYMENT_RETURN_STATUSES),
  order: orderView,
});
export type PaymentReturnAnswer = z.infer<typeof paymentReturnAnswer>;
