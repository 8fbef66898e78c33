// No click is lost before hydration: the app's bundle is held back, each marked control is
// pressed on the server's raw HTML, and once the bundle is let through the press has its effect
// (a size chosen, the piece in the cart, the heart ticked, the sign-up dialog open). The admin's
// Status menu, rendered in the browser, opens on a click that comes with no pointer press.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import type { ProductPage } from '@kanak/shared';
import {
  closeContext,
  httpClient,
  launchBrowser,
  screenshotOnFailure,
  startTestServer,
  type TestServer,
} from '@kanak/testkit';
import { WEB_DIST } from './shop-support';

const CUSTOMER = { email: 'priya@example.com', password: 'Priya@123' };
const ADMIN = { email: 'admin@kanak.shop', password: 'Admin@123' };
/** The app's entry chunk (web/dist/index.html); the click replay is a file of its own. */
const BUNDLE = /\/assets\/index-[\w-]+\.js$/;

type Piece = ProductPage['content'][number];

describe('a click before hydration', () => {
  let server: TestServer;
  let browser: Browser;
  let customerToken: string;
  let adminToken: string;
  /** A ring whose first two sizes are in stock: the page opens on the first. */
  let ring: Piece;

  const api = () => httpClient(server.baseUrl);
  const login = async (account: typeof CUSTOMER) =>
    (await api().post<{ jwt: string }>('/auth/login', account)).body.jwt;

  beforeAll(async () => {
    server = await startTestServer({ WEB_DIST });
    browser = await launchBrowser();
    customerToken = await login(CUSTOMER);
    adminToken = await login(ADMIN);
    const rings = (await api().get<ProductPage>('/api/products?category=ring&pageSize=50')).body
      .content;
    const found = rings.find((p) => (p.sizes[0]?.stock ?? 0) > 0 && (p.sizes[1]?.stock ?? 0) > 0);
    if (!found) throw new Error('the seed has no ring with two sizes in stock');
    ring = found;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function contextFor(token: string | null): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    if (token) await context.addInitScript((jwt) => localStorage.setItem('jwt', jwt), token);
    return context;
  }

  /**
   * Opens `url` with the app's bundle held: the page is the server's HTML, with the click replay
   * running and React not. `release` lets the bundle through.
   */
  async function openHeld(page: Page, url: string) {
    let hold!: (route: Route) => void;
    const held = new Promise<Route>((resolve) => (hold = resolve));
    await page.route(BUNDLE, (route) => hold(route));
    await page.goto(server.baseUrl + url, { waitUntil: 'commit' });
    await page.locator('html[data-replay-on]').waitFor({ state: 'attached' });
    return {
      async release() {
        expect(await page.locator('html[data-ready]').count()).toBe(0);
        await (await held).continue();
        await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
      },
    };
  }

  const weight = (page: Page, index: number) => page.locator(`[data-replay="weight-${index}"]`);

  it('a size and Sign up pressed on the raw product page: the size is chosen, the dialog opens', async () => {
    const context = await contextFor(null);
    const page = await context.newPage();
    await screenshotOnFailure(page, 'click-before-hydration-size');
    const { release } = await openHeld(page, `/product/${ring._id}`);
    expect(await weight(page, 0).getAttribute('aria-pressed')).toBe('true');
    await weight(page, 1).click();
    await page.locator('[data-replay="sign-up"]').click();
    // Held, and shown as taken, while the bundle has not run.
    expect(await weight(page, 1).getAttribute('data-replay-pending')).toBe('');
    expect(await weight(page, 1).getAttribute('aria-pressed')).toBe('false');

    await release();
    await expect.poll(() => weight(page, 1).getAttribute('aria-pressed')).toBe('true');
    expect(await weight(page, 0).getAttribute('aria-pressed')).toBe('false');
    expect(await weight(page, 1).getAttribute('data-replay-pending')).toBeNull();
    await page.getByRole('dialog', { name: 'Create your account' }).waitFor();
    await closeContext(context);
  });

  it('a size then Add to Cart pressed on the raw page put that size in the cart', async () => {
    const context = await contextFor(null);
    const page = await context.newPage();
    await screenshotOnFailure(page, 'click-before-hydration-cart');
    const { release } = await openHeld(page, `/product/${ring._id}`);
    await weight(page, 1).click();
    // Enter on a focused control is a press too.
    await page.locator('[data-replay="add-to-cart"]').focus();
    await page.keyboard.press('Enter');

    await release();
    await page.waitForURL('**/cart');
    const cart = await page.evaluate(() => localStorage.getItem('guestCart'));
    expect(JSON.parse(cart ?? '[]')).toEqual([
      { productId: ring._id, weight: ring.sizes[1]!.weight, quantity: 1 },
    ]);
    await closeContext(context);
  });

  it("a signed-in shopper's heart ticked on the raw page is on the wishlist", async () => {
    await api().delete(`/api/wish/${ring._id}`, { token: customerToken });
    const context = await contextFor(customerToken);
    const page = await context.newPage();
    await screenshotOnFailure(page, 'click-before-hydration-wishlist');
    const { release } = await openHeld(page, `/product/${ring._id}`);
    await page.locator(`[data-replay="favourite-${ring._id}"]`).click();

    await release();
    await expect
      .poll(
        async () =>
          (await api().get<string[]>('/api/wish/product-ids', { token: customerToken })).body,
      )
      .toContain(ring._id);
    const heart = page.getByRole('checkbox', { name: `Favourite: ${ring.title}` }).first();
    await expect.poll(() => heart.isChecked()).toBe(true);
    await closeContext(context);
  });

  it('a heart ticked and unticked on the raw page stays off the wishlist; the size after it is chosen', async () => {
    await api().delete(`/api/wish/${ring._id}`, { token: customerToken });
    const context = await contextFor(customerToken);
    const page = await context.newPage();
    await screenshotOnFailure(page, 'click-before-hydration-heart-twice');
    const { release } = await openHeld(page, `/product/${ring._id}`);
    const heart = page.locator(`[data-replay="favourite-${ring._id}"]`);
    await heart.click();
    expect(await heart.getAttribute('data-replay-pending')).toBe('');
    await heart.click();
    expect(await heart.getAttribute('data-replay-pending')).toBeNull();
    await weight(page, 1).click();

    await release();
    // The size was held after the heart's presses: once it is chosen, the queue has been replayed.
    await expect.poll(() => weight(page, 1).getAttribute('aria-pressed')).toBe('true');
    const box = page.getByRole('checkbox', { name: `Favourite: ${ring.title}` }).first();
    expect(await box.isChecked()).toBe(false);
    const ids = await api().get<string[]>('/api/wish/product-ids', { token: customerToken });
    expect(ids.body).not.toContain(ring._id);
    await closeContext(context);
  });

  it("the admin's Status menu opens on a click with no pointer press before it", async () => {
    const context = await contextFor(adminToken);
    const page = await context.newPage();
    await screenshotOnFailure(page, 'click-before-hydration-status');
    await page.goto(`${server.baseUrl}/admin/orders`);
    const status = page.locator('tr button:not([disabled])', { hasText: 'Status' }).first();
    await status.waitFor();
    // A screen reader's activation, or the replay's: element.click().
    await status.evaluate((button: HTMLElement) => button.click());
    await page.getByRole('menuitem').first().waitFor();
    await closeContext(context);
  });
});
