import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { ProductView } from '@kanak/shared';
import {
  httpClient,
  launchBrowser,
  screenshotOnFailure,
  startTestServer,
  watchConsole,
  type TestServer,
} from '@kanak/testkit';
import { WEB_DIST } from './shop-support';

// in Chromium: back to /admin after signing in, the product form's SKU and state, an
// archived piece's page and a sold-out card.

const ADMIN = { email: 'admin@kanak.shop', password: 'Admin@123' };

const payload = {
  imageUrls: [{ imageUrl: '/media/art/ring-gold-a.svg' }],
  title: 'Identity Walk Ring',
  brand: 'Kanak',
  color: 'yellow',
  price: 31000,
  discountedPrice: 28000,
  description: 'A ring for the walk.',
  details: 'Gold ring.',
  occasion: 'casual',
  quantity: 1,
  collectionName: 'new-arrival',
  type: 'gold',
  hallmark: '22K916',
  sizes: [
    { weight: '6 g', size: '16 MM', stock: 0 },
    { weight: '7 g', size: '17 MM', stock: 0 },
  ],
  topLevelCategory: 'gold',
  secondLevelCategory: 'rings',
  thirdLevelCategory: 'ring',
};

describe('catalogue identity in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let token: string;
  const api = () => httpClient(server.baseUrl);

  beforeAll(async () => {
    server = await startTestServer({ WEB_DIST });
    browser = await launchBrowser();
    token = (await api().post<{ jwt: string }>('/auth/login', ADMIN)).body.jwt;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('opening /admin signed out, then logging in, returns to /admin (before: the home page)', async () => {
    const page = await browser.newPage();
    const errors = watchConsole(page);
    await page.goto(`${server.baseUrl}/admin/products?page=2`);
    await page.waitForURL(/\/login\?redirect=/);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page
      .getByRole('button', { name: /log in/i })
      .last()
      .click();
    await page.waitForURL(`${server.baseUrl}/admin/products?page=2`);
    await page.getByTestId('products-table').waitFor();
    // Another site is never a place to return to (the allow-list is shared's safeReturnPath).
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${server.baseUrl}/login?redirect=${encodeURIComponent('//evil.example/x')}`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page
      .getByRole('button', { name: /log in/i })
      .last()
      .click();
    await page.waitForURL(`${server.baseUrl}/`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the form saves an SKU, size SKUs and the draft state; drafts vanish, archived pages stay unsold', async () => {
    const created = await api().post<ProductView>('/api/admin/products', payload, { token });
    expect(created.status).toBe(201);
    const id = created.body._id;
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(server.baseUrl);
    await page.evaluate((jwt) => localStorage.setItem('jwt', jwt), token);

    // A card whose every size is sold out says so.
    await page.goto(`${server.baseUrl}/gold/rings/ring?sort=high_to_low`);
    const card = page.getByTestId('listing-card').filter({ hasText: 'Identity Walk Ring' });
    await card.getByTestId('listing-out-of-stock').waitFor();
    await screenshotOnFailure(page, 'catalogue-card-out-of-stock');

    await page.goto(`${server.baseUrl}/admin/product/${id}/edit`);
    await page.locator('#sku').fill('kj-walk-01');
    await page.locator('#sizes-1-sku').fill('kj-walk-01-l');
    await page.locator('#status').selectOption('draft');
    await page.locator('#status').scrollIntoViewIfNeeded();
    await screenshotOnFailure(page, 'catalogue-form-sku-status');
    await page.getByRole('button', { name: 'Update Product' }).click();
    await page.getByText('Product "Identity Walk Ring" updated').waitFor();
    const saved = await api().get<ProductView>(`/api/admin/products/id/${id}`, { token });
    expect(saved.body).toMatchObject({ sku: 'KJ-WALK-01', status: 'draft' });
    expect(saved.body.sizes.map((s) => s.sku)).toEqual([
      expect.stringMatching(/^GRIN-[0-9A-F]{8}-6G$/),
      'KJ-WALK-01-L',
    ]);
    expect((await api().get(`/api/products/id/${id}`)).status).toBe(404);

    // Archived: the page stays, marked, with nothing to add to the cart.
    await page.locator('#status').selectOption('archived');
    await page.getByRole('button', { name: 'Update Product' }).click();
    await page.getByText('Product "Identity Walk Ring" updated').waitFor();
    await page.goto(`${server.baseUrl}/product/${id}`);
    await page.getByText('No longer sold').waitFor();
    expect(await page.getByRole('button', { name: /add to cart|out of stock/i }).count()).toBe(0);
    await screenshotOnFailure(page, 'catalogue-archived-page');

    // The exact SKU typed in the search opens a live product's page.
    await api().put(
      `/api/admin/products/${id}`,
      { ...payload, status: 'live', sizes: [{ weight: '6 g', stock: 2 }] },
      { token },
    );
    await page.goto(`${server.baseUrl}/search?q=kj-walk-01`);
    await page.waitForURL(`${server.baseUrl}/product/${id}`);
    await page.close();
  });
});
