// The built app under its Content-Security-Policy: the storefront, the sandbox payment
// page and the admin, walked in Chromium, with every CSP violation collected (console and
// `securitypolicyviolation` events) and none allowed; and login return paths that try to leave
// the site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  closeContext,
  httpClient,
  launchBrowser,
  screenshotOnFailure,
  startTestServer,
  storedItem,
  watchConsole,
  type TestServer,
} from '@kanak/testkit';
import type { RunningWorker } from '@kanak/worker';
import { fillAddress, fillPanIfAsked, startShopWorker, WEB_DIST } from './shop-support';

const ADMIN = { email: 'admin@kanak.shop', password: 'Admin@123' };
const shopper = {
  firstName: 'Meera',
  lastName: 'Nair',
  email: `meera.csp.${Date.now()}@example.com`,
  password: 'Kanak@2026',
};
const address = {
  'First Name': 'Meera',
  'Last Name': 'Nair',
  Address: '7 Marine Drive',
  City: 'Kochi',
  'State/Province/Region': 'Kerala',
  'Zip / Postal code': '682031',
  'Phone Number': '9876501234',
};

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/**
 * A context whose pages report every CSP violation: the init script (run before the page's own
 * scripts, in every document) records `securitypolicyviolation` events into window and hands them
 * to the test at once, so a violation just before a navigation is not lost with its document.
 */
async function watchedContext(browser: Browser, violations: string[]): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.exposeBinding('__reportCspViolation', ({ page }, text: string) => {
    violations.push(`${page.url()}: ${text}`);
  });
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      const text = `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`;
      window.__cspViolations!.push(text);
      void (
        window as unknown as { __reportCspViolation: (t: string) => Promise<void> }
      ).__reportCspViolation(text);
    });
  });
  context.on('page', (page) => watchCspConsole(page, violations));
  return context;
}

/** Chromium also logs each refusal on the console ("… violates the following Content Security Policy …"). */
function watchCspConsole(page: Page, violations: string[]) {
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy'))
      violations.push(`${page.url()}: console: ${message.text()}`);
  });
}

/** The violations the current document recorded itself (besides those already reported). */
const recorded = (page: Page) => page.evaluate(() => window.__cspViolations ?? []);

/** Logs in through the /login dialog. */
async function logIn(page: Page, account: { email: string; password: string }) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: 'Welcome back' }).waitFor();
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
}

