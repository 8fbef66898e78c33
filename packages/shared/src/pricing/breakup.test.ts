import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sizePrices } from './breakup';
import { breakupOf } from './size-breakup';

/** Independent reference: exact rationals in BigInt, rounding half up with remainders. */
function roundHalfUp(numerator: bigint, denominator: bigint): bigint {
  const q = numerator / denominator;
  const r = numerator % denominator;
  return r * 2n >= denominator ? q + 1n : q;
}
function reference(
  rateRupees: string,
  weightGrams: string,
  kind: 'percent' | 'perGram',
  making: string,
  stones: number,
  discount: string,
) {
  // Decimal strings → exact fractions over powers of ten.
  const frac = (s: string): [bigint, bigint] => {
    const [whole, part = ''] = s.split('.');
    return [BigInt(whole + part), 10n ** BigInt(part.length)];
  };
  const [rn, rd] = frac(rateRupees);
  const [wn, wd] = frac(weightGrams);
  const [mn, md] = frac(making);
  const [dn, dd] = frac(discount);
  const M = roundHalfUp(rn * wn, rd * wd);
  const K = kind === 'percent' ? roundHalfUp(M * mn, md * 100n) : roundHalfUp(mn * wn, md * wd);
  const Kd = roundHalfUp(K * (100n * dd - dn), 100n * dd);
  const S = BigInt(stones);
  const gst = (v: bigint) => roundHalfUp(3n * v, 100n);
  return {
    price: Number(M + K + S + gst(M + K + S)),
    discountedPrice: Number(M + Kd + S + gst(M + Kd + S)),
    gst: Number(gst(M + Kd + S)),
  };
}

const decimalString = (maxWhole: number, places: number, minWhole = 0) =>
  fc
    .tuple(
      fc.integer({ min: minWhole, max: maxWhole }),
      fc.integer({ min: 0, max: 10 ** places - 1 }),
    )
    .map(([w, f]) => (places ? `${w}.${String(f).padStart(places, '0')}` : String(w)));

describe('metal pricing rule', () => {
  it('gives the worked example: 22K ₹12,800/g × 3.39 g, making 16 % → ₹51,845', () => {
    const b = breakupOf(
      {
        basis: 'metal',
        metal: 'gold',
        purity: '916',
        making: { kind: 'percent', value: 16 },
        stones: 0,
        makingDiscountPercent: 0,
      },
      { ratePerGram: 12800, publishedAt: '2026-11-25T04:30:00.000Z' },
      3.39,
    );
    expect(b).toMatchObject({ metalValue: 43392, making: 6943, gst: 1510, total: 51845 });
    expect(b.price).toBe(51845);
  });

  it('discounts making only, never the metal', () => {
    const p = sizePrices({
      ratePaise: 1_280_000,
      netWeightMg: 3390,
      making: { kind: 'percent', hundredths: 1600 },
      stones: 0,
      makingDiscountBp: 5000,
    });
    expect(p.metalValue).toBe(43392);
    // 6,943 × 0.5 = 3,471.5 → the discounted making rounds up to 3,472.
    expect(p.makingDiscount).toBe(3471);
    expect(p.discountedPrice).toBe(46864 + 1406);
  });

  it('agrees with an exact reference for any rate, weight, making and discount', () => {
    fc.assert(
      fc.property(
        decimalString(99_999, 2, 1),
        decimalString(999, 3),
        fc.constantFrom<'percent' | 'perGram'>('percent', 'perGram'),
        decimalString(99, 2),
        fc.integer({ min: 0, max: 1_000_000 }),
        decimalString(99, 2),
        (rate, weight, kind, making, stones, discount) => {
          const actual = sizePrices({
            ratePaise: Math.round(Number(rate) * 100),
            netWeightMg: Math.round(Number(weight) * 1000),
            making: { kind, hundredths: Math.round(Number(making) * 100) },
            stones,
            makingDiscountBp: Math.round(Number(discount) * 100),
          });
          const expected = reference(rate, weight, kind, making, stones, discount);
          expect(actual.price).toBe(expected.price);
          expect(actual.discountedPrice).toBe(expected.discountedPrice);
          expect(actual.gst).toBe(expected.gst);
          expect(actual.discountedPrice).toBeLessThanOrEqual(actual.price);
          for (const v of Object.values(actual)) expect(Number.isInteger(v)).toBe(true);
          const value = actual.metalValue + actual.making - actual.makingDiscount + actual.stones;
          expect(Math.abs(actual.gst - 0.03 * value)).toBeLessThanOrEqual(1);
          // The total is the sum of the shown lines.
          expect(actual.discountedPrice).toBe(value + actual.gst);
        },
      ),
      { numRuns: 500 },
    );
    // A shared machine can be slow; the property itself takes well under a second.
  }, 30_000);
});
