import * as z from 'zod/mini';
import { addressInput } from '../account/address';
import { huidsInput } from '../hallmark/hallmark';
import { panSchema } from '../invoices/gst';
import { awbSchema } from '../shipments/carriers';
import { textField } from '../validation/db-values';

const id = (what: string) =>
  textField(`${what} is required`).check(z.maxLength(100, `${what} is not valid`));

/**
 * Body of POST /api/orders/ and input of orders.create: the delivery address, and the buyer's
 * PAN when the order is above ₹2,00,000 (the storefront asks; REST clients that know no PAN
 * place the order all the same, marked "PAN needed").
 */
export const createOrderInput = z.extend(addressInput, { pan: z.optional(panSchema) });

/** The buyer's PAN recorded after the order (PUT /api/orders/{orderId}/pan). */
export const orderPanInput = z.object({ orderId: id('Order id'), pan: panSchema });

export const orderIdInput = z.object({ orderId: id('Order id') });

/** An admin's move of an order: `action` is the REST path segment (confirmed, ship, deliver, cancel). */
export const orderMoveInput = z.object({
  orderId: id('Order id'),
  action: z.enum(
    ['confirmed', 'ship', 'deliver', 'cancel'],
    'action must be one of confirmed, ship, deliver, cancel',
  ),
  /** HUIDs of the order's gold pieces by order item id, typed when confirming or shipping. */
  huids: z.optional(huidsInput),
  /** Shipping only: the courier's code (GET /api/admin/carriers) and its AWB number. */
  carrier: z.optional(
    textField('carrier is a carrier code such as bluedart').check(
      z.maxLength(30, 'Unknown carrier'),
    ),
  ),
  awb: z.optional(awbSchema),
  /**
   * Shipping hallmarked gold without its HUIDs, and why: refused by a production shop; a
   * sandbox or development shop keeps the reason on the ship's event and the invoice.
   */
  huidSkipReason: z.optional(
    textField('huidSkipReason is a sentence saying why the HUIDs are not recorded').check(
      z.trim(),
      z.minLength(5, 'Say why the HUIDs are not recorded (5 characters at least)'),
      z.maxLength(200, 'The reason is 200 characters at most'),
      z.refine(
        (text) => !text.includes('\u0000'),
        'The reason holds a character that cannot be stored',
      ),
    ),
  ),
});
export type OrderMoveInput = z.infer<typeof orderMoveInput>;

/** HUIDs recorded on a paid order without moving it (a piece shipped before they were typed). */
export const orderHuidsInput = z.object({ orderId: id('Order id'), huids: huidsInput });
export type OrderHuidsInput = z.infer<typeof orderHuidsInput>;

/** Provider payment ids travel in URLs and job ids: letters, digits, _ and - only. */
const providerId = (what: string) =>
  textField(`${what} is required`).check(
    z.trim(),
    z.regex(/^[A-Za-z0-9_-]{1,120}$/, `${what} is not valid`),
  );

/**
 * POST /api/payment/{orderId}: an optional body spends a balance the shop holds for the shopper
 * on the order first (a matured savings scheme, or store credit); the payment
 * link then asks only for the rest.
 */
export const createPaymentInput = z.object({
  orderId: id('Order id'),
  // Checked here: an id that is not a UUID never reaches PostgreSQL's uuid column (a 500).
  schemeEnrolmentId: z.optional(
    textField('schemeEnrolmentId is not valid').check(
      z.regex(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
        'schemeEnrolmentId is not valid',
      ),
    ),
  ),
  useStoreCredit: z.optional(z.boolean('useStoreCredit must be true or false')),
  /** `cod`: cash on delivery, confirmed by a mailed code (default `online`: a payment link). */
  method: z.optional(z.enum(['online', 'cod'], 'method must be online or cod')),
});
export type CreatePaymentInput = z.infer<typeof createPaymentInput>;

/** The shopper's return from the payment page (GET /api/payment and payments.confirmReturn). */
export const paymentReturnInput = z.object({
  orderId: id('order_id'),
  paymentId: providerId('payment_id'),
  paymentLinkId: z.optional(providerId('razorpay_payment_link_id')),
  status: z.optional(
    z.enum(['paid', 'failed', 'created', 'cancelled', 'expired', 'partially_paid']),
  ),
  signature: z.optional(textField().check(z.maxLength(200))),
  /** razorpay_payment_link_reference_id: the signed reference of the link paid. */
  referenceId: z.optional(textField().check(z.maxLength(40))),
});
export type PaymentReturnInput = z.infer<typeof paymentReturnInput>;

/** Query of GET /api/payment: the names clients send. */
export const paymentReturnQuery = z.object({
  payment_id: providerId('payment_id'),
  order_id: id('order_id'),
  razorpay_payment_link_id: z.optional(providerId('razorpay_payment_link_id')),
  razorpay_payment_link_status: z.optional(textField().check(z.maxLength(40))),
  razorpay_signature: z.optional(textField().check(z.maxLength(200))),
});

/** REFUND_PENDING: the shopper paid but the order could not be placed (sold out): a refund is due. */
export const PAYMENT_RETURN_STATUSES = ['PAID', 'FAILED', 'PENDING', 'REFUND_PENDING'] as const;
export type PaymentReturnStatus = (typeof PAYMENT_RETURN_STATUSES)[number];

/** GET /api/checkout/options?orderId=: how the shopper's order can be paid now. */
export const checkoutOptionsView = z.object({
  /** Online providers in the order a link would be tried now (those skipped for a cool-off last). */
  online: z.object({ providers: z.array(z.string()) }),
  /**
   * Cash on delivery: `reason` says why not when it is not available; the cap in rupees; the fee
   * added for it (invoiced as its own line) and what the courier collects with it, in rupees.
   */
  cod: z.object({
    available: z.boolean(),
    reason: z.optional(z.string()),
    maxRupees: z.number(),
    feeRupees: z.number(),
    payOnDeliveryRupees: z.number(),
  }),
});
export type CheckoutOptionsView = z.infer<typeof checkoutOptionsView>;
