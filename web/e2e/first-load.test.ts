// A click answers at once: on a phone-sized window, a listing card answers its press and the
// tap shows the navigation bar while the piece's data is still held back, the listing under the
// product's URL is always marked as leaving, and the cards are plain links before hydration.
// Also the first screen's largest image: server-rendered with its size, priority and preload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Route } from 'playwright-core';
import type { ProductPage } from '@kanak/shared';
import {
  closeContext,
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
  productShown: boolean;
  /** Each time the product's URL showed the listing without the leaving mark. */
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
    await closeContext(context);
  });

  it('a tap on a listing card shows the bar before the piece arrives and never the listing unmarked', async () => {
    const tab = await browser.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const errors = watchConsole(tab);
    // The product page's code is fetched and run while the shopper looks at the listing.
    const warmed = tab.waitForResponse((r) => /\/assets\/ProductPage-[\w-]+\.js$/.test(r.url()));
    await openLive(tab, server.baseUrl + LISTING);
    await warmed;
    await tab.waitForLoadState('networkidle');
    await screenshotOnFailure(tab, 'first-load-listing-390');
    // The piece's data is held until the bar has been seen: the bar answers the tap itself, not
    // the arrival of the next page.
    const held: Route[] = [];
    let released = false;
    let heldArrived!: () => void;
    const arrived = new Promise<void>((resolve) => (heldArrived = resolve));
    await tab.route(
      (url) => url.pathname.startsWith('/trpc/') && url.pathname.includes('catalog.byId'),
      async (route) => {
        if (released) return route.continue();
        held.push(route);
        heldArrived();
      },
    );
    // Every DOM change and frame until the product shows: the product's URL over the listing
    // must carry the leaving mark.
    await tab.evaluate(() => {
      const walk: Walk = { productShown: false, unmarked: [] };
      (window as unknown as { walk: Walk }).walk = walk;
      const look = () => {
        const onProduct = location.pathname.startsWith('/product/');
        const listingShown = !!document.querySelector('[data-testid="listing-card"]');
        if (onProduct && !listingShown) walk.productShown = true;
        if (
          onProduct &&
          listingShown &&
          document.getElementById('main')?.getAttribute('aria-busy') !== 'true'
        )
          walk.unmarked.push(location.pathname);
      };
      new MutationObserver(look).observe(document.documentElement, {
        subtree: true,
        childList: true,
        attributes: true,
      });
      const frame = () => {
        look();
        if (!walk.productShown) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    const card = tab.getByTestId('listing-card').nth(3);
    const href = (await card.getAttribute('href'))!;
    await card.tap();
    await arrived;
    // Shown while the piece's answer is still held here.
    await tab.getByTestId('navigation-progress').waitFor();
    expect(released).toBe(false);
    expect(held.length).toBeGreaterThan(0);
    released = true;
    for (const route of held) await route.continue();
    await tab.waitForURL(`**${href}`);
    await tab.getByTestId('listing-card').first().waitFor({ state: 'detached' });
    await tab.getByTestId('navigation-progress').waitFor({ state: 'detached' });
    const walk = await tab.evaluate(() => (window as unknown as { walk: Walk }).walk);
    expect(walk.productShown).toBe(true);
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
