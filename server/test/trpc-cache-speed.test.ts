// tRPC at cache speed: small answers are never compressed (a streamed body used to be, whatever
// its size); GET queries, alone or batched, are answered by their use cases directly (cached ones
// from the read cache's bytes) with the same bodies tRPC gives, and a change shows on the next
// read; anything the direct path does not take (a bad token, an unknown product, a bad input)
// keeps tRPC's own error answers, and a call it already ran is not run again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '@kanak/db';
import type { ProductPage, ProductView } from '@kanak/core';
import { httpClient, sampleValue, scrape, startTestServer, type TestServer } from '@kanak/testkit';

const batchPath = (calls: Array<[string, unknown]>) =>
  `/trpc/${calls.map(([p]) => p).join(',')}?batch=1&input=${encodeURIComponent(
    JSON.stringify(Object.fromEntries(calls.map(([, input], i) => [i, input]))),
  )}`;

const METRICS_TOKEN = 'trpc-direct-path-metrics-token-0123456789';

describe('tRPC reads at cache speed', () => {
  let server: TestServer;
  let uncached: TestServer;
  let productId: string;

  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: METRICS_TOKEN });
    uncached = await startTestServer({ CATALOG_CACHE_MB: 0 });
    const page = await httpClient(server.baseUrl).get<ProductPage>('/api/products?category=ring');
    productId = page.body.content[0]!._id;
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await uncached?.close();
  });

  it('sends answers under 1 kB as they are, with their length, even when brotli is accepted', async () => {
    for (const base of [server.baseUrl, uncached.baseUrl]) {
      const ping = await fetch(`${base}/trpc/ping`, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(ping.headers.get('content-encoding')).toBeNull();
      expect(ping.headers.get('content-length')).toBe('26');
      expect(await ping.text()).toBe('{"result":{"data":"pong"}}');
      // A large tRPC answer is still compressed.
      const list = await fetch(`${base}${batchPath([['catalog.list', { category: 'ring' }]])}`, {
        headers: { 'accept-encoding': 'br' },
      });
      expect(list.headers.get('content-encoding')).toBe('br');
    }
  });

  it('answers a cached query, alone and batched, with the body tRPC itself gives', async () => {
    const calls: Array<[string, unknown]> = [
      ['catalog.list', { category: 'ring', sort: 'price_low' }],
      ['catalog.byId', { productId }],
      ['catalog.offers', undefined],
    ];
    for (const path of [
      batchPath(calls),
      batchPath([calls[1]!]),
      `/trpc/catalog.byId?input=${encodeURIComponent(JSON.stringify({ productId }))}`,
    ]) {
      // Twice on the cached server (a miss, then a hit), once without the cache.
      const [first, second, plain] = await Promise.all(
        [server.baseUrl, server.baseUrl, uncached.baseUrl].map(async (base) => {
          const answer = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'gzip' } });
          expect(answer.status).toBe(200);
          return answer.json();
        }),
      );
      expect(second).toEqual(first);
      expect(first).toEqual(plain);
    }
    const etag = (await fetch(`${server.baseUrl}${batchPath(calls)}`)).headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${server.baseUrl}${batchPath(calls)}`, {
      headers: { 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);
  });

  it('shows a product edit on the next batched read', async () => {
    const http = httpClient(server.baseUrl);
    const admin = (await http.post<{ jwt: string }>('/auth/login', SEED_ACCOUNTS.admin)).body.jwt;
    const path = batchPath([
      ['catalog.byId', { productId }],
      ['catalog.ratingSummary', { productId }],
    ]);
    const read = async () =>
      (
        (await (await fetch(`${server.baseUrl}${path}`)).json()) as [
          { result: { data: ProductView } },
          unknown,
        ]
      )[0].result.data;
    const before = await read();
    expect(await read()).toEqual(before);
    const edited = await http.put<ProductView>(
      `/api/admin/products/${productId}`,
      { ...before, title: `${before.title} (batched)` },
      { token: admin },
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await read()).title).toBe(`${before.title} (batched)`);
  });

  it("keeps tRPC's own answers for a bad token, an unknown product and a bad input", async () => {
    const byId = batchPath([['catalog.byId', { productId }]]);
    const badToken = await fetch(`${server.baseUrl}${byId}`, {
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(badToken.status).toBe(401);
    const unknown = await fetch(
      `${server.baseUrl}${batchPath([['catalog.byId', { productId: '00000000-0000-4000-8000-000000000000' }]])}`,
    );
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as [{ error: { message: string } }])[0].error.message).toMatch(
      /not found/i,
    );
    for (const path of [
      batchPath([['catalog.byId', { productId: { not: 'an id' } }]]),
      '/trpc/catalog.list?batch=1&input=%7B',
    ]) {
      const [fast, plain] = (await Promise.all(
        [server.baseUrl, uncached.baseUrl].map((base) => fetch(`${base}${path}`)),
      )) as [Response, Response];
      expect(fast.status).toBeGreaterThanOrEqual(400);
      expect(fast.status).toBeLessThan(500);
      expect(fast.status).toBe(plain.status);
      expect(await fast.json()).toEqual(await plain.json());
    }
  });
  it('answers each call as its REST path does: public and personal, cached or not, alone and batched', async () => {
    for (const base of [server.baseUrl, uncached.baseUrl]) {
      // Each test server signs its own tokens.
      const http = httpClient(base);
      const customer = (await http.post<{ jwt: string }>('/auth/login', SEED_ACCOUNTS.customer))
        .body.jwt;
      const rest = async (base: string, path: string) =>
        (await http.get<unknown>(path, { token: customer })).body;
      const [product, cart, wishlist] = await Promise.all([
        rest(base, `/api/products/id/${productId}`),
        rest(base, '/api/cart'),
        rest(base, '/api/wish'),
      ]);
      const answer = await fetch(
        `${base}${batchPath([
          ['catalog.byId', { productId }],
          ['cart.get', undefined],
          ['wishlist.get', undefined],
          ['ping', undefined],
        ])}`,
        { headers: { authorization: `Bearer ${customer}` } },
      );
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual([
        { result: { data: product } },
        { result: { data: cart } },
        { result: { data: wishlist } },
        { result: { data: 'pong' } },
      ]);
      // A personal answer is never kept: no ETag on it.
      expect(answer.headers.get('etag')).toBeNull();
    }
  });

  it('hands a batch with a refusal to tRPC, which replays the calls already run instead of running them again', async () => {
    const misses = async () =>
      sampleValue(
        (await scrape(`${server.baseUrl}/metrics`, METRICS_TOKEN)).families,
        'kanak_read_cache_misses_total',
      );
    const page = await httpClient(server.baseUrl).get<ProductPage>('/api/products?category=ring');
    const other = page.body.content.at(-1)!._id;
    const unknownId = '00000000-0000-4000-8000-00000000abcd';
    const before = await misses();
    const answer = await fetch(
      `${server.baseUrl}${batchPath([
        ['catalog.similar', { productId: other }],
        ['catalog.byId', { productId: unknownId }],
      ])}`,
    );
    const body = (await answer.json()) as [
      { result: { data: unknown } },
      { error: { message: string; data: { code: string; httpStatus: number } } },
    ];
    expect(body[0].result.data).toEqual(
      (await httpClient(server.baseUrl).get<unknown>(`/api/products/id/${other}/similar`)).body,
    );
    expect(body[1].error.data).toMatchObject({ code: 'NOT_FOUND', httpStatus: 404 });
    expect(body[1].error.message).toMatch(/not found/i);
    // One miss per call of the batch: tRPC's handler found the similar pieces in the cache and
    // the refusal recorded, not read again (a second read of the unknown id would be a third miss).
    // The REST read of the similar pieces above is a hit.
    expect((await misses()) - before).toBe(2);
  });

  it('leaves to tRPC what it would not read as a plain query call, never a 5xx', async () => {
    const stray = await fetch(`${server.baseUrl}/trpc/%25`);
    expect(stray.status).toBe(400);
    expect(((await stray.json()) as { error: { data: { code: string } } }).error.data.code).toBe(
      'BAD_REQUEST',
    );
    for (const path of [
      '/trpc/ping?batch=1&input=null',
      '/trpc/ping?batch=1&input=%5B%5D',
      '/trpc/ping,ping?batch=true',
    ]) {
      const answer = await fetch(`${server.baseUrl}${path}`);
      expect(answer.status, path).toBeLessThan(500);
    }
  });
});
