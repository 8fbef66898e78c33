// A click answers at once: on a phone-sized window, a listing card answers its press
// and the click shows the navigation bar within 100 ms (as the DOM reports it), the listing under
// the product's URL is always marked as leaving, and the cards are plain links before hydration.
// Also the first screen's largest image: server-rendered with its size, priority and preload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { ProductPage } from '@kanak/shared';
import {
  httpClient,
  launchBrowser,
  screenshotOnFailure,
  startTestServer,
  watchConsole,
  type TestServer,
} from '@kanak/testkit';
import { openLive, WEB_DIST } from './shop-support';

const LISTING = '/all-jewellery/category/ring';

interface Walk {
  clickAt: number;
  progressAt: number | null;
  productAt: number | null;
  /** Moments the product's URL showed the listing without the leaving mark. */
  unmarked: string[];
}

describe('first load and the first click', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer({ WEB_DIST });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('server-renders the largest images with their size, priority and a preload in the head', async () => {
    const [ring] = (
      await httpClient(server.baseUrl).get<ProductPage>('/api/products?category=ring&pageSize=1')
    ).body.content;
    const product = await (await fetch(`${server.baseUrl}/product/${ring!._id}`)).text();
    const head = product.slice(0, product.indexOf('</head>'));
    const main = ring!.imageUrls[0]!.imageUrl;
    expect(head).toMatch(
      new RegExp(
        `<link rel="preload"[^>]*href="${main}"[^>]*fetchPriority="high"|<link rel="preload"[^>]*fetchPriority="high"[^>]*href="${main}"`,
      ),
    );
    expect(product).toMatch(/<img[^>]*width="640"[^>]*height="640"[^>]*fetchPriority="high"/);
    // Two fonts preloaded, no more.
    expect(head.match(/<link rel="preload"[^>]*as="font"/g)).toHaveLength(2);

    const listing = await (await fetch(server.baseUrl + LISTING)).text();
    expect(listing.slice(0, listing.indexOf('</head>'))).toMatch(
      /<link rel="preload"[^>]*as="image"[^>]*fetchPriority="high"/,
    );
    // The cards are plain links in the HTML: a tap before hydration still opens the piece.
    const cards = listing.match(/<a [^>]*data-testid="listing-card"[^>]*>/g) ?? [];
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) expect(card).toMatch(/href="\/product\/[0-9a-f-]+"/);
  });

  it('a card opens its piece as a plain link, before any script runs', async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const tab = await context.newPage();
    await tab.goto(server.baseUrl + LISTING);
    const card = tab.getByTestId('listing-card').first();
    const href = await card.getAttribute('href');
    await card.click();
    await tab.waitForURL(`**${href}`);
    await expect.poll(() => tab.locator('h1').first().textContent()).not.toBe('');
    await context.close();
  });

  it('a tap on a listing card shows the bar within 100 ms and never the listing unmarked', async () => {
    const tab = await browser.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const errors = watchConsole(tab);
    // The product page's code is fetched and run while the shopper looks at the listing.
    const warmed = tab.waitForResponse((r) => /\/assets\/ProductPage-[\w-]+\.js$/.test(r.url()));
    await openLive(tab, server.baseUrl + LISTING);
    await warmed;
    await tab.waitForLoadState('networkidle');
    await screenshotOnFailure(tab, 'first-load-listing-390');
    // Watch from inside the page: the click's own timestamp, then every DOM change and frame.
    await tab.evaluate(() => {
      const walk: Walk = { clickAt: 0, progressAt: null, productAt: null, unmarked: [] };
      (window as unknown as { walk: Walk }).walk = walk;
      const look = () => {
        if (!walk.clickAt) return;
        const now = performance.now() - walk.clickAt;
        if (
          walk.progressAt === null &&
          document.querySelector('[data-testid="navigation-progress"]')
        )
          walk.progressAt = now;
        const onProduct = location.pathname.startsWith('/product/');
        const listingShown = !!document.querySelector('[data-testid="listing-card"]');
        if (onProduct && !listingShown && walk.productAt === null) walk.productAt = now;
        if (
          onProduct &&
          listingShown &&
          document.getElementById('main')?.getAttribute('aria-busy') !== 'true'
        )
          walk.unmarked.push(`${now.toFixed(0)} ms`);
      };
      document.addEventListener(
        'click',
        (e) => {
          walk.clickAt = e.timeStamp || performance.now();
          (walk as unknown as Record<string, number>).handlerAt = performance.now() - walk.clickAt;
        },
        true,
      );
      for (const type of ['touchstart', 'pointerdown', 'pointerup'])
        document.addEventListener(
          type,
          (e) => {
            (walk as unknown as Record<string, number>)[type] = e.timeStamp;
            (walk as unknown as Record<string, number>)[type + 'Handled'] = performance.now();
          },
          true,
        );
      new MutationObserver(() => {
        if (
          walk.clickAt &&
          location.pathname.startsWith('/product/') &&
          !(walk as unknown as Record<string, number>).urlAt
        )
          (walk as unknown as Record<string, number>).urlAt = performance.now() - walk.clickAt;
      }).observe(document.documentElement, { subtree: true, childList: true, attributes: true });
      new MutationObserver(look).observe(document.documentElement, {
        subtree: true,
        childList: true,
        attributes: true,
      });
      const frame = () => {
        look();
        if (walk.productAt === null) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    const card = tab.getByTestId('listing-card').nth(3);
    const title = (await card.getAttribute('href'))!;
    await card.tap();
    await tab.waitForURL(`**${title}`);
    await tab.getByTestId('listing-card').first().waitFor({ state: 'detached' });
    const walk = await tab.evaluate(() => (window as unknown as { walk: Walk }).walk);
    console.log('listing card → product:', JSON.stringify(walk));
    expect(walk.progressAt).not.toBeNull();
    expect(walk.progressAt!).toBeLessThan(100);
    expect(walk.productAt).not.toBeNull();
    expect(walk.unmarked).toEqual([]);
    expect(errors).toEqual([]);
    await screenshotOnFailure(tab, 'first-load-product-390');
    await tab.close();
  });

  it('a pressed card is marked while it is held (desktop)', async () => {
    const tab = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openLive(tab, server.baseUrl + LISTING);
    const card = tab.getByTestId('listing-card').first();
    const box = (await card.boundingBox())!;
    await tab.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await tab.mouse.down();
    await expect.poll(() => card.evaluate((el) => getComputedStyle(el).scale)).toBe('0.98');
    await screenshotOnFailure(tab, 'first-load-listing-pressed-1280');
    await tab.mouse.up();
    await tab.close();
  });
});
