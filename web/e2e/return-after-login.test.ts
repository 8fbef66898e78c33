import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  launchBrowser,
  startTestServer,
  storedItem,
  watchConsole,
  type TestServer,
} from '@kanak/testkit';
import { WEB_DIST } from './shop-support';

// A sign-in that began on an account page (the profile, the wishlist, the
// order history, an order) returns there, as /admin already did.

const CUSTOMER = { email: 'priya@example.com', password: 'Priya@123' };

describe('back to where you were after signing in', () => {
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

  async function logIn(page: Page) {
    await page.getByLabel('Email').fill(CUSTOMER.email);
    await page.getByLabel('Password', { exact: true }).fill(CUSTOMER.password);
    await page
      .getByRole('button', { name: /log in/i })
      .last()
      .click();
  }

  it.each([
    ['the wishlist', '/user-details?layout=1'],
    ['the order history', '/user-details?layout=2'],
    ['an order', '/account/orders/00000000-0000-4000-8000-000000000000/0'],
  ])('signed out, %s → /login → back there', async (_name, path) => {
    const page = await browser.newPage();
    await page.goto(`${server.baseUrl}${path}`);
    await page.waitForURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(path);
    await logIn(page);
    await page.waitForURL(`${server.baseUrl}${path}`);
    expect(await storedItem(page, 'jwt')).toBeTruthy();
    await page.close();
  });

  it('an expired token on the wishlist: /login remembers it (before: plain /login, then home)', async () => {
    const page = await browser.newPage();
    const errors = watchConsole(page);
    // A token the server no longer accepts (the profile fetch answers 401), stored before the
    // first page runs (once: the login below stores a good one).
    await page.addInitScript(() => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('jwt', 'expired.or.forged');
    });
    // The 401 sends the page on while it may still be loading: wait for the commit only.
    await page.goto(`${server.baseUrl}/user-details?layout=1`, { waitUntil: 'commit' });
    await page.waitForURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/user-details?layout=1');
    await logIn(page);
    await page.waitForURL(`${server.baseUrl}/user-details?layout=1`);
    await page.getByRole('link', { name: 'Wish List' }).first().waitFor();
    // The refused profile fetch (401) is the only console error expected.
    expect(errors.filter((e) => !/401|Unauthorized/i.test(e))).toEqual([]);
    await page.close();
  });
});
