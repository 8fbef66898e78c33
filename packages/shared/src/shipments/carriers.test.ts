import { describe, expect, it } from 'vitest';
import {
  awbSchema,
  carrierListSchema,
  DEFAULT_CARRIERS,
  findCarrier,
  insuredCapWarning,
  normaliseAwb,
  trackingUrlFor,
} from './carriers';

describe('carriers', () => {
  it('defaults to BVC, Sequel, Blue Dart, Delhivery and India Post, each valid by the schema', () => {
    expect(DEFAULT_CARRIERS.map((c) => c.name)).toEqual([
      'BVC Logistics',
      'Sequel Logistics',
      'Blue Dart',
      'Delhivery',
      'India Post',
    ]);
    expect(carrierListSchema.safeParse(DEFAULT_CARRIERS).success).toBe(true);
  });

  it('puts the AWB into the tracking page, escaped', () => {
    const delhivery = findCarrier(DEFAULT_CARRIERS, 'delhivery')!;
    expect(trackingUrlFor(delhivery, '1234567890')).toBe(
      'https://www.delhivery.com/track/package/1234567890',
    );
    expect(trackingUrlFor({ trackingUrl: 'https://t.example/?n={awb}' }, 'A B&C')).toBe(
      'https://t.example/?n=A%20B%26C',
    );
    expect(findCarrier(DEFAULT_CARRIERS, 'pigeon')).toBeUndefined();
  });

  it('normalises an AWB as typed and refuses what no courier prints', () => {
    expect(normaliseAwb(' ek 1234 5678 9in ')).toBe('EK123456789IN');
    expect(awbSchema.parse(' bvc-2611-0001 ')).toBe('BVC-2611-0001');
    for (const bad of ['12345', 'AB<12345', 'x'.repeat(31), 'ab_123456'])
      expect(awbSchema.safeParse(bad).success).toBe(false);
  });

  it('warns only past the carrier cap', () => {
    const delhivery = findCarrier(DEFAULT_CARRIERS, 'delhivery')!;
    expect(insuredCapWarning(delhivery, 50_000)).toBeNull();
    expect(insuredCapWarning(delhivery, 70_001)).toBe(
      'Delhivery insures up to ₹50,000; this parcel is worth ₹70,001',
    );
  });

  it('refuses a list with a repeated code, an http page or a page without {awb}', () => {
    const one = { code: 'a1', name: 'Aone', trackingUrl: 'https://a.example/{awb}', insuredCap: 1 };
    expect(carrierListSchema.safeParse([one, one]).success).toBe(false);
    expect(
      carrierListSchema.safeParse([{ ...one, trackingUrl: 'http://a.example/{awb}' }]).success,
    ).toBe(false);
    expect(
      carrierListSchema.safeParse([{ ...one, trackingUrl: 'https://a.example/' }]).success,
    ).toBe(false);
    expect(carrierListSchema.safeParse([]).success).toBe(false);
  });
});
