import { describe, expect, it } from 'vitest';
import { createSandboxProvider } from './sandbox-provider';

describe('sandbox payment provider', () => {
  const provider = createSandboxProvider('unit-test-secret');

  it('derives one signed payment id per link and outcome, and verifies it without shared state', async () => {
    const link = await provider.createLink({
      orderId: 'o',
      amount: 100,
      description: '',
      customer: { name: '', email: '', contact: '' },
      callbackUrl: 'http://shop.test/payment/o',
      serverOrigin: 'http://shop.test',
      expiresAt: new Date(Date.now() + 30 * 60_000),
    });
    expect(link.id).toMatch(/^plink_sbx_[A-Za-z0-9]{16}$/);
    expect(link.url).toBe(
      `http://shop.test/sandbox-pay/${link.id}?callback=${encodeURIComponent('http://shop.test/payment/o')}`,
    );
    const paid = provider.paymentIdFor(link.id, 'paid');
    expect(provider.paymentIdFor(link.id, 'paid')).toBe(paid);
    expect(await provider.fetchPayment(paid, [link.id])).toEqual({
      id: paid,
      status: 'captured',
      amount: null,
      paymentLinkId: link.id,
      madeAt: null,
    });
    expect(
      await provider.fetchPayment(provider.paymentIdFor(link.id, 'failed'), [link.id]),
    ).toMatchObject({ status: 'failed' });
    // Not among the order's links, forged or signed with another secret: not this order's payment.
    expect(await provider.fetchPayment(paid, ['plink_sbx_BBBBBBBBBBBBBBBB'])).toMatchObject({
      paymentLinkId: null,
    });
    expect(await provider.fetchPayment(paid.replace('_paid_', '_failed_'), [link.id])).toBeNull();
    expect(
      await provider.fetchPayment(
        createSandboxProvider('other-secret').paymentIdFor(link.id, 'paid'),
        [link.id],
      ),
    ).toBeNull();
  });

  it('signs the return query the way Razorpay signs payment-link callbacks', () => {
    const linkId = 'plink_sbx_AAAAAAAAAAAAAAAA';
    const q = provider.returnQuery({ orderId: 'order-1', linkId, outcome: 'paid' });
    const params = {
      paymentLinkId: linkId,
      referenceId: 'order-1',
      status: 'paid',
      paymentId: q.get('razorpay_payment_id')!,
    };
    expect(provider.verifyReturnSignature(params, q.get('razorpay_signature')!)).toBe(true);
    expect(
      provider.verifyReturnSignature({ ...params, status: 'failed' }, q.get('razorpay_signature')!),
    ).toBe(false);
  });
});
