import { describe, expect, it } from 'vitest';
import { addressKey } from './address-key';

describe('addressKey', () => {
  it('keeps IPv4 addresses, also IPv4-mapped and NAT64 ones', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('64:ff9b::203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one client', () => {
    const key = addressKey('2001:db8:aa:1::1');
    expect(key).toBe('2001:db8:aa:1::/64');
    for (const rotated of [
      '2001:db8:aa:1:ffff:ffff:ffff:ffff',
      '2001:0db8:00aa:0001:1234:5678:9abc:def0',
      '2001:DB8:AA:1::dead:beef',
      '2001:db8:aa:1::1%eth0',
    ])
      expect(addressKey(rotated), rotated).toBe(key);
    expect(addressKey('2001:db8:aa:2::1')).not.toBe(key);
  });

  it('expands the shortest forms', () => {
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1')).toBe('fe80:0:0:0::/64');
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('leaves what is not an address as it is', () => {
    expect(addressKey('unknown')).toBe('unknown');
  });
});
