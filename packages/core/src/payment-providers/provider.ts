import { createHmac, timingSafeEqual } from 'node:crypto';

export interface CreateLinkRequest {
  orderId: string;
  /** Whole rupees. */
  amount: number;
  description: string;
  customer: { name: string; email: string; contact: string };
  /** Where the provider sends the shopper back: `${origin}/payment/{orderId}`. */
  callbackUrl: string;
  /** The server's own origin, for providers that host their page here (sandbox). */
  serverOrigin: string;
  /** When the link stops taking payments (Razorpay's expire_by; the sandbox page checks it too). */
  expiresAt: Date;
}

export interface PaymentLink {
  id: string;
  url: string;
}

/** A payment as the provider reports it when asked (never as the browser claims it). */
export interface ProviderPayment {
  id: string;
  status: 'captured' | 'authorized' | 'failed' | 'created';
  /** Whole rupees; null when the provider does not say. */
  amount: number | null;
  /** Which of the order's links it was made through; null when none of them. */
  paymentLinkId: string | null;
  /** When the payment was made, if the provider says (judged against the link's expiry). */
  madeAt: Date | null;
}

/** What cancelling a link found: closed now (or already), or paid before it could be. */
export type LinkCancellation = 'cancelled' | 'paid';

/** A refund asked of the provider: part or all of one captured payment. */
export interface RefundRequest {
  /** The provider's payment id. */
  paymentId: string;
  /** Whole rupees. */
  amount: number;
  /**
   * The same key asks for the same refund (Razorpay's X-Refund-Idempotency: at least 10
   * characters of letters, digits, `-` and `_`): a re-run after a crash joins the first ask.
   */
  idempotencyKey: string;
  notes: Record<string, string>;
}

/** A refund as the provider reports it (Razorpay's `pending` is processing). */
export interface ProviderRefund {
  /** Null when the provider refused before making a refund (unknown payment, amount too high). */
  id: string | null;
  status: 'processing' | 'processed' | 'failed';
  /** Why it failed, when the provider says. */
  failure: string | null;
}

/** What a signed webhook tells us; null for events we do not act on. */
export interface WebhookPayment {
  orderId: string;
  paymentId: string;
  paymentLinkId: string | null;
}

/** The providers this shop can take payments through (PAYMENT_PROVIDERS names them). */
export const PROVIDER_NAMES = ['sandbox', 'razorpay', 'cashfree'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/**
 * Creating a link failed because of what the shopper gave (a contact the provider will not
 * take): another provider is not tried, and the shopper is told.
 */
export class ShopperRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ShopperRefused';
  }
}

/** One interface for every payment provider; the worker verifies through fetchPayment. */
export interface PaymentProvider {
  readonly name: ProviderName;
  /** The request headers its webhook carries the signature (and its timestamp, if any) in. */
  readonly webhookHeaders: { signature: string; timestamp?: string };
  createLink(request: CreateLinkRequest): Promise<PaymentLink>;
  /** Stops the link taking payments (its order was deleted or cancelled); throws when unreachable. */
  cancelLink(linkId: string): Promise<LinkCancellation>;
  /**
   * The payment as the provider knows it, or null when it does not exist. `paymentLinkId` is
   * the one of `orderLinkIds` (the order's own links) the payment was made through, else null.
   */
  fetchPayment(paymentId: string, orderLinkIds: string[]): Promise<ProviderPayment | null>;
  /**
   * Every payment the provider knows was made through a link (reconciliation: a return and a
   * webhook may both be lost). Empty when none, or when the provider keeps no such record.
   */
  linkPayments(linkId: string): Promise<ProviderPayment[]>;
  /**
   * Refunds (part of) a captured payment, once per idempotency key. A refusal (unknown payment,
   * amount above what is left) answers a failed refund; throws only when the provider cannot be
   * asked now (unreachable, 5xx, a concurrent ask with the same key): the caller tries again.
   */
  refund(request: RefundRequest): Promise<ProviderRefund>;
  /** A refund asked before, as it stands now; null when the provider does not know it. */
  fetchRefund(paymentId: string, refundId: string): Promise<ProviderRefund | null>;
  /** Signature of a webhook body (raw bytes, as received), and its timestamp when signed too. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined, timestamp?: string): boolean;
  parseWebhook(rawBody: Buffer): WebhookPayment | null;
  /** Signature on the return URL: payment_link_id|reference_id|status|payment_id. */
  verifyReturnSignature(params: ReturnParams, signature: string): boolean;
}

export interface ReturnParams {
  paymentLinkId: string;
  referenceId: string;
  status: string;
  paymentId: string;
}

export const hmacHex = (secret: string, data: string | Buffer) =>
  createHmac('sha256', secret).update(data).digest('hex');

/** Constant-time comparison of two hex signatures. */
export function sameSignature(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const returnSignaturePayload = (p: ReturnParams) =>
  `${p.paymentLinkId}|${p.referenceId}|${p.status}|${p.paymentId}`;
