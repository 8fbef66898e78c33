import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DomainError } from '../common';
import { INDIAN_STATES } from '@kanak/shared';
import { checkDeliveryAddress, checkInsuredCap } from './check-delivery-address';
import { deliverBy, indiaDate } from './deliver-by';
import { deliveryPromise } from './delivery-promise';
import { DEFAULT_DELIVERY_RULES, type DeliveryRules } from './delivery-rules';
import { directoryPins, lookupPin } from './pin-directory';
import { DEFAULT_DELIVERY_ZONES, zoneForPin, zoneTakesCash } from './zones';

/** A fixed clock: 10:00 in India on the given date. */
const at = (date: string) => new Date(`${date}T04:30:00Z`);
const rulesAt = (date: string, over: Partial<DeliveryRules> = {}): DeliveryRules => ({
  ...DEFAULT_DELIVERY_RULES,
  holidays: [],
  now: () => at(date),
  ...over,
});

const refusal = (run: () => void): string => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe('BAD_REQUEST');
    return (error as DomainError).message;
  }
  throw new Error('expected a refusal');
};

describe('the delivery date', () => {
  it("reads India's date, not the server's", () => {
    expect(indiaDate(new Date('2025-11-29T18:29:00Z'))).toBe('2025-11-29');
    expect(indiaDate(new Date('2025-11-29T18:31:00Z'))).toBe('2025-11-30');
  });

  it('skips a Sunday', () => {
    // Friday 28 Nov 2025 + 3 working days: Sat 29, (Sun 30), Mon 1, Tue 2 Dec.
    expect(deliverBy(at('2025-11-28'), 3, [])).toBe('2025-12-02');
    // Monday + 3: Tue, Wed, Thu; no Sunday in between.
    expect(deliverBy(at('2025-12-01'), 3, [])).toBe('2025-12-04');
    // Ordered on a Saturday, 1 day: Sunday does not count, Monday.
    expect(deliverBy(at('2025-11-29'), 1, [])).toBe('2025-12-01');
  });

  it('skips a holiday, given once or every year, and a Sunday with it', () => {
    // Mon 1 Dec is a holiday: Sat 29, (Sun), (Mon), Tue 2, Wed 3.
    expect(deliverBy(at('2025-11-28'), 3, ['2025-12-01'])).toBe('2025-12-03');
    // Republic Day 26 Jan 2026 is a Monday: Sat 24 + 2 → (Sun 25), (Mon 26), Tue 27, Wed 28.
    expect(deliverBy(at('2026-01-24'), 2, ['01-26'])).toBe('2026-01-28');
    expect(deliverBy(at('2026-01-24'), 2, [])).toBe('2026-01-27');
  });

  it('never lands on a Sunday or holiday, and is never sooner than the days asked', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2024-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 20 }),
        (now, days) => {
          const day = deliverBy(now, days, ['08-15']);
          const date = new Date(`${day}T00:00:00Z`);
          expect(date.getUTCDay()).not.toBe(0);
          expect(day.slice(5)).not.toBe('08-15');
          const start = new Date(`${indiaDate(now)}T00:00:00Z`);
          expect((date.getTime() - start.getTime()) / 86_400_000).toBeGreaterThanOrEqual(days);
        },
      ),
    );
  });
});

describe('zones by PIN prefix', () => {
  it('takes the longest prefix', () => {
    expect(zoneForPin(DEFAULT_DELIVERY_ZONES, '560001')?.zone).toBe('metro');
    expect(zoneForPin(DEFAULT_DELIVERY_ZONES, '562101')?.zone).toBe('rest of India');
    expect(zoneForPin(DEFAULT_DELIVERY_ZONES, '781001')?.zone).toBe('North-East and islands');
    expect(zoneForPin(DEFAULT_DELIVERY_ZONES, '744101')?.zone).toBe('North-East and islands');
    expect(zoneForPin(DEFAULT_DELIVERY_ZONES, '682555')?.zone).toBe('North-East and islands');
    expect(zoneForPin(DEFAULT_DELIVERY_ZONES, '682031')?.zone).toBe('rest of India');
  });

  it('takes cash on delivery everywhere but the North-East and the islands by default', () => {
    expect(zoneTakesCash(zoneForPin(DEFAULT_DELIVERY_ZONES, '560001')!)).toBe(true);
    expect(zoneTakesCash(zoneForPin(DEFAULT_DELIVERY_ZONES, '682031')!)).toBe(true);
    expect(zoneTakesCash(zoneForPin(DEFAULT_DELIVERY_ZONES, '781001')!)).toBe(false);
    expect(zoneTakesCash(zoneForPin(DEFAULT_DELIVERY_ZONES, '744101')!)).toBe(false);
  });

  it('serves every PIN of the directory by default', () => {
    for (const entry of directoryPins())
      expect(deliveryPromise(DEFAULT_DELIVERY_RULES, entry.pin).serviceable, entry.pin).toBe(true);
  });

  it('promises the zone’s days and cap, and nothing where the shop does not deliver', () => {
    const rules = rulesAt('2025-11-28', {
      zones: [
        ...DEFAULT_DELIVERY_ZONES,
        { zone: 'not yet', prefixes: ['744'], days: null, insuredCap: 0 },
      ],
    });
    expect(deliveryPromise(rules, '560001', 60_000)).toEqual({
      pin: '560001',
      serviceable: true,
      state: 'Karnataka',
      zone: 'metro',
      deliverBy: '2025-12-02',
      insuredCap: 50_00_000,
      district: 'Bengaluru',
      states: ['Karnataka'],
      withinCap: true,
    });
    expect(deliveryPromise(rules, '744101')).toMatchObject({
      serviceable: false,
      state: 'Andaman and Nicobar Islands',
      zone: null,
      deliverBy: null,
      insuredCap: null,
    });
    // A 6-digit number India Post does not list.
    expect(deliveryPromise(rules, '999999')).toMatchObject({ serviceable: false, state: null });
    expect(deliveryPromise(rules, '781001', 20_00_000)).toMatchObject({
      zone: 'North-East and islands',
      insuredCap: 10_00_000,
      withinCap: false,
    });
  });
});

