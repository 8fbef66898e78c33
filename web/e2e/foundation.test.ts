import { WEB_DIST } from './shop-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  launchBrowser,
  screenshotOnFailure,
  startTestServer,
  watchConsole,
  type TestServer,
} from '@kanak/testkit';

describe('built web app', () => {
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

  it('opens the home page with the title, meta, header and footer', async () => {
    const page = await browser.newPage();
    const errors = watchConsole(page);
    await page.goto(server.baseUrl);
    expect(await page.title()).toContain('Kanak Jewellers');
    expect(await page.locator('meta[name="keywords"]').getAttribute('content')).toBe(
      'jewelry, online store, luxury accessories',
    );
    await expect.poll(() => page.getByTestId('site-footer').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Information' }).isVisible()).toBe(true);
    await screenshotOnFailure(page, 'foundation-home');
    expect(errors).toEqual([]);
  });

  it('shows the 404 page for an unknown path', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.baseUrl}/no/such/page/here`);
    await page.getByRole('link', { name: 'Back to Home' }).waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await page.waitForLoadState('networkidle');
    await page.close();
  });
});
