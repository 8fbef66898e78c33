import { createHmac } from 'node:crypto';
import { ProviderUnavailable } from '../common';
import { newLinkReference, referenceOwner } from './link-reference';
import {
  sameSignature,
  ShopperRefused,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
} from '../payment-providers';

export interface CashfreeSettings {
  clientId: string;
  clientSecret: string;
  /** https://api.cashfree.com (sandbox: https://sandbox.cashfree.com), or a local fake in tests. */
  apiUrl: string;
  /** The x-api-version header: the API's shape this adapter reads. */
  apiVersion: string;
}

interface CashfreeError {
  message?: string;
  code?: string;
  type?: string;
}
interface CashfreeLink extends CashfreeError {
  link_id?: string;
  link_url?: string;
  /** ACTIVE, PARTIALLY_PAID, PAID, EXPIRED, TERMINATED or CANCELLED. */
  link_status?: string;
}
interface CashfreeOrder {
  order_id: string;
  order_status?: string;
}
interface CashfreePayment {
  cf_payment_id: number | string;
  order_id?: string;
  /** SUCCESS, FAILED, PENDING, USER_DROPPED, NOT_ATTEMPTED, CANCELLED, VOID. */
  payment_status?: string;
  /** Rupees, with paise as decimals. */
  payment_amount?: number;
  payment_time?: string;
  payment_completion_time?: string;
}
interface CashfreeRefund extends CashfreeError {
  refund_id?: string;
  /** SUCCESS, PENDING, CANCELLED or ONHOLD. */
  refund_status?: string;
  status_description?: string;
}

/**
 * A Cashfree payment is addressed through its order (a link makes one order per attempt), so our
 * payment id carries both: `cfp_{cf_payment_id}_{order_id}`. Refunds need the order's id.
 */
const PAYMENT = /^cfp_(\d{1,30})_([A-Za-z0-9_-]{1,80})$/;
export const cashfreePaymentId = (cfPaymentId: number | string, cfOrderId: string) =>
  `cfp_${cfPaymentId}_${cfOrderId}`;

const statusOf = (s: string | undefined): ProviderPayment['status'] =>
  s === 'SUCCESS' ? 'captured' : s === 'FAILED' || s === 'USER_DROPPED' ? 'failed' : 'created';

function toRefund(body: CashfreeRefund): ProviderRefund | null {
  if (!body.refund_id) return null;
  const status =
    body.refund_status === 'SUCCESS'
      ? 'processed'
      : body.refund_status === 'CANCELLED'
        ? 'failed'
        : 'processing';
  return {
    id: body.refund_id,
    status,
    failure:
      status === 'failed' ? (body.status_description ?? 'refund cancelled at Cashfree') : null,
  };
}

/**
 * Cashfree payment links (https://www.cashfree.com/docs/api-reference/payments/latest/payment-links),
 * amounts in rupees. The link id is ours (unique per link, naming the order), and the return URL
 * carries Razorpay's parameter names with the link id in place of the payment's (Cashfree's
 * return names no payment): the /payment/{orderId} page works unchanged, and the worker asks
 * Cashfree which payment the link took.
 */
