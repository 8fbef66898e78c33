import * as z from 'zod/mini';
import { ORDER_STATUSES, REFUND_REASONS, REFUND_STATES } from './status';
import { orderView } from './views';

/** The order number the shop shows everywhere: the id's first 8 hex digits, upper case. */
export const orderNumberOf = (orderId: string) => orderId.slice(0, 8).toUpperCase();

/** A payment row as the admin reads it: CANCELLED/EXPIRED links took no money. */
export const PAYMENT_STATUSES = [
  'CREATED',
  'PAID',
  'FAILED',
  'REFUND_PENDING',
  'CANCELLED',
  'EXPIRED',
] as const;

export const adminOrderPayment = z.object({
  _id: z.string(),
  provider: z.string(),
  paymentLinkId: z.string(),
  providerPaymentId: z.nullable(z.string()),
  amount: z.number(),
  status: z.enum(PAYMENT_STATUSES),
  refundReason: z.nullable(z.enum(REFUND_REASONS)),
  /**
   * The payment's latest refund asked of the provider (owed back, or a return's): where it
   * stands and the provider's refund id once it gave one; null when none was asked.
   */
  refund: z.optional(
    z.nullable(
      z.object({
        state: z.enum(REFUND_STATES),
        amount: z.number(),
        providerRefundId: z.nullable(z.string()),
      }),
    ),
  ),
  note: z.nullable(z.string()),
  /** ISO date-times. */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminOrderPayment = z.infer<typeof adminOrderPayment>;

/** One move of the order, from order_events: who (actor kind and, for a person, their name), from→to, why. */
export const adminOrderEvent = z.object({
  _id: z.string(),
  /** 'admin', 'customer', 'payment' or 'system'. */
  actor: z.string(),
  actorName: z.nullable(z.string()),
  from: z.nullable(z.enum(ORDER_STATUSES)),
  to: z.enum(ORDER_STATUSES),
  note: z.nullable(z.string()),
  at: z.string(),
});
export type AdminOrderEvent = z.infer<typeof adminOrderEvent>;

/** What the owner needs to fulfil one order: the order, who and where, the money and the history. */
export const adminOrderDetail = z.object({
  order: orderView,
  orderNumber: z.string(),
  customer: z.object({
    _id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    mobile: z.nullable(z.string()),
  }),
  /** When the order was paid (its move out of PENDING), if it was. */
  paidAt: z.nullable(z.string()),
  payments: z.array(adminOrderPayment),
  /** Oldest first. */
  events: z.array(adminOrderEvent),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;
