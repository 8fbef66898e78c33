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

// in Chromium: each listing filter value shows how many pieces it leaves given
// the other filters, and a value that would leave none is greyed out and cannot be picked.

const ADMIN = { email: 'admin@kanak.shop', password: 'Admin@123' };

describe('listing facet counts in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  const api = () => httpClient(server.baseUrl);

  beforeAll(async () => {
    server = await startTestServer({ WEB_DIST });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the filters show the counts the API answers; a 0 is disabled', async () => {
    const { body } = await api().get<ProductPage>('/api/products?category=ring&type=gold');
    const colors = new Map(body.facets!.color.map((f) => [f.value, f.count]));
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    const errors = watchConsole(page);
    await openLive(page, `${server.baseUrl}/gold/rings/ring?type=gold`);
    const panel = page.getByRole('complementary', { name: 'Filters' });
    await panel.getByTestId('facet-color-yellow').getByTestId('facet-count').waitFor();
    for (const color of ['yellow', 'white', 'rose']) {
      const row = panel.getByTestId(`facet-color-${color}`);
      expect(await row.getByTestId('facet-count').textContent()).toBe(
        `(${colors.get(color) ?? 0})`,
      );
      const disabled = await row.getByRole('checkbox').isDisabled();
      expect(disabled).toBe((colors.get(color) ?? 0) === 0);
    }
    await screenshotOnFailure(page, 'listing-facets-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await page
      .getByRole('button', { name: /filters/i })
      .first()
      .click();
    await page.getByRole('dialog').getByTestId('facet-count').first().waitFor();
    await screenshotOnFailure(page, 'listing-facets-390');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the admin products table opens a bulk edit with a preview', async () => {
    const token = (await api().post<{ jwt: string }>('/auth/login', ADMIN)).body.jwt;
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    await page.goto(server.baseUrl);
    await page.evaluate((jwt) => localStorage.setItem('jwt', jwt), token);
    await page.goto(`${server.baseUrl}/admin/products`);
    await page.getByTestId('products-table').waitFor();
    await page
      .getByRole('checkbox', { name: /^Select / })
      .nth(1)
      .click();
    await page
      .getByRole('checkbox', { name: /^Select / })
      .nth(2)
      .click();
    await page.getByRole('button', { name: /Bulk edit \(2\)/ }).click();
    await page.getByLabel('Add (− to take)').fill('2');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByTestId('bulk-preview').getByText('of 2 products change').waitFor();
    // Any change of the inputs clears the preview: nothing unseen can be applied from it.
    await page.getByLabel('Add (− to take)').fill('3');
    await page.getByTestId('bulk-preview').waitFor({ state: 'detached' });
    await page.getByLabel('Add (− to take)').fill('2');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByTestId('bulk-preview').getByText('Add 2 to stock').first().waitFor();
    // Each piece, before → after.
    expect(await page.getByTestId('bulk-pieces').locator('tbody tr').count()).toBe(2);
    await screenshotOnFailure(page, 'admin-bulk-edit-preview-1280');
    await page.getByRole('button', { name: /Apply to 2 products/ }).click();
    // No worker here: the batch waits, queued, at 0 %.
    await page.getByTestId('bulk-progress').waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshotOnFailure(page, 'admin-bulk-edit-390');
    await page.close();
  });
});
