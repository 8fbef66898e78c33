// The page cache keys on one spelling per page: upper-case and %-encoded spellings of a real
// product's path rendered the real page and took an entry each (1,483 of them evicted the home
// page). Now they answer 301 to the canonical path and store nothing; read-parameter values
// outside the shop's own words wait for a second request, and such pages hold a bounded share.
// The storefront render here is a small bundle that reads the product as the real one does
// (catalog.byId through the server's local reads), so no web build is needed.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@kanak/server';
import type { ProductPage } from '@kanak/shared';
import { httpClient, startTestServer, type TestServer } from '@kanak/testkit';

const BUNDLE = `
import { randomBytes } from 'node:crypto';
export async function render({ url, call }) {
  const path = url.split('?')[0];
  const product = /^\\/product\\/([^/]+)$/i.exec(path);
  let status = 200;
  if (product) {
    const answer = await call('catalog.byId', { productId: decodeURIComponent(product[1]) });
    status = answer.ok ? 200 : 404;
  }
  // Pages of about 8 kB that brotli cannot shrink, so a few fill a small cache.
  const filler = url.includes('?') ? randomBytes(6000).toString('base64') : '';
  return { kind: 'page', status, html: '<p>' + url + '</p><p>' + filler + '</p>', state: '{}',
    head: '', title: 'Kanak', passes: 1 };
}
`;
const INDEX =
  '<!doctype html><html><head><title>Kanak</title></head><body><div id="root"></div></body></html>';

/** Each character of the id in upper or lower case, and some %-encoded: a new spelling each time. */
function spelling(id: string, n: number): string {
  const chars = [...id].map((c, i) => {
    const bit = (n >> (i % 16)) & 1;
    if (i === n % id.length) return `%${c.charCodeAt(0).toString(16).toUpperCase()}`;
    return bit ? c.toUpperCase() : c;
  });
  const forms = [
    `/product/${chars.join('')}`,
    `/PRODUCT/${chars.join('')}`,
    `/product/${chars.join('').replaceAll('-', '')}`,
    `/product/${chars.join('')}/`,
  ];
  return forms[n % forms.length]!;
}

describe('one cache entry per page, whatever its spelling', () => {
  let one: TestServer;
  let two: Awaited<ReturnType<typeof buildApp>>;
  let base: string;
  let dir: string;
  let productId: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'kanak-ssr-'));
    await writeFile(path.join(dir, 'index.html'), INDEX);
    await writeFile(path.join(dir, 'entry-server.mjs'), BUNDLE);
    one = await startTestServer();
    // Half a megabyte: the variants' quarter holds a dozen of the 8 kB pages above.
    two = await buildApp({
      ...one.config,
      WEB_DIST: dir,
      SSR_BUNDLE: path.join(dir, 'entry-server.mjs'),
      PAGE_CACHE_MB: 0.5,
    });
    await two.app.listen({ port: 0, host: '127.0.0.1' });
    const address = two.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const list = await httpClient(base).get<ProductPage>('/api/products?category=ring&pageSize=1');
    productId = list.body.content[0]!._id;
  });
  afterAll(async () => {
    await two?.app.close();
    await one?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** The answer's status and location, its body read so that the connection is free again. */
  const get = async (url: string) => {
    const res = await fetch(base + url, { redirect: 'manual' });
    await res.arrayBuffer();
    return { status: res.status, headers: res.headers };
  };

  it('answers 100 spellings of one product path with a 301 to its canonical path and adds 0 entries', async () => {
    const cache = two.services.pageCache;
    const canonical = `/product/${productId}`;
    expect((await get(canonical)).status).toBe(200);
    expect((await get('/')).status).toBe(200);
    const kept = cache.size;
    expect(kept).toBe(2);
    const seen = new Set<string>();
    for (let n = 0; seen.size < 100; n++) {
      const url = spelling(productId, n);
      if (url === canonical || seen.has(url)) continue;
      seen.add(url);
      const res = await get(`${url}?utm_source=x`);
      expect(res.status, url).toBe(301);
      expect(res.headers.get('location'), url).toBe(`${canonical}?utm_source=x`);
    }
    expect(cache.size).toBe(kept);
    // A listing path in capitals goes to its lower-case spelling.
    const listing = await get('/All-Jewellery/Category/RING?color=rose');
    expect(listing.status).toBe(301);
    expect(listing.headers.get('location')).toBe('/all-jewellery/category/ring?color=rose');
    expect(cache.size).toBe(kept);
  });

  it("keeps a filter of the shop's own words at once, a made-up value only when asked again", async () => {
    const cache = two.services.pageCache;
    const before = cache.size;
    expect((await get('/all-jewellery/category/ring?color=yellow&sort=low_to_high')).status).toBe(
      200,
    );
    expect(cache.size).toBe(before + 1);
    const made = `/search?q=zz${Date.now()}`;
    expect((await get(made)).status).toBe(200);
    expect(cache.size).toBe(before + 1);
    expect((await get(made)).status).toBe(200);
    expect(cache.size).toBe(before + 2);
  });

  it('holds query-driven pages to their share: 60 searches asked twice push out no real page', async () => {
    const cache = two.services.pageCache;
    for (let i = 0; i < 60; i++) {
      const url = `/search?q=flood${i}`;
      await get(url);
      await get(url);
    }
    expect(cache.variantSize).toBeGreaterThan(0);
    // A quarter of half a megabyte, pages of at least 6 kB each once compressed.
    expect(cache.variantSize).toBeLessThanOrEqual(Math.ceil((0.5 * 1024 * 1024) / 4 / 6000));
    // Home and the product page are still answered from the cache.
    expect(cache.get(`${base}/`)).toBeDefined();
    expect(cache.get(`${base}/product/${productId}`)).toBeDefined();
  });
});
