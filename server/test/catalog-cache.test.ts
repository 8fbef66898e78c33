// The catalogue read cache is never seen stale: a product edit, a stock change from a confirmed
// payment (applied by a worker process) and a new review are each visible on the very next read,
// through the server that made the change and through a second server process that only heard of
// it over Redis. Reads in between are answered from the cache (ETag, 304) and compressed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '@kanak/db';
import type { ProductPage, ProductView } from '@kanak/core';
import { httpClient, startTestServer, type TestServer } from '@kanak/testkit';
import {
  eventually,
  newCustomer,
  pickSizes,
  pipelineEnv,
  sandboxPaidOrder,
  startWorkerProcess,
  type WorkerProcess,
} from './pipeline-support';
import { startServerProcess, type ServerProcess } from './process-support';

describe('catalogue read cache across processes', () => {
  let one: TestServer;
  let two: ServerProcess;
  let worker: WorkerProcess;
  let admin: string;

  beforeAll(async () => {
    one = await startTestServer({ ORDER_WAIT_MS: 15_000 });
    // The second server shares the database, Redis and queue prefix (so it hears the first's
    // changes) and the signing secret (so one login works on both).
    two = await startServerProcess({
      ...pipelineEnv(one.config),
      DATABASE_URL: one.config.DATABASE_URL,
      REDIS_URL: one.config.REDIS_URL,
      JWT_SECRET: one.config.JWT_SECRET,
    });
    worker = await startWorkerProcess(one);
    admin = (
      await httpClient(one.baseUrl).post<{ jwt: string }>('/auth/login', SEED_ACCOUNTS.admin)
    ).body.jwt;
  }, 90_000);

  afterAll(async () => {
    await worker?.stop();
    await two?.stop();
    await one?.close();
  });

  const servers = () => [one.baseUrl, two.baseUrl];
  const product = (base: string, id: string) =>
    httpClient(base).get<ProductView>(`/api/products/id/${id}`);

  /** Reads it on both servers twice: the second read is the cached one. */
  async function warm(path: string) {
    for (const base of servers()) {
      for (let i = 0; i < 2; i++) expect((await httpClient(base).get(path)).status).toBe(200);
    }
  }

  it('answers repeated reads with an ETag, 304 when unchanged, compressed when asked', async () => {
    const path = '/api/products?category=ring&pageSize=24';
    for (const base of servers()) {
      const first = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'br' } });
      expect(first.status).toBe(200);
      expect(first.headers.get('content-encoding')).toBe('br');
      const etag = first.headers.get('etag');
      expect(etag).toBeTruthy();
      const page = (await first.json()) as ProductPage;
      expect(page.content.length).toBeGreaterThan(0);
      const again = await fetch(`${base}${path}`, { headers: { 'if-none-match': etag! } });
      expect(again.status).toBe(304);
      const gzip = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers.get('content-encoding')).toBe('gzip');
      expect(((await gzip.json()) as ProductPage).content).toEqual(page.content);
    }
  });

  it('shows a product edit on the next read, on both servers', async () => {
    const [size] = await pickSizes(one.database.db, 1, 3);
    const id = size!.productId;
    await warm(`/api/products/id/${id}`);
    const before = (await product(two.baseUrl, id)).body;
    const etag = (await fetch(`${two.baseUrl}/api/products/id/${id}`)).headers.get('etag');
    const edited = await httpClient(one.baseUrl).put<ProductView>(
      `/api/admin/products/${id}`,
      {
        ...before,
        title: `${before.title} (revised)`,
        discountedPrice: before.discountedPrice - 100,
        topLevelCategory: before.topLevelCategory,
        secondLevelCategory: before.secondLevelCategory,
        thirdLevelCategory: before.thirdLevelCategory,
      },
      { token: admin },
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    // The writer's own cache is cleared before it answers; the other hears it over Redis.
    expect((await product(one.baseUrl, id)).body.title).toBe(`${before.title} (revised)`);
    const seen = await eventually(async () => {
      const answer = await product(two.baseUrl, id);
      return answer.body.title.endsWith('(revised)') && answer.body;
    }, 2000);
    expect(seen.discountedPrice).toBe(before.discountedPrice - 100);
    // A client holding the old ETag now gets the new body, not a 304.
    const revalidated = await fetch(`${two.baseUrl}/api/products/id/${id}`, {
      headers: { 'if-none-match': etag! },
    });
    expect(revalidated.status).toBe(200);
  });

  it("shows the stock a worker's payment confirmation took, on both servers", async () => {
    const [size] = await pickSizes(one.database.db, 1, 5);
    const path = `/api/products/id/${size!.productId}`;
    await warm(path);
    const stockIn = (view: ProductView) => view.sizes.find((s) => s.weight === size!.weight)?.stock;
    const before = stockIn((await product(two.baseUrl, size!.productId)).body);
    expect(before).toBe(size!.stock);
    const paid = await sandboxPaidOrder(one, size!, 2);
    const http = httpClient(one.baseUrl);
    expect((await http.get(paid.returnPath, { token: paid.shopper.token })).status).toBe(200);
    // The worker confirms the payment, takes the stock and announces it: no server re-reads on
    // its own, so a fresh figure here can only come from the invalidation.
    for (const base of servers()) {
      await eventually(
        async () => stockIn((await product(base, size!.productId)).body) === before! - 2,
        10_000,
      );
    }
  });

  it('shows a new review and rating on the next read, on both servers', async () => {
    const [size] = await pickSizes(one.database.db, 1, 7);
    const id = size!.productId;
    await warm(`/api/products/id/${id}`);
    await warm(`/api/reviews/product/${id}`);
    await warm(`/api/products/id/${id}/rating-summary`);
    const shopper = await newCustomer(one, 'Reviewer');
    const text = `Cache check ${Date.now()}`;
    const http = httpClient(one.baseUrl);
    expect(
      (
        await http.post(
          '/api/reviews/create',
          { productId: id, review: text },
          { token: shopper.token },
        )
      ).status,
    ).toBe(201);
    expect(
      (
        await http.post(
          '/api/ratings/create',
          { productId: id, rating: 5 },
          { token: shopper.token },
        )
      ).status,
    ).toBe(201);
    expect((await product(one.baseUrl, id)).body.reviews.map((r) => r.review)).toContain(text);
    for (const base of servers()) {
      await eventually(async () => {
        const reviews = await httpClient(base).get<Array<{ review: string }>>(
          `/api/reviews/product/${id}`,
        );
        const view = await product(base, id);
        return (
          reviews.body.some((r) => r.review === text) &&
          view.body.reviews.some((r) => r.review === text) &&
          view.body.numRatings >= 1
        );
      }, 2000);
    }
  });

  it('serves fresh reads with the cache turned off', async () => {
    const uncached = await startServerProcess({
      ...pipelineEnv(one.config),
      DATABASE_URL: one.config.DATABASE_URL,
      REDIS_URL: one.config.REDIS_URL,
      JWT_SECRET: one.config.JWT_SECRET,
      CATALOG_CACHE_MB: '0',
    });
    try {
      const [size] = await pickSizes(one.database.db, 1, 9);
      const path = `/api/products/id/${size!.productId}`;
      const first = await httpClient(uncached.baseUrl).get<ProductView>(path);
      expect(first.status).toBe(200);
      // Changed behind every cache's back: only a server that reads PostgreSQL each time sees it.
      await one.database.db
        .updateTable('products')
        .set({ title: 'Changed in SQL' })
        .where('id', '=', size!.productId)
        .execute();
      expect((await httpClient(uncached.baseUrl).get<ProductView>(path)).body.title).toBe(
        'Changed in SQL',
      );
    } finally {
      await uncached.stop();
    }
  });
});