export function createCashfreeProvider(settings: CashfreeSettings): PaymentProvider {
  const base = settings.apiUrl.replace(/\/$/, '');

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        'x-client-id': settings.clientId,
        'x-client-secret': settings.clientSecret,
        'x-api-version': settings.apiVersion,
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    if (response.status >= 500)
      throw new Error(`Cashfree ${method} ${path} answered ${response.status}`);
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      throw new Error(`Cashfree ${method} ${path} answered ${response.status} with no JSON`);
    }
    return { status: response.status, body: parsed as T };
  }
  const linkPath = (linkId: string) => `/pg/links/${encodeURIComponent(linkId)}`;
  const orderPath = (orderId: string) => `/pg/orders/${encodeURIComponent(orderId)}`;

  /** The orders a link made (one per attempt); [] for a link Cashfree does not know. */
  async function linkOrders(linkId: string): Promise<CashfreeOrder[] | null> {
    const { status, body } = await call<CashfreeOrder[]>(
      'GET',
      `${linkPath(linkId)}/orders?status=ALL`,
    );
    if (status === 404 || status === 400) return null;
    if (status >= 300) throw new Error(`Cashfree link orders answered ${status}`);
    return Array.isArray(body) ? body : [];
  }

  const toPayment = (p: CashfreePayment, orderId: string, linkId: string | null) => {
    const at = p.payment_completion_time ?? p.payment_time;
    return {
      id: cashfreePaymentId(p.cf_payment_id, orderId),
      status: statusOf(p.payment_status),
      amount: typeof p.payment_amount === 'number' ? Math.round(p.payment_amount) : null,
      paymentLinkId: linkId,
      madeAt: at ? new Date(at) : null,
    } satisfies ProviderPayment;
  };

  async function linkPayments(linkId: string): Promise<ProviderPayment[]> {
    const orders = await linkOrders(linkId);
    if (!orders) return [];
    const found: ProviderPayment[] = [];
    for (const order of orders) {
      const { status, body } = await call<CashfreePayment[]>(
        'GET',
        `${orderPath(order.order_id)}/payments`,
      );
      if (status === 404) continue;
      if (status >= 300) throw new Error(`Cashfree order payments answered ${status}`);
      for (const p of Array.isArray(body) ? body : [])
        found.push(toPayment(p, order.order_id, linkId));
    }
    return found;
  }

  /** Cashfree's refund API keys a refund by our id: asking twice finds the first. */
  async function readRefund(cfOrderId: string, refundId: string) {
    return call<CashfreeRefund>(
      'GET',
      `${orderPath(cfOrderId)}/refunds/${encodeURIComponent(refundId)}`,
    );
  }

  return {
    name: 'cashfree',
    webhookHeaders: { signature: 'x-webhook-signature', timestamp: 'x-webhook-timestamp' },
    async createLink(request) {
      const linkId = newLinkReference(request.orderId);
      const back = new URL(request.callbackUrl);
      back.searchParams.set('razorpay_payment_id', linkId);
      back.searchParams.set('razorpay_payment_link_id', linkId);
      const { status, body } = await call<CashfreeLink>('POST', '/pg/links', {
        link_id: linkId,
        link_amount: request.amount,
        link_currency: 'INR',
        link_purpose: request.description,
        customer_details: {
          customer_name: request.customer.name,
          customer_email: request.customer.email,
          customer_phone: request.customer.contact,
        },
        link_partial_payments: false,
        link_notify: { send_sms: false, send_email: false },
        link_auto_reminders: false,
        link_expiry_time: request.expiresAt.toISOString(),
        link_notes: { order_id: request.orderId },
        link_meta: {
          return_url: back.toString(),
          notify_url: `${request.serverOrigin}/api/payment/webhook/cashfree`,
        },
      });
      if (status === 400 && /customer/.test(`${body.code ?? ''} ${body.message ?? ''}`))
        throw new ShopperRefused(
          `The payment provider refused the contact details: ${body.message ?? body.code}`,
        );
      if (status >= 300 || !body.link_url)
        throw new Error(
          `Cashfree refused the payment link (${status}): ${body.message ?? 'no reason given'}`,
        );
      return { id: body.link_id ?? linkId, url: body.link_url };
    },
    async cancelLink(linkId) {
      const cancel = await call<CashfreeLink>('POST', `${linkPath(linkId)}/cancel`);
      if (cancel.status < 300) return 'cancelled';
      // Cashfree refuses to cancel a link that is paid, expired or cancelled: ask which.
      const link = await call<CashfreeLink>('GET', linkPath(linkId));
      if (link.status === 404) return 'cancelled';
      if (link.status >= 300)
        throw new Error(`Cashfree payment link fetch answered ${link.status}`);
      const state = link.body.link_status;
      if (state === 'PAID' || state === 'PARTIALLY_PAID') return 'paid';
      if (state === 'CANCELLED' || state === 'EXPIRED' || state === 'TERMINATED')
        return 'cancelled';
      throw new Error(`Cashfree would not cancel payment link ${linkId} (${cancel.status})`);
    },
    linkPayments,
    async fetchPayment(paymentId, orderLinkIds) {
      const match = PAYMENT.exec(paymentId);
      if (!match) {
        // A return from Cashfree names the link: the payment it took, the latest attempt, or
        // none yet (PENDING until the webhook or reconciliation finds it).
        if (!orderLinkIds.includes(paymentId)) return null;
        const payments = await linkPayments(paymentId);
        return (
          payments.find((p) => p.status === 'captured') ??
          payments.at(-1) ?? {
            id: paymentId,
            status: 'created',
            amount: null,
            paymentLinkId: paymentId,
            madeAt: null,
          }
        );
      }
      const [, cfPaymentId, cfOrderId] = match as unknown as [string, string, string];
      const { status, body } = await call<CashfreePayment>(
        'GET',
        `${orderPath(cfOrderId)}/payments/${encodeURIComponent(cfPaymentId)}`,
      );
      if (status === 404 || status === 400) return null;
      if (status >= 300) throw new Error(`Cashfree payment fetch answered ${status}`);
      // A payment's order says which link made it: find it among the order's links.
      let paymentLinkId: string | null = null;
      for (const linkId of orderLinkIds) {
        const orders = await linkOrders(linkId);
        if (orders?.some((o) => o.order_id === cfOrderId)) {
          paymentLinkId = linkId;
          break;
        }
      }
      return toPayment(body, cfOrderId, paymentLinkId);
    },
    async refund(request) {
      const match = PAYMENT.exec(request.paymentId);
      if (!match)
        return {
          id: null,
          status: 'failed',
          failure: `No Cashfree payment ${request.paymentId}`,
        };
      const cfOrderId = match[2]!;
      let answer: { status: number; body: CashfreeRefund };
      try {
        answer = await call<CashfreeRefund>('POST', `${orderPath(cfOrderId)}/refunds`, {
          refund_amount: request.amount,
          // Cashfree keeps refund_id unique per order: a re-run after a crash finds the first.
          refund_id: request.idempotencyKey,
          refund_note: request.notes.reason ?? 'Refund',
          refund_speed: 'STANDARD',
        });
        if (answer.status === 409) answer = await readRefund(cfOrderId, request.idempotencyKey);
      } catch (error) {
        throw new ProviderUnavailable(`Cashfree refund not asked: ${(error as Error).message}`, {
          cause: error,
        });
      }
      if (answer.status === 429)
        throw new ProviderUnavailable('Cashfree refund answered 429: try again');
      const refund = answer.status < 300 ? toRefund(answer.body) : null;
      if (refund) return refund;
      return {
        id: null,
        status: 'failed',
        failure: `Cashfree refused the refund (${answer.status}): ${answer.body.message ?? 'no reason given'}`,
      };
    },
    async fetchRefund(paymentId, refundId) {
      const match = PAYMENT.exec(paymentId);
      if (!match) return null;
      let answer: { status: number; body: CashfreeRefund };
      try {
        answer = await readRefund(match[2]!, refundId);
      } catch (error) {
        throw new ProviderUnavailable(`Cashfree refund not fetched: ${(error as Error).message}`, {
          cause: error,
        });
      }
      if (answer.status === 400 || answer.status === 404) return null;
      if (answer.status >= 300)
        throw new ProviderUnavailable(`Cashfree refund fetch answered ${answer.status}`);
      return toRefund(answer.body);
    },
    // x-webhook-signature = base64(HMAC-SHA256(secret, x-webhook-timestamp + raw body)).
    verifyWebhook(rawBody, signature, timestamp) {
      if (!timestamp) return false;
      const expected = createHmac('sha256', settings.clientSecret)
        .update(timestamp)
        .update(rawBody)
        .digest('base64');
      return sameSignature(expected, signature);
    },
    parseWebhook(rawBody) {
      const event = JSON.parse(rawBody.toString('utf8')) as {
        type?: string;
        data?: {
          link_id?: string;
          link_status?: string;
          link_notes?: { order_id?: string };
          order?: {
            order_id?: string;
            transaction_id?: number | string;
            transaction_status?: string;
          };
        };
      };
      if (event.type !== 'PAYMENT_LINK_EVENT') return null;
      const data = event.data;
      const order = data?.order;
      if (order?.transaction_status !== 'SUCCESS' || !order.order_id) return null;
      if (order.transaction_id === undefined || order.transaction_id === null) return null;
      const orderId =
        data?.link_notes?.order_id ?? referenceOwner(data?.link_id) ?? data?.link_id ?? null;
      if (!orderId) return null;
      return {
        orderId,
        paymentId: cashfreePaymentId(order.transaction_id, order.order_id),
        paymentLinkId: data?.link_id ?? null,
      };
    },
    // Cashfree signs no return: the worker asks Cashfree about the link instead.
    verifyReturnSignature() {
      return false;
    },
  };
}
