// The storefront is rendered on the server: plain HTTP (no JavaScript) gets each shopper page's
// title, names, prices, canonical link and structured data; the browser hydrates it without a
// warning and without asking the API again for what the HTML holds; a product edit and a sale
// change the HTML at once on two servers; and no cached HTML ever carries anyone's own data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { buildApp } from '@kanak/server';
import type { ProductPage, ProductView } from '@kanak/shared';
import {
  closeContext,
  holdTableLock,
  httpClient,
  launchBrowser,
  screenshotOnFailure,
  startTestServer,
  WALK_ORDER_WAIT_MS,
  watchConsole,
  type TestServer,
} from '@kanak/testkit';
import type { RunningWorker } from '@kanak/worker';
import { startShopWorker, WEB_DIST } from './shop-support';

const ADMIN = { email: 'admin@kanak.shop', password: 'Admin@123' };
const CUSTOMER = { email: 'priya@example.com', password: 'Priya@123' };
const ADDRESS = {
  firstName: 'Priya',
  lastName: 'Sharma',
  streetAddress: '12, MG Road',
  city: 'Mumbai',
  state: 'Maharashtra',
  zipCode: '400001',
  mobile: '9876543210',
};
const LISTING = '/all-jewellery/category/ring';

/** ₹27,000 as the pages print it. */
const rupees = (amount: number) => `₹${amount.toLocaleString('en-IN')}`;
/** Text as it stands in HTML (the names are plain, but & and quotes may be escaped). */
const inHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );

