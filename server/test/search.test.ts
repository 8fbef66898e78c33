import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '@kanak/core';
import { httpClient, startTestServer, type TestServer } from '@kanak/testkit';

describe('full-text product search over REST and tRPC', () => {
  let server: TestServer;
  let http: ReturnType<typeof httpClient>;
  const search = (input: unknown) =>
    http.get<{ result: { data: SearchResult } }>(
      `/trpc/catalog.search?input=${encodeURIComponent(JSON.stringify(input))}`,
    );

  beforeAll(async () => {
    server = await startTestServer();
    http = httpClient(server.baseUrl);
  });
  afterAll(() => server.close());

  it('finds earrings for the whole word and for the partial word "ear"', async () => {
    const whole = await http.get<SearchResult>('/api/products/search?q=earrings');
    expect(whole.status).toBe(200);
    expect(whole.body.total).toBeGreaterThan(0);
    expect(whole.body.content[0]!.title).toMatch(/earring/i);
    const partial = await http.get<SearchResult>('/api/products/search?q=ear');
    expect(partial.body.total).toBeGreaterThanOrEqual(whole.body.total);
    expect(partial.body.content.slice(0, 5).every((p) => /ear/i.test(p.title))).toBe(true);
    // Word starts only: "ear" is not found inside "pearl".
    const all = await http.get<SearchResult>('/api/products/search?q=ear&limit=50');
    expect(all.body.content.some((p) => p.category.name === 'pearl-ring')).toBe(false);
  });

  it('ranks title matches first and requires every word ("gold ring")', async () => {
    const res = await http.get<SearchResult>('/api/products/search?q=gold%20ring&limit=10');
    expect(res.body.content.length).toBeGreaterThan(0);
    for (const p of res.body.content) {
      const text = `${p.title} ${p.type} ${p.description} ${p.category.name}`.toLowerCase();
      expect(text).toContain('gold');
      expect(text).toContain('ring');
    }
    expect(res.body.content[0]!.title).toMatch(/gold/i);
  });

  it('searches brand and category names too, and one or two letters still find something', async () => {
    const brand = await http.get<SearchResult>('/api/products/search?q=Swarnika');
    expect(brand.body.total).toBeGreaterThan(0);
    expect(
      brand.body.content.every((p) => p.brand === 'Swarnika' || /swarnika/i.test(p.description)),
    ).toBe(true);
    const category = await http.get<SearchResult>('/api/products/search?q=jhumka&limit=50');
    expect(category.body.content.some((p) => p.category.name === 'jhumka')).toBe(true);
    const short = await http.get<SearchResult>('/api/products/search?q=go');
    expect(short.body.total).toBeGreaterThan(0);
    const nothing = await http.get<SearchResult>('/api/products/search?q=zzqqxx');
    expect(nothing.body).toEqual({ content: [], total: 0 });
    const blank = await http.get<SearchResult>('/api/products/search?q=%20%20');
    expect(blank.body).toEqual({ content: [], total: 0 });
  });

  it('answers products in the spec shape and honours limit', async () => {
    const res = await http.get<SearchResult>('/api/products/search?q=necklace&limit=3');
    expect(res.body.content).toHaveLength(3);
    expect(res.body.total).toBeGreaterThan(3);
    for (const p of res.body.content) {
      expect(p.imageUrls.length).toBeGreaterThanOrEqual(2);
      expect(p.category).toEqual({ name: expect.any(String) });
    }
  });

  it('treats query syntax as text: quotes, minus, "or", symbols and NUL never fail', async () => {
    for (const q of [
      '"gold ring"',
      'ring -gold',
      'ring or bangle',
      "o'clock & | ! :* ()",
      '%_\\',
      'gold\u0000ring',
      '🙂',
      '&&&',
      'सोने का हार',
    ]) {
      const res = await http.get<SearchResult>(`/api/products/search?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
    }
    const phrase = await http.get<SearchResult>(
      `/api/products/search?q=${encodeURIComponent('ring -gold')}&limit=50`,
    );
    expect(phrase.body.total).toBeGreaterThan(0);
  });

  it('refuses bad input with 400', async () => {
    expect((await http.get('/api/products/search')).status).toBe(400);
    expect((await http.get(`/api/products/search?q=${'a'.repeat(201)}`)).status).toBe(400);
    expect((await http.get('/api/products/search?q=ring&limit=0')).status).toBe(400);
    expect((await http.get('/api/products/search?q=ring&limit=abc')).status).toBe(400);
    expect((await http.get('/api/products/search?q=ring&limit=100000')).status).toBe(400);
    expect((await http.get('/api/products/search?q=a&q=b')).status).toBe(400);
  });

  it('catalog.search answers the same through tRPC', async () => {
    const rest = await http.get<SearchResult>('/api/products/search?q=pendant&limit=5');
    const trpc = await search({ q: 'pendant', limit: 5 });
    expect(trpc.status).toBe(200);
    expect(trpc.body.result.data).toEqual(rest.body);
    expect((await search({ q: 1 })).status).toBe(400);
    expect((await search({})).status).toBe(400);
    expect((await search({ q: 'ring', limit: -1 })).status).toBe(400);
    expect((await search({ q: 'x'.repeat(500) })).status).toBe(400);
  });
});
