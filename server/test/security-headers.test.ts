import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, startTestServer, type TestServer } from '@kanak/testkit';

// Security headers: the HTML shell, JSON answers, the sandbox payment page and the
// queue board each carry a CSP and the frame, sniffing, referrer and permissions headers; HSTS
// only over HTTPS as the trusted proxy reports it.

/** A built web of one page, so this test does not depend on `pnpm build`. */
function tinyWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kanak-web-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

/** The directives of a CSP header: name → sources. */
function directives(header: string | null): Map<string, string[]> {
  expect(header, 'content-security-policy header').toBeTruthy();
  // One policy: a route's own policy replaces the app's instead of being sent beside it.
  expect(header).not.toContain(',');
  return new Map(
    header!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectCommonHeaders(headers: Headers) {
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  const permissions = headers.get('permissions-policy') ?? '';
  for (const rule of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=(self)'])
    expect(permissions).toContain(rule);
}

function expectShopCsp(headers: Headers) {
  const csp = directives(headers.get('content-security-policy'));
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('form-action')).toEqual(["'self'"]);
  expect(csp.get('connect-src')).toEqual(["'self'"]);
  expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  // Inline styles only (Radix and sonner add <style> elements); never inline or evaluated script.
  expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  for (const sources of csp.values()) expect(sources).not.toContain("'unsafe-eval'");
}

describe('security headers over plain HTTP', () => {
  let server: TestServer;
  let webDist: string;
  const http = () => httpClient(server.baseUrl);

  beforeAll(async () => {
    webDist = tinyWebDist();
    server = await startTestServer({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('sends the CSP and the other headers with the HTML shell of any client-side route', async () => {
    for (const route of ['/', '/product/abc', '/login?redirect=/checkout']) {
      const res = await http().get(route);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expectShopCsp(res.headers);
      expectCommonHeaders(res.headers);
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('sends them with JSON answers too, refusals included', async () => {
    const products = await http().get('/api/products');
    expect(products.status).toBe(200);
    expect(products.headers.get('content-type')).toContain('application/json');
    const missing = await http().get('/api/no-such-route');
    expect(missing.status).toBe(404);
    const trpc = await http().get('/trpc/catalog.list?input=%7B%7D');
    for (const res of [products, missing, trpc]) {
      expectShopCsp(res.headers);
      expectCommonHeaders(res.headers);
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('lets other sites show the public images and nothing else', async () => {
    const json = await http().get('/api/products?limit=1');
    expect(json.headers.get('cross-origin-resource-policy')).toBe('same-site');
    const image = await http().get('/media/art/no-such-art.svg');
    expect(image.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });

  it('gives the sandbox payment page its own policy: no script at all, its one style by hash', async () => {
    const res = await http().get('/sandbox-pay/plink_sbx_0000000000000000');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('text/html');
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.has('script-src')).toBe(false);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'none'"]);
    const html = String(res.body);
    expect(html).not.toContain('<script');
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];
    expect(style).toBeTruthy();
    const hash = createHash('sha256').update(style!).digest('base64');
    expect(csp.get('style-src')).toEqual([`'sha256-${hash}'`]);
    expectCommonHeaders(res.headers);
  });

  it('loosens the policy for the queue board only, for the fonts its page links', async () => {
    const res = await http().get('/admin/queues');
    expect(res.status).toBe(401);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toContain('https://fonts.googleapis.com');
    expect(csp.get('font-src')).toContain('https://fonts.gstatic.com');
    expectCommonHeaders(res.headers);
    // The rest of the admin area keeps the shop's policy.
    expectShopCsp((await http().get('/admin/products')).headers);
  });

  it('sends no HSTS even when a client claims HTTPS but no proxy is trusted', async () => {
    const res = await http().get('/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('security headers behind a trusted HTTPS proxy', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('adds HSTS when the trusted proxy says the request came over HTTPS', async () => {
    const http = httpClient(server.baseUrl);
    const secure = await http.get('/api/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000');
    expectShopCsp(secure.headers);
    const plain = await http.get('/api/health', { headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const direct = await http.get('/api/health');
    expect(direct.headers.get('strict-transport-security')).toBeNull();
  });
});