describe('an address the shop can deliver to', () => {
  const rules = rulesAt('2025-11-28');

  it('refuses a PIN of another state, naming both', () => {
    expect(
      refusal(() => checkDeliveryAddress(rules, { zipCode: '110001', state: 'Maharashtra' })),
    ).toBe('PIN 110001 is in Delhi, not Maharashtra');
  });

  it('refuses a PIN India Post does not list, and one the shop does not serve', () => {
    expect(
      refusal(() => checkDeliveryAddress(rules, { zipCode: '5600', state: 'Karnataka' })),
    ).toMatch(/PIN 5600 is not an Indian PIN code/);
    const islandsClosed = {
      ...rules,
      zones: DEFAULT_DELIVERY_ZONES.filter((z) => z.zone === 'metro'),
    };
    expect(
      refusal(() => checkDeliveryAddress(islandsClosed, { zipCode: '744101', state: 'AN' })),
    ).toBe('We do not deliver to 744101 yet');
  });

  it('accepts a PIN of every state and territory with that state, as named or by a variant', () => {
    const oneOf = new Map<string, string>();
    for (const entry of directoryPins())
      for (const state of entry.states) if (!oneOf.has(state)) oneOf.set(state, entry.pin);
    expect([...oneOf.keys()].sort()).toEqual(INDIAN_STATES.map((s) => s.name).sort());
    for (const state of INDIAN_STATES) {
      const pin = oneOf.get(state.name)!;
      expect(() => checkDeliveryAddress(rules, { zipCode: pin, state: state.name })).not.toThrow();
      expect(() =>
        checkDeliveryAddress(rules, {
          zipCode: ` ${pin} `,
          state: ` ${state.name.toLowerCase()} `,
        }),
      ).not.toThrow();
    }
    for (const [pin, state] of [
      ['751001', 'Orissa'],
      ['605001', 'Pondicherry'],
      ['400001', 'MH'],
      ['560001', 'KA'],
      ['110001', 'DL'],
      ['600001', 'TN'],
      ['194101', 'Ladakh'],
      ['190001', 'Jammu & Kashmir'],
    ])
      expect(
        () => checkDeliveryAddress(rules, { zipCode: pin!, state: state! }),
        `${pin} ${state}`,
      ).not.toThrow();
  });

  it('refuses any PIN with a state other than its own (property)', () => {
    const pins = [...directoryPins()].filter((e) => e.states.length === 1);
    fc.assert(
      fc.property(fc.constantFrom(...pins), fc.constantFrom(...INDIAN_STATES), (entry, state) => {
        fc.pre(state.name !== entry.states[0]);
        expect(
          refusal(() => checkDeliveryAddress(rules, { zipCode: entry.pin, state: state.name })),
        ).toBe(`PIN ${entry.pin} is in ${entry.states[0]}, not ${state.name}`);
      }),
    );
  });

  it('refuses an order above its zone’s insured cap, naming the cap', () => {
    expect(() => checkInsuredCap(rules, '781001', 10_00_000)).not.toThrow();
    expect(refusal(() => checkInsuredCap(rules, '781001', 10_00_001))).toBe(
      'This order (₹10,00,001) is above ₹10,00,000, the most we can insure in one parcel to PIN 781001 (North-East and islands): split the order or deliver to another address',
    );
  });

  it('knows the directory’s districts for the form’s city', () => {
    expect(lookupPin('400001')).toEqual({
      pin: '400001',
      states: ['Maharashtra'],
      district: 'Mumbai',
    });
    expect(lookupPin('194101')?.states).toEqual(['Ladakh']);
  });
});
