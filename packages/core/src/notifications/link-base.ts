/**
 * The shop's address in every mail link (order, tracking, review, reset, product, unsubscribe):
 * MAIL_LINK_BASE_URL when an operator set it apart (older setups), else PUBLIC_URL, else the
 * address the shop listens on — its HOST and PORT, with a loopback or every-address HOST read
 * as `localhost`, which is what `pnpm start` prints. Production requires PUBLIC_URL (the server
 * refuses to start without it), so the fallback only serves a shop on one machine.
 */
export interface LinkBaseSettings {
  MAIL_LINK_BASE_URL?: string | undefined;
  PUBLIC_URL?: string | undefined;
  HOST?: string | undefined;
  PORT?: number | undefined;
}

const LOCAL_HOSTS = new Set([
  '',
  '127.0.0.1',
  'localhost',
  '0.0.0.0',
  '::',
  '::1',
  '[::]',
  '[::1]',
]);

/** Origin for mail links, without a trailing slash. */
export function mailLinkBase(settings: LinkBaseSettings): string {
  const configured = settings.MAIL_LINK_BASE_URL || settings.PUBLIC_URL;
  if (configured) return configured.replace(/\/+$/, '');
  const host = (settings.HOST ?? '').trim();
  const name = LOCAL_HOSTS.has(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${settings.PORT ?? 3000}`;
}
