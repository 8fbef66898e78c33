import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';

/** A Content-Security-Policy as directive → sources. */
export type CspDirectives = Record<string, readonly string[]>;

/** The header value of a policy: `name source source; name …`. */
export function cspHeader(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/**
 * The storefront's and admin's policy: everything from this origin, no inline or evaluated script.
 * Product images are this server's (/media/art, /media/uploads), or PUBLIC_URL's when upload URLs
 * are written with it; blob: and data: are previews of a file being uploaded and tiny inlined assets.
 */
export function appCsp(config: Pick<Config, 'PUBLIC_URL'>) {
  const publicOrigin = config.PUBLIC_URL ? [new URL(config.PUBLIC_URL).origin] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    // 'unsafe-inline' for styles only: Radix's scroll lock (react-remove-scroll) and sonner add
    // <style> elements at run time whose text varies (a scrollbar width), so no hash can name them.
    // Styles cannot run code; scripts stay strict.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...publicOrigin],
    // data: for the ₹ glyph files inlined into the stylesheet (web/src/fonts/fonts.css).
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'none'"],
    // The app posts no native forms; the payment link is a navigation (window.location), which
    // CSP leaves alone, so the hosted payment page of another origin is reachable.
    'form-action': ["'self'"],
  } satisfies CspDirectives;
}

// Features the shop never uses are switched off for the page and anything it could embed.
// Only names Chromium knows: an unknown one is logged as an error on every page.
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=(self)',
  'usb=()',
].join(', ');

// A year, this host only: the shop cannot know whether every subdomain of its domain serves HTTPS.
export const HSTS = 'max-age=31536000';

/** Public images (seed drawings and uploads) may be shown by other sites, e.g. a shared link preview. */
const PUBLIC_IMAGE_PREFIX = '/media/';

/**
 * The headers helmet sets for these options. They depend on no request (no nonces, no directive
 * functions), so they are computed once: @fastify/helmet builds helmet's middleware again on every
 * request (a profile of cached listings: 9 % of the server's CPU in re-parsing the CSP).
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response: Pick<ServerResponse, 'setHeader' | 'removeHeader'> = {
    setHeader(name: string, value: number | string | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
      return this as ServerResponse;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Security headers on every answer (HTML shell, assets, JSON): CSP, frame and sniffing protection,
 * referrer and permissions policies; HSTS only on a request that came over HTTPS (behind a proxy
 * that is trusted through TRUST_PROXY), since over plain HTTP a browser ignores it anyway and a
 * development host must not be pinned to HTTPS. A route may replace the CSP with its own header.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const headers = {
    ...helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: appCsp(config) },
      // Added below, over HTTPS only.
      strictTransportSecurity: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      xFrameOptions: { action: 'deny' },
      // Same site rather than same origin: the Vite dev server (another port) shows uploaded images.
      crossOriginResourcePolicy: { policy: 'same-site' },
    }),
    'permissions-policy': PERMISSIONS_POLICY,
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (request.url.startsWith(PUBLIC_IMAGE_PREFIX))
      reply.header('cross-origin-resource-policy', 'cross-origin');
    done();
  });
}
