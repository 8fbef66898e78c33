// A local fake of the parts of Cashfree's PG API the adapter uses: payment links, the orders a
// link makes (one per attempt), their payments and refunds, and its signed webhooks.
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeCashfreeLink {
  link_id: string;
  link_url: string;
  link_amount: number;
  link_status: 'ACTIVE' | 'PAID' | 'CANCELLED' | 'EXPIRED';
  link_notes: Record<string, string>;
  link_meta: { return_url?: string; notify_url?: string };
  link_expiry_time: string | null;
  customer_details: Record<string, string>;
  /** Cashfree order ids made by attempts on this link. */
  orders: string[];
}

export interface FakeCashfreePayment {
  cf_payment_id: number;
  order_id: string;
  payment_status: 'SUCCESS' | 'FAILED' | 'PENDING';
  payment_amount: number;
  payment_time: string;
  payment_completion_time: string;
}

export interface FakeCashfreeRefund {
  refund_id: string;
  cf_refund_id: number;
  order_id: string;
  refund_amount: number;
  refund_status: 'PENDING' | 'SUCCESS' | 'CANCELLED';
}

export interface FakeCashfree {
  url: string;
  links: Map<string, FakeCashfreeLink>;
  /** By Cashfree order id. */
  payments: Map<string, FakeCashfreePayment[]>;
  refunds: Map<string, FakeCashfreeRefund>;
  requests: { method: string; path: string; headers: Record<string, unknown>; body: unknown }[];
  /** Set: creating a payment link answers this status. */
  failCreate: { status: number | null };
  /** A shopper paying through the link (taken even on a cancelled link: the race a real provider can lose). Answers our payment id. */
  pay(linkId: string, status?: 'SUCCESS' | 'FAILED', at?: Date): string;
  /** The PAYMENT_LINK_EVENT Cashfree would post for a payment, signed with `secret`. */
  webhook(
    linkId: string,
    paymentId: string,
    secret?: string,
  ): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

const PAYMENT = /^cfp_(\d+)_(.+)$/;

export async function startFakeCashfree(
  clientId: string,
  clientSecret: string,
): Promise<FakeCashfree> {
  const links = new Map<string, FakeCashfreeLink>();
  const payments = new Map<string, FakeCashfreePayment[]>();
  const refunds = new Map<string, FakeCashfreeRefund>();
  const requests: FakeCashfree['requests'] = [];
  const failCreate: FakeCashfree['failCreate'] = { status: null };
  let seq = 1000;
  let url = '';

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      const [path = '', query = ''] = (req.url ?? '').split('?');
      requests.push({ method: req.method ?? '', path, headers: { ...req.headers }, body });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      const refuse = (status: number, message: string, code = 'request_failed') =>
        send(status, { message, code, type: 'invalid_request_error' });
      if (
        req.headers['x-client-id'] !== clientId ||
        req.headers['x-client-secret'] !== clientSecret
      )
        return refuse(401, 'authentication Failed', 'request_failed');
      if (!req.headers['x-api-version'])
        return refuse(400, 'x-api-version is missing in the request', 'x-api-version_missing');

      if (req.method === 'POST' && path === '/pg/links') {
        if (failCreate.status) return refuse(failCreate.status, 'internal server error');
        const phone = (body?.customer_details as Record<string, string> | undefined)
          ?.customer_phone;
        if (!/^\d{10}$/.test(phone ?? ''))
          return refuse(
            400,
            'customer_details.customer_phone is invalid',
            'customer_phone_invalid',
          );
        const id = String(body?.link_id);
        if (links.has(id)) return refuse(409, 'link_id already exists', 'link_post_failed');
        const link: FakeCashfreeLink = {
          link_id: id,
          link_url: `${url}/cf/${id}`,
          link_amount: Number(body?.link_amount),
          link_status: 'ACTIVE',
          link_notes: (body?.link_notes ?? {}) as Record<string, string>,
          link_meta: (body?.link_meta ?? {}) as FakeCashfreeLink['link_meta'],
          link_expiry_time:
            typeof body?.link_expiry_time === 'string' ? body.link_expiry_time : null,
          customer_details: (body?.customer_details ?? {}) as Record<string, string>,
          orders: [],
        };
        links.set(id, link);
        return send(200, { ...link, cf_link_id: ++seq, link_currency: 'INR' });
      }
      let m = /^\/pg\/links\/([^/]+)\/cancel$/.exec(path);
      if (req.method === 'POST' && m) {
        const link = links.get(decodeURIComponent(m[1]!));
        if (!link) return refuse(404, 'link does not exist', 'link_not_found');
        if (link.link_status !== 'ACTIVE')
          return refuse(400, `link is ${link.link_status}`, 'link_cancel_failed');
        link.link_status = 'CANCELLED';
        return send(200, link);
      }
      m = /^\/pg\/links\/([^/]+)\/orders$/.exec(path);
      if (req.method === 'GET' && m) {
        const link = links.get(decodeURIComponent(m[1]!));
        if (!link) return refuse(404, 'link does not exist', 'link_not_found');
        const all = new URLSearchParams(query).get('status') === 'ALL';
        const orders = link.orders
          .map((order_id) => {
            const paid = (payments.get(order_id) ?? []).some((p) => p.payment_status === 'SUCCESS');
            return {
              order_id,
              order_status: paid ? 'PAID' : 'ACTIVE',
              order_amount: link.link_amount,
            };
          })
          .filter((o) => all || o.order_status === 'PAID');
        return send(200, orders);
      }
      m = /^\/pg\/links\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && m) {
        const link = links.get(decodeURIComponent(m[1]!));
        return link ? send(200, link) : refuse(404, 'link does not exist', 'link_not_found');
      }
      m = /^\/pg\/orders\/([^/]+)\/payments(?:\/([^/]+))?$/.exec(path);
      if (req.method === 'GET' && m) {
        const list = payments.get(decodeURIComponent(m[1]!));
        if (!list) return refuse(404, 'order does not exist', 'order_not_found');
        if (!m[2]) return send(200, list);
        const one = list.find((p) => String(p.cf_payment_id) === m![2]);
        return one ? send(200, one) : refuse(404, 'payment does not exist', 'payment_not_found');
      }
      m = /^\/pg\/orders\/([^/]+)\/refunds(?:\/([^/]+))?$/.exec(path);
      if (m) {
        const orderId = decodeURIComponent(m[1]!);
        if (req.method === 'GET' && m[2]) {
          const refund = refunds.get(decodeURIComponent(m[2]));
          return refund && refund.order_id === orderId
            ? send(200, refund)
            : refuse(404, 'refund does not exist', 'refund_not_found');
        }
        if (req.method === 'POST' && !m[2]) {
          const paid = (payments.get(orderId) ?? []).find((p) => p.payment_status === 'SUCCESS');
          if (!paid) return refuse(400, 'order is not paid', 'refund_post_failed');
          const refundId = String(body?.refund_id);
          if (refunds.has(refundId))
            return refuse(409, 'refund_id already exists', 'refund_already_exists');
          const amount = Number(body?.refund_amount);
          const taken = [...refunds.values()]
            .filter((r) => r.order_id === orderId && r.refund_status !== 'CANCELLED')
            .reduce((n, r) => n + r.refund_amount, 0);
          if (amount + taken > paid.payment_amount)
            return refuse(400, 'refund amount is more than the amount paid', 'refund_post_failed');
          const refund: FakeCashfreeRefund = {
            refund_id: refundId,
            cf_refund_id: ++seq,
            order_id: orderId,
            refund_amount: amount,
            refund_status: 'PENDING',
          };
          refunds.set(refundId, refund);
          return send(200, refund);
        }
      }
      refuse(404, 'no such route in the fake', 'not_found');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    links,
    payments,
    refunds,
    requests,
    failCreate,
    pay(linkId, status = 'SUCCESS', at = new Date()) {
      const link = links.get(linkId)!;
      const orderId = `CFPay_${linkId.slice(0, 8)}_${++seq}`;
      const payment: FakeCashfreePayment = {
        cf_payment_id: ++seq,
        order_id: orderId,
        payment_status: status,
        payment_amount: link.link_amount,
        payment_time: at.toISOString(),
        payment_completion_time: at.toISOString(),
      };
      link.orders.push(orderId);
      payments.set(orderId, [payment]);
      if (status === 'SUCCESS') link.link_status = 'PAID';
      return `cfp_${payment.cf_payment_id}_${orderId}`;
    },
    webhook(linkId, paymentId, secret = clientSecret) {
      const link = links.get(linkId)!;
      const [, cfPaymentId, orderId] = PAYMENT.exec(paymentId)!;
      const body = JSON.stringify({
        data: {
          link_id: linkId,
          link_status: link.link_status,
          link_amount: String(link.link_amount),
          link_amount_paid: String(link.link_amount),
          link_notes: link.link_notes,
          order: {
            order_id: orderId,
            order_amount: String(link.link_amount),
            transaction_id: Number(cfPaymentId),
            transaction_status: 'SUCCESS',
          },
        },
        type: 'PAYMENT_LINK_EVENT',
        version: 1,
        event_time: new Date().toISOString(),
      });
      const timestamp = String(Date.now());
      const signature = createHmac('sha256', secret)
        .update(timestamp + body)
        .digest('base64');
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'x-webhook-timestamp': timestamp,
          'x-webhook-signature': signature,
        },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
