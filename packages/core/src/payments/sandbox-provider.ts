import { randomBytes } from 'node:crypto';
import {
  hmacHex,
  returnSignaturePayload,
  sameSignature,
  type PaymentProvider,
  type RefundRequest,
  type ReturnParams,
} from '../payment-providers';
import type { SandboxRefundStore } from './sandbox-refunds';

const LINK = /^plink_sbx_([A-Za-z0-9]{16})$/;
const PAYMENT = /^pay_sbx_(paid|failed)_([A-Za-z0-9]{16})_([0-9a-f]{16})$/;

/**
 * The built-in provider: links point at the server's own hosted page (/sandbox-pay/{id}).
 * Payment ids are derived from the link and the outcome and signed with a secret shared by
 * server and worker, so the worker can verify one without any shared state, and pressing Pay
 * twice yields the same payment id (applied once).
 */
export function createSandboxProvider(
  secret: string,
  /** Where refunds are recorded (sandboxRefundStore); without one, refunds cannot be asked. */
  refunds?: SandboxRefundStore,
): PaymentProvider & {
  paymentIdFor(linkId: string, outcome: 'paid' | 'failed'): string;
  returnQuery(args: {
    orderId: string;
    linkId: string;
    outcome: 'paid' | 'failed';
  }): URLSearchParams;
} {
  const mac = (outcome: string, token: string) =>
    hmacHex(secret, `sandbox|${outcome}|${token}`).slice(0, 16);
  const provider = {
    name: 'sandbox' as const,
    webhookHeaders: { signature: 'x-razorpay-signature' },
    async createLink(request: { serverOrigin: string; callbackUrl: string }) {
      const token = randomBytes(12)
        .toString('base64url')
        .replace(/[^A-Za-z0-9]/g, '')
        .padEnd(16, '0')
        .slice(0, 16);
      const id = `plink_sbx_${token}`;
      // Like Razorpay's callback_url: the hosted page sends the shopper back there (checked by the page).
      return {
        id,
        url: `${request.serverOrigin}/sandbox-pay/${id}?callback=${encodeURIComponent(request.callbackUrl)}`,
      };
    },
    paymentIdFor(linkId: string, outcome: 'paid' | 'failed') {
      const token = LINK.exec(linkId)?.[1];
      if (!token) throw new Error(`Not a sandbox payment link: ${linkId}`);
      return `pay_sbx_${outcome}_${token}_${mac(outcome, token)}`;
    },
    async fetchPayment(paymentId: string, orderLinkIds: string[]) {
      const match = PAYMENT.exec(paymentId);
      if (!match || !sameSignature(mac(match[1]!, match[2]!), match[3])) return null;
      return {
        id: paymentId,
        status: match[1] === 'paid' ? ('captured' as const) : ('failed' as const),
        amount: null,
        paymentLinkId: orderLinkIds.includes(`plink_sbx_${match[2]}`)
          ? `plink_sbx_${match[2]}`
          : null,
        // The hosted page refuses a closed link, so a press it allowed was made in time.
        madeAt: null,
      };
    },
    // The hosted page reads the link's row (CANCELLED or past its expiry: no Pay button).
    async cancelLink() {
      return 'cancelled' as const;
    },
    // The hosted page keeps no record of a press (its payment ids are derived, not stored), so
    // there is nothing to reconcile: a lost sandbox return moves no money.
    async linkPayments() {
      return [];
    },
    async refund(request: RefundRequest) {
      const match = PAYMENT.exec(request.paymentId);
      if (!match || match[1] !== 'paid' || !sameSignature(mac('paid', match[2]!), match[3]))
        return {
          id: null,
          status: 'failed' as const,
          failure: `No captured sandbox payment ${request.paymentId}`,
        };
      if (!refunds) throw new Error('This sandbox provider was made without a refund store');
      return refunds.refund(request);
    },
    async fetchRefund(_paymentId: string, refundId: string) {
      if (!refunds) throw new Error('This sandbox provider was made without a refund store');
      return refunds.fetch(refundId);
    },
    verifyWebhook(rawBody: Buffer, signature: string | undefined) {
      return sameSignature(hmacHex(secret, rawBody), signature);
    },
    parseWebhook() {
      return null;
    },
    verifyReturnSignature(params: ReturnParams, signature: string) {
      return sameSignature(hmacHex(secret, returnSignaturePayload(params)), signature);
    },
    /** The query the hosted page sends the shopper back with (Razorpay's parameter names). */
    returnQuery({
      orderId,
      linkId,
      outcome,
    }: {
      orderId: string;
      linkId: string;
      outcome: 'paid' | 'failed';
    }) {
      const paymentId = provider.paymentIdFor(linkId, outcome);
      const params = { paymentLinkId: linkId, referenceId: orderId, status: outcome, paymentId };
      return new URLSearchParams({
        razorpay_payment_id: paymentId,
        razorpay_payment_link_id: linkId,
        razorpay_payment_link_reference_id: orderId,
        razorpay_payment_link_status: outcome,
        razorpay_signature: hmacHex(secret, returnSignaturePayload(params)),
      });
    },
  };
  return provider;
}