describe('server-rendered storefront', () => {
  let one: TestServer;
  let two: Awaited<ReturnType<typeof buildApp>>;
  let twoUrl: string;
  let worker: RunningWorker;
  let browser: Browser;
  let admin: string;
  let shopper: string;

  beforeAll(async () => {
    one = await startTestServer({ WEB_DIST, ORDER_WAIT_MS: WALK_ORDER_WAIT_MS });
    // A second server on the same database, Redis and queue prefix: it hears the first's changes.
    two = await buildApp(one.config);
    await two.app.listen({ port: 0, host: '127.0.0.1' });
    const address = two.app.server.address();
    twoUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    worker = startShopWorker(one);
    browser = await launchBrowser();
    admin = (await httpClient(one.baseUrl).post<{ jwt: string }>('/auth/login', ADMIN)).body.jwt;
    shopper = (await httpClient(one.baseUrl).post<{ jwt: string }>('/auth/login', CUSTOMER)).body
      .jwt;
  });
  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await two?.app.close();
    await one?.close();
  });

  const page = async (base: string, path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(base + path, { headers });
    return { status: response.status, html: await response.text(), response };
  };
  const firstProducts = async (query: string) =>
    (await httpClient(one.baseUrl).get<ProductPage>(`/api/products?${query}`)).body.content;

  it('plain HTTP gets home, a listing and a product page with their content', async () => {
    const home = await page(one.baseUrl, '/');
    expect(home.status).toBe(200);
    expect(home.response.headers.get('content-type')).toContain('text/html');
    expect(home.html).toContain('<title>Kanak Jewellers | Gold, Diamond &amp; Silver');
    expect(home.html).toContain(`<link rel="canonical" href="${one.baseUrl}/"`);
    const bestSellers = await firstProducts('collection=best-sellers&pageSize=12');
    expect(bestSellers.length).toBeGreaterThan(0);
    for (const product of bestSellers.slice(0, 3)) {
      expect(home.html).toContain(inHtml(product.title));
      expect(home.html).toContain(rupees(product.discountedPrice));
    }
    const store = jsonLd(home.html).find((d) => d['@type'] === 'JewelryStore');
    expect(store?.name).toBe('Kanak Jewellers');

    const listing = await page(one.baseUrl, LISTING);
    expect(listing.status).toBe(200);
    expect(listing.html).toContain(`<link rel="canonical" href="${one.baseUrl}${LISTING}"`);
    const rings = await firstProducts('category=ring&pageSize=12');
    expect(rings.length).toBeGreaterThan(0);
    for (const product of rings.slice(0, 3)) {
      expect(listing.html).toContain(inHtml(product.title));
      expect(listing.html).toContain(rupees(product.discountedPrice));
    }
    const items = jsonLd(listing.html).find((d) => d['@type'] === 'ItemList');
    expect(JSON.stringify(items)).toContain(`/product/${rings[0]!._id}`);

    const ring = rings[0]!;
    const product = await page(one.baseUrl, `/product/${ring._id}`);
    expect(product.status).toBe(200);
    expect(product.html).toContain(`<title>${inHtml(ring.title)} | Kanak Jewellers</title>`);
    expect(product.html).toContain(
      `<link rel="canonical" href="${one.baseUrl}/product/${ring._id}"`,
    );
    // The page opens on the first size in stock, priced from today's rate: its price is shown.
    const shown = ring.sizes.find((s) => s.stock > 0) ?? ring.sizes[0]!;
    expect(product.html).toContain(rupees(shown.discountedPrice ?? ring.discountedPrice));
    const offer = jsonLd(product.html).find((d) => d['@type'] === 'Product');
    expect(offer).toMatchObject({ name: ring.title, offers: { price: ring.discountedPrice } });

    // An unknown path is the 404 page, kept out of search engines.
    const missing = await page(one.baseUrl, '/no/such/page/here');
    expect(missing.html).toContain('This page has wandered off');
    expect(missing.html).toContain('<meta name="robots" content="noindex" />');
    // Shopper-only pages stay the browser's to render.
    const cart = await page(one.baseUrl, '/cart');
    expect(cart.status).toBe(200);
    expect(cart.html).toContain('<div id="root"></div>');
  });

  it('a random query string or a made-up path renders nothing new and stores nothing (security review, finding 6)', async () => {
    const cache = two.services.pageCache;
    const home = await page(twoUrl, '/');
    expect(home.status).toBe(200);
    // Asked twice: a filtered listing is kept from its second render (page-admission).
    await page(twoUrl, `${LISTING}?color=Gold&page=1`);
    const listing = await page(twoUrl, `${LISTING}?color=Gold&page=1`);
    expect(listing.status).toBe(200);
    const kept = cache.size;
    for (let i = 0; i < 20; i++) {
      const random = Math.random().toString(36).slice(2);
      const flooded = await page(twoUrl, `/?z=${random}&utm_source=${random}`);
      expect(flooded.status).toBe(200);
      // The cached page of `/`, byte for byte.
      expect(flooded.html).toBe(home.html);
      // The same listing whatever the order of its parameters and whatever else rides along.
      expect((await page(twoUrl, `${LISTING}?page=1&z=${random}&color=Gold`)).html).toBe(
        listing.html,
      );
      // A made-up path is the not-found page, rendered but never kept.
      const missing = await page(twoUrl, `/nowhere-${random}`);
      expect(missing.html).toContain('noindex');
      // Made-up filter values and price ranges are real listings, rendered but kept only
      // when asked for again (page-admission): a walk over random variants fills nothing.
      const variant = await page(twoUrl, `${LISTING}?color=${random}&price=${i},${i + 5000}`);
      expect(variant.status).toBe(200);
    }
    expect(cache.size).toBe(kept);
    // A variant asked for twice is a page shoppers come back to: it is kept.
    await page(twoUrl, `${LISTING}?color=Silver&price=0,12345`);
    await page(twoUrl, `${LISTING}?color=Silver&price=0,12345`);
    expect(cache.size).toBe(kept + 1);
  });

  it('renders an uncached page once (one React pass), and once for two requests at the same time', async () => {
    const stats = two.services.renders.stats;
    const products = await firstProducts('category=ring&pageSize=3');
    const paths = ['/', LISTING, `/product/${products[0]!._id}`, '/pages/about', '/search?q=ring'];
    // Each asked once before, so a listing or a search is kept from its next render
    // (page-admission) like the other pages: the counts below are about renders alone.
    for (const path of paths) await page(twoUrl, path);
    for (const path of paths) {
      // Not in the cache any more: the next request renders.
      const fresh = path;
      two.services.pageCache.invalidate({ scope: 'all' });
      const before = { ...stats };
      const answers = await Promise.all([page(twoUrl, fresh), page(twoUrl, fresh)]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(answers[0]!.html).toBe(answers[1]!.html);
      expect(stats.pages - before.pages, path).toBe(1);
      // The second request shared the running render or found its page kept (whichever its
      // timing met: render-gate.test shares deterministically); either way, one render.
      expect(stats.passes - before.passes, `${path}: React passes`).toBe(1);
    }
  });

  it('past SSR_MAX_RENDERS sends the browser-rendered page at once, which hydrates and works', async () => {
    const capped = await buildApp({ ...one.config, SSR_MAX_RENDERS: 1 });
    await capped.app.listen({ port: 0, host: '127.0.0.1' });
    const address = capped.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      const products = await firstProducts('category=ring&pageSize=6');
      const answers = await Promise.all(products.map((p) => page(base, `/product/${p._id}`)));
      expect(answers.every((a) => a.status === 200)).toBe(true);
      const plain = answers.filter((a) => a.html.includes('<div id="root"></div>'));
      expect(plain.length).toBeGreaterThan(0);
      expect(capped.services.renders.stats.fallbacks).toBe(plain.length);
      // The plain page is the whole shop: the browser renders the product itself.
      const index = answers.indexOf(plain[0]!);
      const tab = await browser.newPage({ viewport: { width: 390, height: 844 } });
      const errors = watchConsole(tab);
      await tab.goto(`${base}/product/${products[index]!._id}`);
      await tab.getByRole('heading', { name: products[index]!.title }).first().waitFor();
      expect(errors).toEqual([]);
      await tab.close();
    } finally {
      await capped.app.close();
    }
  });

  it('hydrates without warnings and without asking the API for what the HTML holds', async () => {
    const [ring] = await firstProducts('category=ring&pageSize=1');
    for (const path of ['/', LISTING, `/product/${ring!._id}`, '/pages/about']) {
      const tab = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const errors = watchConsole(tab);
      const warnings: string[] = [];
      tab.on('console', (m) => {
        if (m.type() === 'warning' && /hydrat/i.test(m.text())) warnings.push(m.text());
      });
      const calls: string[] = [];
      tab.on('request', (r) => {
        if (new URL(r.url()).pathname.startsWith('/trpc/')) calls.push(r.url());
      });
      await tab.goto(one.baseUrl + path, { waitUntil: 'networkidle' });
      // Hydrated: React has attached (the header's links answer), the page is interactive.
      await expect
        .poll(() => tab.evaluate(() => Object.keys(document.getElementById('root')!).length))
        .toBeGreaterThan(0);
      expect(errors, path).toEqual([]);
      expect(warnings, path).toEqual([]);
      expect(calls, path).toEqual([]);
      if (path !== '/pages/about')
        await screenshotOnFailure(tab, `ssr-${path === '/' ? 'home' : path.split('/')[1]}-1280`);
      await tab.close();
    }
  });

  /** A new ring nobody has asked for: its page is in no cache and its data in no read cache. */
  async function newRing(title: string) {
    const created = await httpClient(one.baseUrl).post<ProductView>(
      '/api/admin/products',
      {
        imageUrls: [{ imageUrl: '/media/art/ring-gold-a.svg' }],
        title,
        brand: 'Kanak',
        color: 'yellow',
        price: 31000,
        discountedPrice: 28500,
        description: 'A ring for the streaming test.',
        details: '22K gold.',
        occasion: 'casual',
        quantity: 2,
        collectionName: 'new-arrival',
        type: 'gold',
        sizes: [{ weight: '6 g', size: '16 MM', stock: 2 }],
        topLevelCategory: 'gold',
        secondLevelCategory: 'rings',
        thirdLevelCategory: 'ring',
      },
      { token: admin },
    );
    expect(created.status).toBe(201);
    return created.body;
  }

  /** Reads an answer chunk by chunk (decompressed), as it arrives. */
  const chunks = (response: Response) => {
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    return {
      /** Reads until the text so far contains `needle` (or the answer ends); returns it so far. */
      async until(needle: string) {
        while (!text.includes(needle)) {
          const { done, value } = await reader.read();
          if (done) break;
          text += decoder.decode(value, { stream: true });
        }
        return text;
      },
      /** The whole answer, once it ends. */
      async all() {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return text + decoder.decode();
          text += decoder.decode(value, { stream: true });
        }
      },
    };
  };

  it('streams an uncached page: the head leaves before the slowest query, and the page ends whole (title, price, JSON-LD before </body>)', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const ring = await newRing(`Streamed Ring ${encoding} ${Date.now()}`);
      // Every read of the products table waits: the page's data cannot load until released.
      const release = await holdTableLock(one.database.db, 'products');
      let first: string;
      let reader: ReturnType<typeof chunks>;
      try {
        const response = await fetch(`${one.baseUrl}/product/${ring._id}`, {
          headers: { 'accept-encoding': encoding },
        });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-encoding') ?? 'identity').toBe(encoding);
        expect(response.headers.get('content-length')).toBeNull();
        reader = chunks(response);
        first = await reader.until('as="font"');
      } catch (error) {
        await release();
        throw error;
      }
      // The head arrived while the product could not even be read: stylesheet, module script and
      // fonts, and nothing of the page yet.
      expect(first, encoding).toContain('<meta charset="UTF-8" />');
      expect(first).toMatch(
        /<script type="module" crossorigin src="\/assets\/index-[^"]+\.js"><\/script>/,
      );
      expect(first).toContain('<link rel="stylesheet"');
      expect(first).not.toContain('</head>');
      expect(first).not.toContain(rupees(28500));
      await release();
      const html = await reader.all();
      const body = html.slice(0, html.indexOf('</body>'));
      expect(html.indexOf('</body>')).toBeGreaterThan(0);
      expect(html.trimEnd().endsWith('</html>')).toBe(true);
      expect(body).toContain(`<title>${inHtml(ring.title)} | Kanak Jewellers</title>`);
      expect(body.indexOf('<title>')).toBeLessThan(body.indexOf('</head>'));
      expect(body).toContain(rupees(28500));
      expect(jsonLd(body).find((d) => d['@type'] === 'Product')).toMatchObject({
        name: ring.title,
        offers: { price: 28500 },
      });
      expect(body).toContain('<script type="application/json" id="kanak-state">');
      // No inline script to run: the CSP allows none (only data blocks and the module file).
      for (const [tag] of body.matchAll(/<script[^>]*>/g))
        expect(tag).toMatch(/type="(application\/json|application\/ld\+json)"|src="/);
    }
  });

  it('a visitor gone mid-page leaves the render to finish: the next request gets the page', async () => {
    const ring = await newRing(`Abandoned Ring ${Date.now()}`);
    const release = await holdTableLock(one.database.db, 'products');
    const leaving = new AbortController();
    try {
      const response = await fetch(`${one.baseUrl}/product/${ring._id}`, {
        signal: leaving.signal,
      });
      expect(await chunks(response).until('as="font"')).not.toContain(rupees(28500));
      leaving.abort();
    } finally {
      await release();
    }
    const again = await page(one.baseUrl, `/product/${ring._id}`);
    expect(again.status).toBe(200);
    expect(again.html).toContain(rupees(28500));
  });

  it('a streamed page hydrates with no warning', async () => {
    const ring = await newRing(`Hydrated Ring ${Date.now()}`);
    const tab = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchConsole(tab);
    const warnings: string[] = [];
    tab.on('console', (m) => {
      if (m.type() === 'warning' && /hydrat/i.test(m.text())) warnings.push(m.text());
    });
    const calls: string[] = [];
    tab.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/trpc/')) calls.push(r.url());
    });
    // Its first request: the page is rendered and streamed for this very visit.
    const response = await tab.goto(`${one.baseUrl}/product/${ring._id}`, {
      waitUntil: 'networkidle',
    });
    expect(await response!.text()).toContain(rupees(28500));
    await expect
      .poll(() => tab.evaluate(() => Object.keys(document.getElementById('root')!).length))
      .toBeGreaterThan(0);
    await tab.getByRole('heading', { name: ring.title }).first().waitFor();
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    expect(calls).toEqual([]);
    await tab.close();
  });

  it('a page that redirects, streamed already, ends as the plain page the browser renders', async () => {
    // A metal named in the path is a filter: the router redirects to ?type=gold.
    const path = '/gold/rings/ring';
    const answer = await page(one.baseUrl, path);
    expect(answer.status).toBe(200);
    expect(answer.html).toContain('<div id="root"></div>');
    expect(answer.html).toContain('rel="stylesheet"');
    expect(answer.html).toContain('<title>Kanak Jewellers | Gold, Diamond &amp; Silver');
    expect(answer.html.trimEnd().endsWith('</html>')).toBe(true);
    expect(answer.html).not.toContain('kanak-state');
    const tab = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = watchConsole(tab);
    await tab.goto(one.baseUrl + path);
    await expect.poll(() => new URL(tab.url()).searchParams.get('type')).toBe('gold');
    expect(errors).toEqual([]);
    await tab.close();
  });

  /** A shopper buys and pays through the sandbox; the worker takes the stock. */
  async function sell(productId: string, weight: string) {
    const http = httpClient(one.baseUrl);
    const add = await http.put(
      '/api/cart/add',
      { productId, weight, quantity: 1 },
      { token: shopper },
    );
    expect(add.status).toBe(200);
    const order = await http.post<{ _id: string }>('/api/orders/', ADDRESS, { token: shopper });
    expect(order.status).toBe(201);
    const link = await http.post<{ payment_link_url: string }>(
      `/api/payment/${order.body._id}`,
      undefined,
      { token: shopper },
    );
    const html = await (await fetch(link.body.payment_link_url)).text();
    const pay = new URL(/id="pay" href="([^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&'));
    const paid = await http.get<{ status: string }>(
      `/api/payment?payment_id=${pay.searchParams.get('razorpay_payment_id')}&order_id=${order.body._id}`,
      { token: shopper },
    );
    expect(paid.body.status).toBe('PAID');
  }

  it('a product edit and a sale change the rendered page at once on both servers', async () => {
    const payload = {
      imageUrls: [{ imageUrl: '/media/art/ring-gold-a.svg' }],
      title: `Rendered Ring ${Date.now()}`,
      brand: 'Kanak',
      color: 'yellow',
      price: 30000,
      discountedPrice: 27000,
      description: 'A ring for the render test.',
      details: '22K gold.',
      occasion: 'casual',
      quantity: 1,
      collectionName: 'new-arrival',
      type: 'gold',
      sizes: [{ weight: '6 g', size: '16 MM', stock: 1 }],
      topLevelCategory: 'gold',
      secondLevelCategory: 'rings',
      thirdLevelCategory: 'ring',
    };
    const http = httpClient(one.baseUrl);
    const created = await http.post<ProductView>('/api/admin/products', payload, { token: admin });
    expect(created.status).toBe(201);
    const path = `/product/${created.body._id}`;
    const servers = [one.baseUrl, twoUrl];
    /** Twice on each server: the second answer is the cached page. */
    for (const base of servers)
      for (let i = 0; i < 2; i++) {
        const { html } = await page(base, path);
        expect(html).toContain(`<title>${payload.title} | Kanak Jewellers</title>`);
        expect(html).toContain(rupees(27000));
        expect(html).toContain('https://schema.org/InStock');
      }
    expect(two.services.pageCache.size).toBeGreaterThan(0);

    const edited = { ...payload, title: `${payload.title} Renamed`, discountedPrice: 26000 };
    const put = await http.put(`/api/admin/products/${created.body._id}`, edited, {
      token: admin,
    });
    expect(put.status).toBe(200);
    // The server that made the change drops its page before answering; the other hears it.
    const first = await page(one.baseUrl, path);
    expect(first.html).toContain(`<title>${edited.title} | Kanak Jewellers</title>`);
    expect(first.html).toContain(rupees(26000));
    await expect
      .poll(async () => (await page(twoUrl, path)).html)
      .toContain(`<title>${edited.title} | Kanak Jewellers</title>`);

    for (const base of servers) await page(base, path);
    // The last piece is sold: the worker's stock change reaches both servers' pages.
    await sell(created.body._id, '6 g');
    for (const base of servers)
      await expect
        .poll(async () => (await page(base, path)).html)
        .toContain('https://schema.org/OutOfStock');
  });

  it("never hands anyone's own data in the HTML: the cart count fills in after hydration", async () => {
    const [ring] = await firstProducts('category=ring&pageSize=1');
    const http = httpClient(one.baseUrl);
    const size = ring!.sizes.find((s) => s.stock > 0)!;
    const added = await http.put(
      '/api/cart/add',
      { productId: ring!._id, weight: size.weight, quantity: 1 },
      { token: shopper },
    );
    expect(added.status).toBe(200);
    // A request that names the shopper gets the visitors' page, byte for byte.
    const visitor = await page(one.baseUrl, '/');
    const named = await page(one.baseUrl, '/', { authorization: `Bearer ${shopper}` });
    expect(named.html).toBe(visitor.html);
    expect(visitor.html).toContain('aria-label="Cart, 0 items"');
    expect(visitor.html).not.toContain(CUSTOMER.email);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript((jwt) => localStorage.setItem('jwt', jwt), shopper);
    const tab = await context.newPage();
    const errors = watchConsole(tab);
    const response = await tab.goto(one.baseUrl + '/');
    // The first paint is the visitors' (no count at all), never another shopper's.
    expect(await response!.text()).toContain('aria-label="Cart, 0 items"');
    await tab.getByRole('link', { name: /^Cart, [1-9]\d* items$/ }).waitFor();
    await screenshotOnFailure(tab, 'ssr-home-signed-in-1280');
    expect(errors).toEqual([]);
    await closeContext(context);
  });
});
