import { isIP } from 'node:net';
import { z } from 'zod';

/** "true"/"1"/"yes" and "false"/"0"/"no"/"" (environment variables are strings). */
export const envFlag = z.union([z.boolean(), z.string()]).transform((value, ctx) => {
  if (typeof value === 'boolean') return value;
  const v = value.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(v)) return true;
  if (['false', '0', 'no', 'off', ''].includes(v)) return false;
  ctx.addIssue({ code: 'custom', message: 'expected true or false' });
  return z.NEVER;
});

/**
 * TRUST_PROXY: which proxies may tell the client's address in X-Forwarded-For. "false" (the
 * default: the socket's address is the client), "true" (any: only behind a proxy that is the sole
 * way in), a hop count ("1"), or a comma list of addresses and CIDRs ("10.0.0.0/8,127.0.0.1").
 * Fastify's `trustProxy` takes each of these forms.
 */
export const trustProxySetting = z
  .union([z.boolean(), z.number(), z.string()])
  .transform((value, ctx): boolean | number | string[] => {
    if (typeof value !== 'string') return value;
    const v = value.trim();
    if (v === '' || /^(false|0|no|off)$/i.test(v)) return false;
    if (/^(true|yes|on)$/i.test(v)) return true;
    if (/^\d+$/.test(v)) return Number(v);
    const entries = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    // Checked here so a typo stops start-up with this line, not a stack trace from proxy-addr.
    const bad = entries.find((entry) => !isAddressOrCidr(entry));
    if (bad) {
      ctx.addIssue({
        code: 'custom',
        message: `"${bad}" is not an IP address or CIDR (expected false, true, a hop count, or a comma list of addresses/CIDRs)`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** proxy-addr also takes the names loopback, linklocal and uniquelocal. */
function isAddressOrCidr(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}
export type TrustProxySetting = z.output<typeof trustProxySetting>;
