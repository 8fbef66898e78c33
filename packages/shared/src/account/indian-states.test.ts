import { describe, expect, it } from 'vitest';
import { findIndianState, INDIAN_STATES, normaliseStateName } from './indian-states';
import { normaliseAddress } from './normalise-address';

describe('the list of Indian states and union territories', () => {
  it('has 28 states and 8 union territories, each name and GST code once', () => {
    expect(INDIAN_STATES.filter((s) => s.kind === 'state')).toHaveLength(28);
    expect(INDIAN_STATES.filter((s) => s.kind === 'union territory')).toHaveLength(8);
    expect(new Set(INDIAN_STATES.map((s) => s.name)).size).toBe(36);
    expect(new Set(INDIAN_STATES.map((s) => s.gstCode)).size).toBe(36);
    for (const s of INDIAN_STATES) expect(s.gstCode).toMatch(/^\d{2}$/);
  });

  it('carries the GST state codes', () => {
    expect(findIndianState('Karnataka')?.gstCode).toBe('29');
    expect(findIndianState('Maharashtra')?.gstCode).toBe('27');
    expect(findIndianState('Delhi')?.gstCode).toBe('07');
    expect(findIndianState('Telangana')?.gstCode).toBe('36');
    expect(findIndianState('Andhra Pradesh')?.gstCode).toBe('37');
    expect(findIndianState('Ladakh')?.gstCode).toBe('38');
  });

  it('finds a state whatever its case and spacing, and nothing that is not listed', () => {
    expect(findIndianState('  tamil   NADU ')?.name).toBe('Tamil Nadu');
    expect(findIndianState('Atlantis')).toBeUndefined();
    expect(findIndianState('')).toBeUndefined();
  });

  it('normalises a state to its listed spelling, else keeps it trimmed', () => {
    expect(normaliseStateName(' karnataka ')).toBe('Karnataka');
    expect(normaliseStateName('WEST BENGAL')).toBe('West Bengal');
    expect(normaliseStateName('  Bavaria ')).toBe('Bavaria');
  });

  it('normalises a whole address: trimmed fields, the listed state', () => {
    expect(
      normaliseAddress({
        firstName: ' Priya ',
        lastName: 'Sharma ',
        streetAddress: ' 12, MG Road',
        city: 'Bengaluru ',
        state: 'karnataka',
        zipCode: ' 560001 ',
        mobile: ' 9876543210',
      }),
    ).toEqual({
      firstName: 'Priya',
      lastName: 'Sharma',
      streetAddress: '12, MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      zipCode: '560001',
      mobile: '9876543210',
    });
  });
});
