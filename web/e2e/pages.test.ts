// The shop's policy pages, reached from the footer by a visitor on a desktop and a
// phone; a page and the footer at 1280 and 390 px.
import { WEB_DIST } from './shop-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  closeContext,
  launchBrowser,
  screenshotOnFailure,
  startTestServer,
  watchConsole,
  type TestServer,
} from '@kanak/testkit';

const INSTAGRAM = 'https://instagram.com/kanak.jewellers';

/** Footer link → the heading its page shows and a phrase of its default text. */
const PAGES = [
  {
    link: 'Shipping & Returns',
    path: '/pages/shipping-returns',
    heading: 'Shipping & Returns',
    text: 'within 15 days of delivery',
  },
  {
    link: 'Privacy Policy',
    path: '/pages/privacy',
    heading: 'Privacy Policy',
    text: 'Digital Personal Data Protection Act, 2023',
  },
  {
    link: 'Terms of Use',
    path: '/pages/terms',
    heading: 'Terms of Use',
    text: 'governed by the laws of India',
  },
  { link: 'About Us', path: '/pages/about', heading: 'About Us', text: 'Hallmarked gold only' },
  { link: 'Contact Us', path: '/pages/contact', heading: 'Contact us', text: 'Grievance Officer' },
];

describe('policy pages from the footer', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startTestServer({ WEB_DIST, SOCIAL_INSTAGRAM_URL: INSTAGRAM });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function walk(page: Page, width: number) {
    const errors = watchConsole(page);
    await page.goto(server.baseUrl);
    const footer = page.getByTestId('site-footer');
    await footer.waitFor();
    // Only the configured social link is shown, and it goes where configured.
    await footer.getByRole('link', { name: /Instagram/ }).waitFor();
    expect(await footer.getByRole('link', { name: /Instagram/ }).getAttribute('href')).toBe(
      INSTAGRAM,
    );
    expect(await footer.getByRole('link', { name: /Facebook|YouTube/ }).count()).toBe(0);
    await footer.scrollIntoViewIfNeeded();
    await screenshotOnFailure(page, `pages-footer-${width}`);

    for (const target of PAGES) {
      await page.getByTestId('site-footer').getByRole('link', { name: target.link }).click();
      await page.waitForURL(`${server.baseUrl}${target.path}`);
      const article = page.getByTestId('policy-page');
      await article.getByRole('heading', { level: 1, name: target.heading }).waitFor();
      await article.getByText(target.text).first().waitFor();
      // Placeholders are filled in; nothing wider than the screen.
      expect(await article.innerText()).not.toContain('{{');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      // A visitor is not sent to the login dialog.
      expect(await page.getByRole('dialog').count()).toBe(0);
    }
    await page.goto(`${server.baseUrl}/pages/shipping-returns`);
    await page
      .getByTestId('policy-page')
      .getByRole('heading', { name: 'Returns', exact: true })
      .waitFor();
    await screenshotOnFailure(page, `pages-shipping-returns-${width}`);
    expect(errors).toEqual([]);
  }

  it('opens every policy page for a visitor at 1280 px', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await walk(await context.newPage(), 1280);
    await closeContext(context);
  });

  it('opens every policy page for a visitor at 390 px', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await walk(await context.newPage(), 390);
    await closeContext(context);
  });

  it('shows the 404 page for an unknown policy page', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.baseUrl}/pages/no-such-policy`);
    await page.getByRole('link', { name: 'Back to Home' }).waitFor();
    await page.close();
  });
});
