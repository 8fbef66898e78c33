import { ProviderUnavailable } from '../common';
import { newLinkReference, referenceOwner } from './link-reference';
import {
  hmacHex,
  returnSignaturePayload,
  ShopperRefused,
  sameSignature,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
  type ReturnParams,
} from '../payment-providers';

export interface RazorpaySettings {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** https://api.razorpay.com, or a local fake in tests. */
  apiUrl: string;
}

interface RazorpayPayment {
  id: string;
  amount: number;
  status: string;
  /** Unix seconds. */
  created_at?: number;
}
interface RazorpayLink {
  id: string;
  short_url: string;
  status?: string;
  reference_id?: string;
  payments?: { payment_id: string; status: string; amount?: number; created_at?: number }[] | null;
}

interface RazorpayRefund {
  id?: string;
  /** pending, processed or failed. */
  status?: string;
  error?: { description?: string };
}

/** Razorpay's refund entity as the provider interface reports it; null when it has no id. */
function toRefund(body: RazorpayRefund): ProviderRefund | null {
  if (!body.id) return null;
  const status =
    body.status === 'processed' ? 'processed' : body.status === 'failed' ? 'failed' : 'processing';
  return {
    id: body.id,
    status,
    failure: status === 'failed' ? (body.error?.description ?? 'refund failed at Razorpay') : null,
  };
}

const KNOWN: ProviderPayment['status'][] = ['captured', 'authorized', 'failed', 'created'];
const knownStatus = (status: string) => KNOWN.find((s) => s === status) ?? 'created';

