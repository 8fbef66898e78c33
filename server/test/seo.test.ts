// What crawlers read: robots.txt (not the app's HTML), and a sitemap index of the listing pages
// and every product.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@kanak/testkit';

describe('robots.txt and sitemaps', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const get = (path: string) => fetch(`${server.baseUrl}${path}`);
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

  it('serves robots.txt as text, keeping crawlers out of private pages and naming the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    for (const path of ['/admin', '/cart', '/checkout', '/api/'])
      expect(text).toContain(`Disallow: ${path}`);
    expect(text).toContain(`Sitemap: ${server.baseUrl}/sitemap.xml`);
  });

  it('lists the listing pages and every product, each once', async () => {
    const index = await get('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/^application\/xml/);
    const maps = locs(await index.text());
    expect(maps).toEqual([
      `${server.baseUrl}/sitemaps/catalogue.xml`,
      `${server.baseUrl}/sitemaps/products-1.xml`,
    ]);
    const catalogue = locs(await (await get('/sitemaps/catalogue.xml')).text());
    expect(catalogue).toContain(`${server.baseUrl}/`);
    expect(catalogue).toContain(`${server.baseUrl}/gold/earrings/stud`);
    expect(new Set(catalogue).size).toBe(catalogue.length);

    const products = await server.database.db.selectFrom('products').select('id').execute();
    const listed = locs(await (await get('/sitemaps/products-1.xml')).text());
    expect(new Set(listed)).toEqual(
      new Set(products.map((p) => `${server.baseUrl}/product/${p.id}`)),
    );
  });

  it('answers 404 for a sitemap that does not exist', async () => {
    for (const path of ['/sitemaps/products-2.xml', '/sitemaps/products-0.xml', '/sitemaps/x.xml'])
      expect((await get(path)).status, path).toBe(404);
  });
});
