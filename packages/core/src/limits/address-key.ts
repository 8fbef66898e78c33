import { isIP } from 'node:net';

/**
 * The key a per-address limit counts under. An IPv4 address is itself (also when it arrives
 * IPv4-mapped, '::ffff:1.2.3.4'); an IPv6 address counts by its /64, because one subscriber is
 * routed a whole /64 and can rotate through it at will (privacy addresses change daily too).
 * NAT64 addresses (64:ff9b::/96) count by the IPv4 client they carry.
 */
export function addressKey(address: string): string {
  const plain = address.split('%')[0] ?? address; // zone id ('fe80::1%eth0')
  const mapped = /^(?:::ffff:|64:ff9b::)(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(plain);
  if (mapped?.[1]) return mapped[1];
  if (isIP(plain) !== 6) return plain;
  const [head = '', tail] = plain.split('::');
  const groups = (part: string | undefined) =>
    part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : [];
  const before = groups(head);
  const after = tail === undefined ? [] : groups(tail);
  const all = [...before, ...Array(8 - before.length - after.length).fill('0'), ...after];
  return `${all
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