/** Razorpay payment links (https://razorpay.com/docs/api/payments/payment-links/), amounts in paise. */
export function createRazorpayProvider(settings: RazorpaySettings): PaymentProvider {
  const auth = `Basic ${Buffer.from(`${settings.keyId}:${settings.keySecret}`).toString('base64')}`;
  const base = settings.apiUrl.replace(/\/$/, '');

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: T }> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: auth,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    if (response.status >= 500)
      throw new Error(`Razorpay ${method} ${path} answered ${response.status}`);
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
  }

  return {
    name: 'razorpay',
    webhookHeaders: { signature: 'x-razorpay-signature' },
    async createLink(request) {
      const { status, body } = await call<
        RazorpayLink & { error?: { description?: string; field?: string } }
      >('POST', '/v1/payment_links', {
        amount: request.amount * 100,
        currency: 'INR',
        // Unique per link, as Razorpay requires; the order's own id travels in the notes.
        reference_id: newLinkReference(request.orderId),
        description: request.description,
        customer: request.customer,
        notify: { sms: false, email: false },
        reminder_enable: false,
        notes: { order_id: request.orderId },
        callback_url: request.callbackUrl,
        callback_method: 'get',
        expire_by: Math.floor(request.expiresAt.getTime() / 1000),
      });
      // A contact Razorpay will not take is the shopper's to correct: no other provider is tried.
      if (status === 400 && body.error?.field?.startsWith('customer'))
        throw new ShopperRefused(
          `The payment provider refused the contact details: ${body.error.description ?? body.error.field}`,
        );
      if (status >= 300 || !body.id || !body.short_url) {
        throw new Error(
          `Razorpay refused the payment link (${status}): ${body.error?.description ?? 'no reason given'}`,
        );
      }
      return { id: body.id, url: body.short_url };
    },
    async cancelLink(linkId) {
      const path = `/v1/payment_links/${encodeURIComponent(linkId)}`;
      const { status } = await call<RazorpayLink>('POST', `${path}/cancel`);
      if (status < 300) return 'cancelled';
      // Razorpay refuses to cancel a link that is paid, expired or cancelled: ask which.
      const link = await call<RazorpayLink>('GET', path);
      if (link.status === 404) return 'cancelled';
      if (link.status >= 300)
        throw new Error(`Razorpay payment link fetch answered ${link.status}`);
      if (link.body.status === 'paid' || link.body.status === 'partially_paid') return 'paid';
      if (link.body.status === 'cancelled' || link.body.status === 'expired') return 'cancelled';
      throw new Error(`Razorpay would not cancel payment link ${linkId} (${status})`);
    },
    async linkPayments(linkId) {
      const { status, body } = await call<RazorpayLink>(
        'GET',
        `/v1/payment_links/${encodeURIComponent(linkId)}`,
      );
      if (status === 404 || status === 400) return [];
      if (status >= 300) throw new Error(`Razorpay payment link fetch answered ${status}`);
      return (body.payments ?? []).map((p) => ({
        id: p.payment_id,
        status: knownStatus(p.status),
        amount: p.amount === undefined ? null : Math.round(p.amount / 100),
        paymentLinkId: linkId,
        madeAt: p.created_at === undefined ? null : new Date(p.created_at * 1000),
      }));
    },
    async fetchPayment(paymentId, orderLinkIds) {
      const { status, body } = await call<RazorpayPayment>(
        'GET',
        `/v1/payments/${encodeURIComponent(paymentId)}`,
      );
      if (status === 404 || status === 400) return null;
      if (status >= 300) throw new Error(`Razorpay payment fetch answered ${status}`);
      // A payment id alone does not say which order it paid for: find it among the order's links.
      let paymentLinkId: string | null = null;
      for (const linkId of orderLinkIds) {
        const link = await call<RazorpayLink>(
          'GET',
          `/v1/payment_links/${encodeURIComponent(linkId)}`,
        );
        // A lookup that failed (rate limit, outage) must not read as "not this order's": retry.
        if (link.status >= 300 && link.status !== 400 && link.status !== 404)
          throw new Error(`Razorpay payment link fetch answered ${link.status}`);
        if (link.status < 300 && link.body.payments?.some((p) => p.payment_id === paymentId)) {
          paymentLinkId = linkId;
          break;
        }
      }
      return {
        id: body.id,
        status: knownStatus(body.status),
        amount: Math.round(body.amount / 100),
        paymentLinkId,
        madeAt: body.created_at === undefined ? null : new Date(body.created_at * 1000),
      };
    },
    // https://razorpay.com/docs/api/refunds/normal-refunds-idempotent: the same key (and body)
    // answers the same refund, so a job re-run after a crash cannot refund twice.
    async refund(request) {
      const path = `/v1/payments/${encodeURIComponent(request.paymentId)}/refund`;
      let answer: { status: number; body: RazorpayRefund };
      try {
        answer = await call<RazorpayRefund>(
          'POST',
          path,
          {
            amount: request.amount * 100,
            speed: 'normal',
            receipt: request.idempotencyKey.slice(0, 40),
            notes: request.notes,
          },
          { 'X-Refund-Idempotency': request.idempotencyKey },
        );
      } catch (error) {
        throw new ProviderUnavailable(`Razorpay refund not asked: ${(error as Error).message}`, {
          cause: error,
        });
      }
      // 409: the same key is still being processed; 429: rate limited. Both: ask again later.
      if (answer.status === 409 || answer.status === 429)
        throw new ProviderUnavailable(`Razorpay refund answered ${answer.status}: try again`);
      const refund = answer.status < 300 ? toRefund(answer.body) : null;
      if (refund) return refund;
      return {
        id: null,
        status: 'failed',
        failure: `Razorpay refused the refund (${answer.status}): ${answer.body.error?.description ?? 'no reason given'}`,
      };
    },
    async fetchRefund(paymentId, refundId) {
      let answer: { status: number; body: RazorpayRefund };
      try {
        answer = await call<RazorpayRefund>(
          'GET',
          `/v1/payments/${encodeURIComponent(paymentId)}/refunds/${encodeURIComponent(refundId)}`,
        );
      } catch (error) {
        throw new ProviderUnavailable(`Razorpay refund not fetched: ${(error as Error).message}`, {
          cause: error,
        });
      }
      if (answer.status === 400 || answer.status === 404) return null;
      if (answer.status >= 300)
        throw new ProviderUnavailable(`Razorpay refund fetch answered ${answer.status}`);
      return toRefund(answer.body);
    },
    verifyWebhook(rawBody, signature) {
      return sameSignature(hmacHex(settings.webhookSecret, rawBody), signature);
    },
    parseWebhook(rawBody) {
      const event = JSON.parse(rawBody.toString('utf8')) as {
        event?: string;
        payload?: {
          payment_link?: {
            entity?: { id?: string; reference_id?: string; notes?: { order_id?: string } };
          };
          payment?: { entity?: { id?: string } };
        };
      };
      if (event.event !== 'payment_link.paid') return null;
      const link = event.payload?.payment_link?.entity;
      const paymentId = event.payload?.payment?.entity?.id;
      // A reference naming no id is passed on as it is, for the caller's checks to refuse.
      const orderId =
        link?.notes?.order_id ?? referenceOwner(link?.reference_id) ?? link?.reference_id;
      if (!orderId || !paymentId) return null;
      return { orderId, paymentId, paymentLinkId: link?.id ?? null };
    },
    verifyReturnSignature(params: ReturnParams, signature: string) {
      return sameSignature(hmacHex(settings.keySecret, returnSignaturePayload(params)), signature);
    },
  };
}
