import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkReturnSignature, createCashfreeProvider, type PaymentProvider } from '@kanak/core';
import { startFakeCashfree, type FakeCashfree } from './cashfree-fake';

const CLIENT_ID = 'cf_test_adapter';
const CLIENT_SECRET = 'cf-adapter-secret-789';

describe('Cashfree payment-links adapter against a local fake', () => {
  let fake: FakeCashfree;
  let provider: PaymentProvider;
  beforeAll(async () => {
    fake = await startFakeCashfree(CLIENT_ID, CLIENT_SECRET);
    provider = createCashfreeProvider({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      apiUrl: fake.url,
      apiVersion: '2023-08-01',
    });
  });
  afterAll(() => fake?.close());

  const orderId = '11111111-2222-4333-8444-555555555555';
  const ask = {
    orderId,
    amount: 12_345,
    description: 'Kanak Jewellers order 11111111',
    customer: { name: 'Priya Sharma', email: 'priya@example.com', contact: '9876543210' },
    callbackUrl: `http://shop.test/payment/${orderId}`,
    serverOrigin: 'http://api.shop.test',
    expiresAt: new Date('2030-01-01T00:30:00Z'),
  };

  it('makes a link per attempt in rupees, with its own link id, return and notify URLs', async () => {
    const first = await provider.createLink(ask);
    const second = await provider.createLink(ask);
    expect(first.id).not.toBe(second.id);
    expect(first.id).toMatch(/^11111111222243338444555555555555-[0-9a-f]{6}$/);
    expect(first.url).toBe(`${fake.url}/cf/${first.id}`);
    const sent = fake.requests.find((r) => r.method === 'POST' && r.path === '/pg/links')!;
    expect(sent.headers).toMatchObject({
      'x-client-id': CLIENT_ID,
      'x-client-secret': CLIENT_SECRET,
      'x-api-version': '2023-08-01',
    });
    expect(sent.body).toMatchObject({
      link_id: first.id,
      link_amount: 12_345,
      link_currency: 'INR',
      link_partial_payments: false,
      customer_details: {
        customer_name: 'Priya Sharma',
        customer_email: 'priya@example.com',
        customer_phone: '9876543210',
      },
      link_notes: { order_id: orderId },
      link_expiry_time: '2030-01-01T00:30:00.000Z',
      link_meta: { notify_url: 'http://api.shop.test/api/payment/webhook/cashfree' },
    });
    // Back to the shop's page with Razorpay's parameter names, the link standing for the payment.
    const back = new URL(fake.links.get(first.id)!.link_meta.return_url!);
    expect(`${back.origin}${back.pathname}`).toBe(`http://shop.test/payment/${orderId}`);
    expect(back.searchParams.get('razorpay_payment_id')).toBe(first.id);
    expect(back.searchParams.get('razorpay_payment_link_id')).toBe(first.id);
    // Cashfree signs no return: an unsigned one is left to the worker's question to Cashfree.
    expect(() =>
      checkReturnSignature(provider, orderId, { paymentId: first.id, paymentLinkId: first.id }),
    ).not.toThrow();
  });

  it('reads payments by id and by the link a return names, and lists a link’s payments', async () => {
    const link = await provider.createLink(ask);
    expect(await provider.fetchPayment(link.id, [link.id])).toMatchObject({
      id: link.id,
      status: 'created',
      paymentLinkId: link.id,
    });
    const failed = fake.pay(link.id, 'FAILED');
    const paid = fake.pay(link.id);
    expect(await provider.fetchPayment(paid, [link.id])).toEqual({
      id: paid,
      status: 'captured',
      amount: 12_345,
      paymentLinkId: link.id,
      madeAt: expect.any(Date),
    });
    expect(await provider.fetchPayment(failed, [link.id])).toMatchObject({ status: 'failed' });
    // A return naming the link: the payment it took.
    expect(await provider.fetchPayment(link.id, [link.id])).toMatchObject({
      id: paid,
      status: 'captured',
    });
    // Not made through any of these links; unknown; another provider's id.
    expect(await provider.fetchPayment(paid, ['other-link'])).toMatchObject({
      paymentLinkId: null,
    });
    expect(await provider.fetchPayment('cfp_999_CFPay_missing_1', [link.id])).toBeNull();
    expect(await provider.fetchPayment('pay_Razorpay123', [link.id])).toBeNull();
    expect((await provider.linkPayments(link.id)).map((p) => [p.id, p.status])).toEqual([
      [failed, 'failed'],
      [paid, 'captured'],
    ]);
    expect(await provider.linkPayments('unknown-link')).toEqual([]);
  });

  it('cancels an open link, and reports a paid one as paid', async () => {
    const open = await provider.createLink(ask);
    expect(await provider.cancelLink(open.id)).toBe('cancelled');
    expect(fake.links.get(open.id)!.link_status).toBe('CANCELLED');
    expect(await provider.cancelLink(open.id)).toBe('cancelled');
    const paid = await provider.createLink(ask);
    fake.pay(paid.id);
    expect(await provider.cancelLink(paid.id)).toBe('paid');
  });

  it('refunds through the order’s refund API once per key, and reads the refund back', async () => {
    const link = await provider.createLink(ask);
    const paymentId = fake.pay(link.id);
    const request = {
      paymentId,
      amount: 12_345,
      idempotencyKey: 'kj0123456789abcdef0123456789abcdef-1',
      notes: { reason: 'ORDER_NOT_PENDING' },
    };
    const refund = await provider.refund(request);
    expect(refund).toEqual({ id: request.idempotencyKey, status: 'processing', failure: null });
    // A re-run after a crash asks again with the same key: the same refund, no second one.
    expect(await provider.refund(request)).toEqual(refund);
    const cfOrderId = /^cfp_\d+_(.+)$/.exec(paymentId)![1]!;
    expect(
      fake.requests.filter(
        (r) => r.method === 'POST' && r.path === `/pg/orders/${cfOrderId}/refunds`,
      ),
    ).toHaveLength(2);
    expect([...fake.refunds.values()].filter((r) => r.order_id === cfOrderId)).toHaveLength(1);
    fake.refunds.get(request.idempotencyKey)!.refund_status = 'SUCCESS';
    expect(await provider.fetchRefund(paymentId, request.idempotencyKey)).toEqual({
      id: request.idempotencyKey,
      status: 'processed',
      failure: null,
    });
    // More than is left: refused, as a failed refund with Cashfree's reason.
    expect(
      await provider.refund({ ...request, idempotencyKey: 'kj0123456789abcdef0123456789abcdef-2' }),
    ).toMatchObject({ id: null, status: 'failed', failure: expect.stringMatching(/400/) });
    expect(await provider.fetchRefund(paymentId, 'no-such-refund')).toBeNull();
  });

  it('verifies webhooks by x-webhook-signature over the timestamp and raw body, and reads the payment', async () => {
    const link = await provider.createLink(ask);
    const paymentId = fake.pay(link.id);
    const { body, headers } = fake.webhook(link.id, paymentId);
    const raw = Buffer.from(body);
    const timestamp = headers['x-webhook-timestamp']!;
    const signature = headers['x-webhook-signature']!;
    expect(signature).toBe(
      createHmac('sha256', CLIENT_SECRET)
        .update(timestamp + body)
        .digest('base64'),
    );
    expect(provider.webhookHeaders).toEqual({
      signature: 'x-webhook-signature',
      timestamp: 'x-webhook-timestamp',
    });
    expect(provider.verifyWebhook(raw, signature, timestamp)).toBe(true);
    expect(provider.verifyWebhook(raw, signature, String(Number(timestamp) + 1))).toBe(false);
    expect(provider.verifyWebhook(raw, signature, undefined)).toBe(false);
    expect(provider.verifyWebhook(raw, undefined, timestamp)).toBe(false);
    expect(provider.verifyWebhook(Buffer.from(body + ' '), signature, timestamp)).toBe(false);
    expect(provider.parseWebhook(raw)).toEqual({ orderId, paymentId, paymentLinkId: link.id });
    expect(
      provider.parseWebhook(Buffer.from(JSON.stringify({ type: 'PAYMENT_LINK_EVENT', data: {} }))),
    ).toBeNull();
    expect(provider.parseWebhook(Buffer.from(JSON.stringify({ type: 'OTHER' })))).toBeNull();
  });

  it('says a refusal of the contact details is the shopper’s, and any other failure is not', async () => {
    await expect(
      provider.createLink({ ...ask, customer: { ...ask.customer, contact: '12' } }),
    ).rejects.toMatchObject({ name: 'ShopperRefused' });
    fake.failCreate.status = 500;
    await expect(provider.createLink(ask)).rejects.toThrow(/answered 500/);
    fake.failCreate.status = null;
    await expect(
      createCashfreeProvider({
        clientId: CLIENT_ID,
        clientSecret: 'wrong',
        apiUrl: fake.url,
        apiVersion: '2023-08-01',
      }).createLink(ask),
    ).rejects.toThrow(/refused the payment link \(401\)/);
  });
});
