// A local fake of the parts of Razorpay's HTTP API the adapter uses (payment links, payments,
// refunds).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeLink {
  id: string;
  short_url: string;
  amount: number;
  reference_id: string;
  notes: Record<string, string>;
  callback_url: string;
  /** Unix seconds, as sent (Razorpay's expire_by). */
  expire_by: number | null;
  status: 'created' | 'paid' | 'cancelled';
  payments: { payment_id: string; status: string; amount: number; created_at: number }[] | null;
}

export interface FakeRefund {
  id: string;
  entity: 'refund';
  payment_id: string;
  amount: number;
  receipt: string | null;
  /** Razorpay's normal refunds: `pending` until the bank settles them, then processed or failed. */
  status: 'pending' | 'processed' | 'failed';
}

export interface FakeRazorpay {
  url: string;
  links: Map<string, FakeLink>;
  payments: Map<string, { id: string; amount: number; status: string; created_at: number }>;
  requests: { method: string; path: string; authorization: string | undefined; body: unknown }[];
  /** Payment ids whose fetch answers 500 (a provider outage). */
  failing: Set<string>;
  /** Payment link ids whose fetch answers 503. */
  failingLinks: Set<string>;
  /** Set: creating a payment link answers this status (an outage: 500, 503). */
  failCreate: { status: number | null };
  /** Refunds made, by id (speed normal: processed at once). */
  refunds: Map<string, FakeRefund>;
  /** Every refund asked, with its X-Refund-Idempotency key and the status answered. */
  refundAsks: { paymentId: string; key: string | undefined; status: number }[];
  /** Payment ids whose refunds Razorpay refuses (400, as for a payment the bank cannot refund). */
  refusingRefunds: Set<string>;
  /** Payment ids whose refunds Razorpay accepts as `pending` (settled later: settleRefund). */
  pendingRefunds: Set<string>;
  /** The bank settles a pending refund: processed, or failed (the money stays with the merchant). */
  settleRefund(refundId: string, status: 'processed' | 'failed'): void;
  /**
   * A shopper paying through the link (the fake takes it even on a cancelled or expired link: the
   * race a real provider can lose); `at` is when it was made (default now).
   */
  pay(linkId: string, status?: 'captured' | 'authorized' | 'failed', at?: Date): string;
  capture(paymentId: string): void;
  close(): Promise<void>;
}

