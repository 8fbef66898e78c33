/**
 * A request's path as traces record it: the route's template when one matched (`/api/stock-alerts/:token`),
 * else the path without its query, with any segment that looks like a secret token masked. Traces
 * leave the shop for a tracing backend: a reset link's `?token=` or an unsubscribe token in the
 * path is a live credential there.
 */
export function traceablePath(url: string, routeTemplate: string | undefined): string {
  if (routeTemplate && !routeTemplate.includes('*')) return routeTemplate;
  const path = url.split(/[?#]/, 1)[0] ?? '/';
  return path
    .split('/')
    .map((segment) => (looksLikeSecret(segment) ? ':secret' : segment))
    .join('/');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Tokens the shop mails are 32 random bytes in base64url (43 characters) or hex; ids stay. */
const looksLikeSecret = (segment: string) =>
  segment.length >= 24 && /^[A-Za-z0-9_%-]+$/.test(segment) && !UUID.test(segment);
