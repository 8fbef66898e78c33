import { describe, expect, it } from 'vitest';
import { addressInput } from './address';
import {
  courierAddressInput,
  MOBILE_MESSAGE,
  STATE_MESSAGE,
  stripMobilePrefix,
  indianMobile,
} from './courier-address';
import { PIN_MESSAGE } from '../delivery/pin-state';

const ADDRESS = {
  firstName: 'Priya',
  lastName: 'Sharma',
  streetAddress: '12, MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  zipCode: '560001',
  mobile: '9876543210',
};

const messagesFor = (input: unknown, field: string) => {
  const result = courierAddressInput.safeParse(input);
  if (result.success) return [];
  return result.error.issues.filter((i) => i.path[0] === field).map((i) => i.message);
};

describe('the address a courier accepts', () => {
  it('takes a good address as it is', () => {
    expect(courierAddressInput.parse(ADDRESS)).toEqual(ADDRESS);
  });

  it('asks for a 6-digit PIN that does not start with 0', () => {
    for (const zipCode of ['5600', '56000', '5600011', '060001', '56000a', ''])
      expect(messagesFor({ ...ADDRESS, zipCode }, 'zipCode')).toEqual([PIN_MESSAGE]);
    expect(courierAddressInput.parse({ ...ADDRESS, zipCode: ' 110001 ' }).zipCode).toBe('110001');
  });

  it('asks for a 10-digit Indian mobile, dropping a +91 or 0 prefix', () => {
    for (const mobile of ['12345', '5876543210', '98765432101', '98765-4321x'])
      expect(messagesFor({ ...ADDRESS, mobile }, 'mobile')).toEqual([MOBILE_MESSAGE]);
    for (const mobile of ['+91 98765 43210', '09876543210', '+919876543210', ' 98765-43210 '])
      expect(courierAddressInput.parse({ ...ADDRESS, mobile }).mobile).toBe('9876543210');
  });

  it('asks for a listed state or union territory', () => {
    expect(messagesFor({ ...ADDRESS, state: 'Atlantis' }, 'state')).toEqual([STATE_MESSAGE]);
    expect(messagesFor({ ...ADDRESS, state: '' }, 'state')).toEqual([STATE_MESSAGE]);
    expect(courierAddressInput.safeParse({ ...ADDRESS, state: 'Delhi' }).success).toBe(true);
  });

  it('keeps the lenient spec schema lenient for REST clients', () => {
    expect(addressInput.safeParse({ ...ADDRESS, zipCode: '5600', mobile: '12345' }).success).toBe(
      true,
    );
  });

  it('strips only a prefix in front of exactly ten digits', () => {
    expect(stripMobilePrefix('+919876543210')).toBe('9876543210');
    expect(stripMobilePrefix('0123')).toBe('0123');
  });

  it('reads a mobile the same way at checkout and for an old-gold pickup', () => {
    for (const typed of ['98450 12345', '+91 98450 12345', '91 9845012345', '098450-12345']) {
      expect(indianMobile.parse(typed)).toBe('9845012345');
      const address = courierAddressInput.parse({ ...ADDRESS, mobile: typed });
      expect(address.mobile).toBe('9845012345');
    }
    expect(indianMobile.safeParse('5845012345').error?.issues[0]?.message).toBe(MOBILE_MESSAGE);
  });
});