describe('the built app under its Content-Security-Policy', () => {
  let server: TestServer;
  let worker: RunningWorker;
  let browser: Browser;
  const url = (p: string) => `${server.baseUrl}${p}`;

  beforeAll(async () => {
    server = await startTestServer({ WEB_DIST });
    worker = startShopWorker(server);
    browser = await launchBrowser();
    const signup = await httpClient(server.baseUrl).post('/auth/signup', shopper);
    expect(signup.status).toBe(201);
  });

  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await server?.close();
  });

  it('serves the shell with the strict policy', async () => {
    const res = await fetch(url('/'));
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    // Data blocks (the rendered page's state, JSON-LD) are never run; any other script has a src.
    expect(await res.text()).not.toMatch(
      /<script(?![^>]*\s(src=|type="application\/(ld\+)?json"))[^>]*>/,
    );
  });

  it('notices a violation when one happens (the watch below is not blind)', async () => {
    const violations: string[] = [];
    const context = await watchedContext(browser, violations);
    const page = await context.newPage();
    await page.goto(url('/'));
    await page.getByRole('heading', { name: 'Best Sellers', exact: true }).waitFor();
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.body.append(script);
    });
    await expect.poll(() => violations.length).toBeGreaterThanOrEqual(2);
    expect(violations.some((v) => v.includes('console: '))).toBe(true);
    expect(violations.some((v) => v.includes('script-src-elem blocked inline'))).toBe(true);
    expect(await page.evaluate(() => 'inlineRan' in window || '__inlineRan' in window)).toBe(false);
    expect(await recorded(page)).toHaveLength(1);
    await closeContext(context);
  });

  it('walks the storefront, a checkout and the sandbox payment without a violation', async () => {
    const violations: string[] = [];
    const context = await watchedContext(browser, violations);
    const page = await context.newPage();
    const errors = watchConsole(page);

    await page.goto(url('/'));
    await page.getByRole('heading', { name: 'Best Sellers', exact: true }).waitFor();
    await page.getByTestId('slider-card').first().waitFor();
    // Product images (seed drawings under /media) load: none is broken.
    await page.waitForLoadState('networkidle');
    expect(
      await page.evaluate(() =>
        [...document.images].filter((i) => i.complete && i.naturalWidth === 0).map((i) => i.src),
      ),
    ).toEqual([]);
    await screenshotOnFailure(page, 'csp-home');
    expect(await recorded(page)).toEqual([]);

    await page.goto(url('/all-jewellery/category/jewellery'));
    await page.getByRole('heading', { name: 'New Arrivals', level: 1 }).waitFor();
    await page.getByTestId('listing-card').first().waitFor();
    // The Sort by select (Radix) locks scrolling with an injected <style> while it is open.
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Price: High to Low' }).click();
    await page.waitForURL(/sort=high_to_low/);
    expect(await recorded(page)).toEqual([]);

    const hrefs = await page
      .getByTestId('listing-card')
      .evaluateAll((cards) => cards.map((c) => c.getAttribute('href')!));
    for (const href of hrefs) {
      await page.goto(url(href));
      await page.getByRole('heading', { level: 1 }).waitFor();
      if (await page.getByRole('button', { name: 'Add to Cart' }).count()) break;
    }
    await page.getByRole('heading', { name: 'Highlights' }).waitFor();
    await page.getByRole('heading', { name: 'You May Also Like' }).waitFor();
    expect(await recorded(page)).toEqual([]);

    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForURL(/\/cart$/);
    await page.getByTestId('cart-item').first().waitFor();
    expect(await page.getByText('FREE', { exact: true }).isVisible()).toBe(true);
    expect(await recorded(page)).toEqual([]);

    // Log in from the cart's return path; the guest cart joins the account's.
    await page.goto(url('/login?redirect=%2Fcart'));
    await logIn(page, shopper);
    await page.waitForURL(url('/cart'));
    await page.getByTestId('cart-item').first().waitFor();

    await page.getByRole('link', { name: 'Check Out' }).click();
    await page.waitForURL(/\/checkout\?step=2/);
    await page.getByRole('list', { name: 'Checkout progress' }).waitFor();
    const form = page.getByRole('form', { name: 'Delivery address' });
    await fillAddress(form, address);
    await fillPanIfAsked(page);
    await form.getByRole('button', { name: 'Deliver Here' }).click();
    await page.waitForURL(/step=3&order_id=/);
    const orderId = new URL(page.url()).searchParams.get('order_id')!;
    await page.getByText('7 Marine Drive').waitFor();
    expect(await recorded(page)).toEqual([]);

    // The hosted sandbox page is served with its own, stricter policy.
    await page.getByRole('button', { name: 'Payment' }).click();
    await page.waitForURL(/\/sandbox-pay\//);
    await page.getByText('Sandbox payment').waitFor();
    // Its one <style> applies: the Pay button is the maroon block of the design.
    expect(await page.locator('#pay').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgb(122, 31, 43)',
    );
    await screenshotOnFailure(page, 'csp-sandbox-pay');
    expect(await recorded(page)).toEqual([]);
    await page.locator('#pay').click();
    await page.waitForURL(new RegExp(`/payment/${orderId}\\?`));
    const outcome = page.getByTestId('payment-outcome');
    await outcome.waitFor({ timeout: 60_000 });
    // The page answers PENDING until the worker has settled the payment, then follows it.
    await expect.poll(() => outcome.getAttribute('data-status')).toBe('PAID');
    await screenshotOnFailure(page, 'csp-payment');
    expect(await recorded(page)).toEqual([]);

    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    await closeContext(context);
  });

  it('walks the admin without a violation', async () => {
    const violations: string[] = [];
    const context = await watchedContext(browser, violations);
    const page = await context.newPage();
    const errors = watchConsole(page);

    await page.goto(url('/login?redirect=%2Fadmin'));
    await logIn(page, ADMIN);
    await page.waitForURL(url('/admin'));
    await page.getByText('Congratulations Asha!').waitFor();
    await page.getByText('Monthly Overview').waitFor();
    // The chart's area is drawn (its path gets a shape once the entry animation has run).
    await expect
      .poll(() =>
        page
          .getByTestId('sales-chart')
          .locator('path.recharts-area-area')
          .first()
          .getAttribute('d')
          .catch(() => null),
      )
      .toMatch(/^M/);
    await screenshotOnFailure(page, 'csp-admin-dashboard');
    expect(await recorded(page)).toEqual([]);

    await page.goto(url('/admin/products'));
    await page.getByText('All Products').first().waitFor();
    await page.getByTestId('products-table').locator('tbody tr').first().waitFor();
    expect(await recorded(page)).toEqual([]);

    await page
      .getByTestId('products-table')
      .getByRole('link', { name: /^Edit / })
      .first()
      .click();
    await page.waitForURL(/\/admin\/product\/[^/]+\/edit$/);
    await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).not.toBe('');
    await page.getByRole('button', { name: 'Update Product' }).waitFor();
    await page.getByTestId('image-preview').first().waitFor();
    expect(await recorded(page)).toEqual([]);

    await page.goto(url('/admin/orders'));
    await page.getByText('Customer Orders').first().waitFor();
    // At 1280 px the table shows (the phone cards are in the page but hidden).
    const table = page.getByTestId('orders-table');
    await table.getByTestId('order-status').first().waitFor();
    // The status menu (Radix) opens and closes.
    await table.getByRole('button', { name: 'Status' }).first().click();
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('Escape');
    expect(await recorded(page)).toEqual([]);

    await page.goto(url('/admin/customers'));
    await page.getByText('All Customers').first().waitFor();
    await page.getByTestId('customers-table').locator('tbody tr').first().waitFor();
    expect(await recorded(page)).toEqual([]);

    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    await closeContext(context);
  });

  it('shows the queue board under its own policy without a violation', async () => {
    const violations: string[] = [];
    const context = await watchedContext(browser, violations);
    const page = await context.newPage();
    const login = await httpClient(server.baseUrl).post<{ jwt: string }>('/auth/login', ADMIN);
    // The admin area opens the board with a cookie set from the bearer token (same request here).
    const session = await context.request.post(url('/admin/queues/session'), {
      headers: { authorization: `Bearer ${login.body.jwt}` },
    });
    expect(session.status()).toBe(204);
    await page.goto(url('/admin/queues'));
    await page.getByText('Kanak queues').first().waitFor();
    // The board lists the queues from its own API, which counts each queue's jobs in Redis: at
    // load 38 that took past Playwright's 30 s.
    for (const queue of ['payment-confirmations', 'order-moves'])
      await page.getByText(queue).first().waitFor({ timeout: 60_000 });
    // A queue's page: its job-state tabs come from the board's own API.
    await page.getByText('payment-confirmations').first().click();
    await page.getByText('Completed').first().waitFor();
    await expect.poll(() => page.getByText('Loading...').count()).toBe(0);
    await screenshotOnFailure(page, 'csp-queue-board');
    expect(await recorded(page)).toEqual([]);
    expect(violations).toEqual([]);
    await closeContext(context);
  });

  it('stays on this site after a login whose return path points elsewhere', async () => {
    // The login page's wiring, with the return path browsers read most loosely (a backslash is a
    // slash to them); every other spelling is packages/shared's return-path.test.ts.
    for (const redirect of ['/%5Cevil.example']) {
      const violations: string[] = [];
      const context = await watchedContext(browser, violations);
      const page = await context.newPage();
      await page.goto(url(`/login?redirect=${redirect}`));
      await logIn(page, shopper);
      // The app navigates home once it holds the token; read it after that navigation settles.
      await page.waitForURL(url('/'));
      await expect.poll(() => storedItem(page, 'jwt')).toBeTruthy();
      await page.getByRole('heading', { name: 'Best Sellers', exact: true }).waitFor();
      const landed = new URL(page.url());
      expect(landed.origin, redirect).toBe(server.baseUrl);
      expect(landed.pathname, redirect).toBe('/');
      expect(violations).toEqual([]);
      await closeContext(context);
    }
  });
});