export async function startFakeRazorpay(keyId: string, keySecret: string): Promise<FakeRazorpay> {
  const links = new Map<string, FakeLink>();
  const payments = new Map<
    string,
    { id: string; amount: number; status: string; created_at: number }
  >();
  const requests: FakeRazorpay['requests'] = [];
  const failing = new Set<string>();
  const failingLinks = new Set<string>();
  const failCreate: FakeRazorpay['failCreate'] = { status: null };
  const refunds = new Map<string, FakeRefund>();
  const refundAsks: FakeRazorpay['refundAsks'] = [];
  const refusingRefunds = new Set<string>();
  const pendingRefunds = new Set<string>();
  // As Razorpay: the same idempotency key answers what the first ask was answered.
  const byKey = new Map<string, { status: number; body: unknown }>();
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
  let seq = 0;
  let url = '';

  const makeRefund = (
    paymentId: string,
    body: Record<string, unknown> | null,
  ): { status: number; body: unknown } => {
    const payment = payments.get(paymentId);
    if (!payment || payment.status !== 'captured')
      return {
        status: 400,
        body: {
          error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' },
        },
      };
    if (refusingRefunds.has(paymentId))
      return {
        status: 400,
        body: {
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'The refund could not be processed: the bank declined it',
          },
        },
      };
    const refund: FakeRefund = {
      id: `rfnd_Fake${String(++seq).padStart(10, '0')}`,
      entity: 'refund',
      payment_id: paymentId,
      amount: Number(body?.amount),
      receipt: typeof body?.receipt === 'string' ? body.receipt : null,
      status: pendingRefunds.has(paymentId) ? 'pending' : 'processed',
    };
    refunds.set(refund.id, refund);
    return { status: 200, body: refund };
  };

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      const path = req.url ?? '';
      requests.push({
        method: req.method ?? '',
        path,
        authorization: req.headers.authorization,
        body,
      });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (req.headers.authorization !== expectedAuth) {
        return send(401, {
          error: { code: 'BAD_REQUEST_ERROR', description: 'The api key provided is invalid' },
        });
      }
      if (req.method === 'POST' && path === '/v1/payment_links') {
        if (failCreate.status)
          return send(failCreate.status, { error: { description: 'internal server error' } });
        // As Razorpay: a reference_id is unique among a merchant's payment links.
        const reference = String(body?.reference_id);
        if ([...links.values()].some((l) => l.reference_id === reference))
          return send(400, {
            error: {
              code: 'BAD_REQUEST_ERROR',
              description: 'Payment Link with given reference_id already exists',
            },
          });
        const id = `plink_Fake${String(++seq).padStart(10, '0')}`;
        const link: FakeLink = {
          id,
          short_url: `${url}/rzp/${id}`,
          amount: Number(body?.amount),
          reference_id: reference,
          notes: (body?.notes ?? {}) as Record<string, string>,
          callback_url: String(body?.callback_url),
          expire_by: typeof body?.expire_by === 'number' ? body.expire_by : null,
          status: 'created',
          payments: null,
        };
        links.set(id, link);
        return send(200, { ...link, currency: 'INR' });
      }
      const cancelMatch = /^\/v1\/payment_links\/([^/]+)\/cancel$/.exec(path);
      if (req.method === 'POST' && cancelMatch) {
        const link = links.get(cancelMatch[1]!);
        if (!link) return send(404, { error: { description: 'not found' } });
        if (link.status !== 'created')
          return send(400, {
            error: { code: 'BAD_REQUEST_ERROR', description: `Payment link is ${link.status}` },
          });
        link.status = 'cancelled';
        return send(200, link);
      }
      const linkMatch = /^\/v1\/payment_links\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && linkMatch) {
        if (failingLinks.has(linkMatch[1]!))
          return send(503, { error: { description: 'temporarily unavailable' } });
        const link = links.get(linkMatch[1]!);
        return link
          ? send(200, link)
          : send(404, { error: { code: 'BAD_REQUEST_ERROR', description: 'not found' } });
      }
      const paymentMatch = /^\/v1\/payments\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && paymentMatch) {
        if (failing.has(paymentMatch[1]!))
          return send(503, { error: { description: 'temporarily unavailable' } });
        const payment = payments.get(paymentMatch[1]!);
        return payment
          ? send(200, { ...payment, entity: 'payment', currency: 'INR' })
          : send(400, {
              error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' },
            });
      }
      const refundMatch = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path);
      if (req.method === 'POST' && refundMatch) {
        const paymentId = refundMatch[1]!;
        const header = req.headers['x-refund-idempotency'];
        const key = typeof header === 'string' ? header : undefined;
        const answer = (key && byKey.get(key)) || makeRefund(paymentId, body);
        if (key) byKey.set(key, answer);
        refundAsks.push({ paymentId, key, status: answer.status });
        return send(answer.status, answer.body);
      }
      const refundFetch = /^\/v1\/payments\/([^/]+)\/refunds\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && refundFetch) {
        const refund = refunds.get(refundFetch[2]!);
        return refund && refund.payment_id === refundFetch[1]
          ? send(200, refund)
          : send(404, { error: { code: 'BAD_REQUEST_ERROR', description: 'not found' } });
      }
      send(404, { error: { description: 'no such route in the fake' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    links,
    payments,
    requests,
    failing,
    failingLinks,
    failCreate,
    refunds,
    refundAsks,
    refusingRefunds,
    pendingRefunds,
    settleRefund(refundId, status) {
      const refund = refunds.get(refundId);
      if (refund?.status !== 'pending') throw new Error(`refund ${refundId} is not pending`);
      refund.status = status;
    },
    pay(linkId, status = 'captured', at = new Date()) {
      const link = links.get(linkId)!;
      const id = `pay_Fake${String(++seq).padStart(10, '0')}`;
      const created_at = Math.floor(at.getTime() / 1000);
      payments.set(id, { id, amount: link.amount, status, created_at });
      link.payments = [
        ...(link.payments ?? []),
        { payment_id: id, status, amount: link.amount, created_at },
      ];
      if (status === 'captured') link.status = 'paid';
      return id;
    },
    capture(paymentId) {
      payments.get(paymentId)!.status = 'captured';
      for (const link of links.values()) {
        const entry = link.payments?.find((p) => p.payment_id === paymentId);
        if (entry) {
          entry.status = 'captured';
          link.status = 'paid';
        }
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
