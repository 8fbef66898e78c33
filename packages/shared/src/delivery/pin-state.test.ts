import { describe, expect, it } from 'vitest';
import { findIndianState, INDIAN_STATES } from '../account/indian-states';
import { pinStateMessage, pinStateProblem, stateMatchesPin } from './pin-state';
import { formatDeliveryDate, promiseLine } from './promise-line';

describe('a typed state against the PIN’s state', () => {
  it('accepts the usual variants: case, spaces, "&", old names and two-letter codes', () => {
    const pairs: [string, string][] = [
      ['Odisha', 'Orissa'],
      ['Odisha', 'OR'],
      ['Odisha', 'od'],
      ['Puducherry', 'Pondicherry'],
      ['Puducherry', 'PY'],
      ['Maharashtra', 'MH'],
      ['Maharashtra', '  maharashtra '],
      ['Karnataka', 'KA'],
      ['Delhi', 'DL'],
      ['Delhi', 'New Delhi'],
      ['Delhi', 'NCT of Delhi'],
      ['Tamil Nadu', 'TN'],
      ['Tamil Nadu', 'Tamilnadu'],
      ['Tamil Nadu', 'TAMIL   NADU'],
      ['Jammu and Kashmir', 'Jammu & Kashmir'],
      ['Jammu and Kashmir', 'J&K'],
      ['Andaman and Nicobar Islands', 'Andaman & Nicobar Islands'],
      ['Andaman and Nicobar Islands', 'Andaman & Nicobar'],
      ['Dadra and Nagar Haveli and Daman and Diu', 'Daman & Diu'],
      ['Dadra and Nagar Haveli and Daman and Diu', 'Dadra and Nagar Haveli'],
      ['Chhattisgarh', 'Chattisgarh'],
      ['Chhattisgarh', 'CG'],
      ['Chhattisgarh', 'CT'],
      ['Telangana', 'TS'],
      ['Telangana', 'TG'],
      ['Uttarakhand', 'Uttaranchal'],
      ['Uttarakhand', 'UK'],
      ['West Bengal', 'wb'],
      ['Ladakh', 'LA'],
      ['Lakshadweep', 'LD'],
    ];
    for (const [listed, typed] of pairs) {
      expect(findIndianState(typed)?.name, typed).toBe(listed);
      expect(stateMatchesPin([listed], typed), typed).toBe(true);
    }
  });

  it('knows every listed state by its own name, and no two variants collide', () => {
    for (const s of INDIAN_STATES) expect(findIndianState(s.name.toUpperCase())).toBe(s);
    // A code of one state never reads as another's name.
    expect(findIndianState('AN')?.name).toBe('Andaman and Nicobar Islands');
    expect(findIndianState('AP')?.name).toBe('Andhra Pradesh');
    expect(findIndianState('Atlantis')).toBeUndefined();
    expect(findIndianState('  ')).toBeUndefined();
  });

  it('refuses another state, naming the PIN and both states', () => {
    expect(stateMatchesPin(['Delhi'], 'Maharashtra')).toBe(false);
    expect(pinStateProblem('110001', ['Delhi'], 'Maharashtra')).toBe(
      'PIN 110001 is in Delhi, not Maharashtra',
    );
    expect(pinStateProblem('110001', ['Delhi'], 'Bavaria')).toBe(
      'PIN 110001 is in Delhi, not Bavaria',
    );
    expect(pinStateProblem('110001', ['Delhi'], 'delhi')).toBeNull();
  });

  it('takes either state of a PIN that serves two', () => {
    expect(pinStateProblem('160003', ['Chandigarh', 'Punjab'], 'PB')).toBeNull();
    expect(pinStateProblem('160003', ['Chandigarh', 'Punjab'], 'CH')).toBeNull();
    expect(pinStateMessage('160003', ['Chandigarh', 'Punjab'], 'Haryana')).toBe(
      'PIN 160003 is in Chandigarh or Punjab, not Haryana',
    );
  });
});

describe('the promise as a shopper reads it', () => {
  it('prints the date as "Tue, 2 Dec", whatever the time zone', () => {
    expect(formatDeliveryDate('2025-12-02')).toBe('Tue, 2 Dec');
    expect(formatDeliveryDate('2026-03-03')).toBe('Tue, 3 Mar');
  });

  it('says when, or that the shop does not deliver there', () => {
    const base = {
      pin: '560001',
      state: 'Karnataka',
      zone: 'metro',
      insuredCap: 5_000_000,
      district: 'Bengaluru',
      states: ['Karnataka'],
      withinCap: true,
    };
    expect(promiseLine({ ...base, serviceable: true, deliverBy: '2025-12-02' })).toBe(
      'Delivery by Tue, 2 Dec to 560001',
    );
    expect(promiseLine({ ...base, pin: '744101', serviceable: false, deliverBy: null })).toBe(
      'We do not deliver to 744101 yet',
    );
  });
});
