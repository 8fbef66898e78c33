import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductPage } from '@kanak/core';
import { httpClient, startTestServer, type TestServer } from '@kanak/testkit';

describe('server foundation', () => {
  let server: TestServer;
  let http: ReturnType<typeof httpClient>;
  beforeAll(async () => {
    server = await startTestServer();
    http = httpClient(server.baseUrl);
  });
  afterAll(() => server.close());

  it('reports PostgreSQL and Redis as up', async () => {
    const res = await http.get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', postgres: 'up', redis: 'up' });
  });

  it('answers an oversized request head with 431 and Connection: close', async () => {
    const { port } = new URL(server.baseUrl);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () =>
        socket.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
      );
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toMatch(/\r\nConnection: close\r\n/);
    expect(answer).toMatch(/"message":"The request headers are too large"/);
  });

  it('reads seeded products through REST with the spec shape', async () => {
    const res = await http.get<ProductPage>(
      '/api/products?category=ring&sort=high_to_low&pageSize=undefined&color=',
    );
    expect(res.status).toBe(200);
    expect(res.body.currentPage).toBe(1);
    expect(res.body.totalPages).toBeGreaterThanOrEqual(1);
    expect(res.body.content.length).toBeGreaterThan(0);
    for (const product of res.body.content) {
      expect(product.category).toEqual({ name: 'ring' });
      expect(product.imageUrls.length).toBeGreaterThanOrEqual(2);
    }
    const prices = res.body.content.map((p) => p.discountedPrice);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  it('reads products through tRPC', async () => {
    const input = encodeURIComponent(JSON.stringify({ category: 'jewellery', pageSize: 5 }));
    const res = await http.get<{ result: { data: ProductPage } }>(
      `/trpc/catalog.list?input=${input}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.result.data.content).toHaveLength(5);
  });

  it('serves generated product images with long cache headers', async () => {
    const page = await http.get<ProductPage>('/api/products?pageSize=1');
    const url = page.body.content[0]!.imageUrls[0]!.imageUrl;
    const res = await fetch(`${server.baseUrl}${url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(await res.text()).toContain('<svg');
  });

  it('answers unknown API paths and malformed ids with 4xx JSON', async () => {
    expect((await http.get('/api/nope')).status).toBe(404);
    const bad = await http.get<{ message: string }>('/api/products/id/not-an-id');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Product id is not valid');
    const unknown = await http.get('/api/products/id/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
  });

  it('answers CORS preflights for configured origins', async () => {
    const res = await fetch(`${server.baseUrl}/api/cart`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });
});
