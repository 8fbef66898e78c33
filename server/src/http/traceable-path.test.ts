import { describe, expect, it } from 'vitest';
import { traceablePath } from './traceable-path';

describe('the path a trace records', () => {
  const token = 'q3T9xY0bV7mK2pL5nR8sW1zA4cE6gH9jJ0kM3oP5rU7';

  it("is the route's template when one matched", () => {
    expect(traceablePath(`/api/stock-alerts/${token}`, '/api/stock-alerts/:token')).toBe(
      '/api/stock-alerts/:token',
    );
    expect(traceablePath('/api/payment?payment_id=pay_1&order_id=x', '/api/payment')).toBe(
      '/api/payment',
    );
  });

  it('drops the query and masks token-like segments of pages served by the wildcard', () => {
    expect(traceablePath(`/reset-password?token=${token}`, '/*')).toBe('/reset-password');
    expect(traceablePath(`/stock-alerts/unsubscribe/${token}`, '/*')).toBe(
      '/stock-alerts/unsubscribe/:secret',
    );
    expect(traceablePath(`/nowhere/${token}?a=1`, undefined)).toBe('/nowhere/:secret');
  });

  it('keeps ids and ordinary words, which say what was asked for', () => {
    const id = 'cf8cda5f-449c-5ee0-9ae7-d96bea98c890';
    expect(traceablePath(`/product/${id}`, '/*')).toBe(`/product/${id}`);
    expect(traceablePath('/women/jewellery/gold_rings?color=Gold', '/*')).toBe(
      '/women/jewellery/gold_rings',
    );
  });
});
