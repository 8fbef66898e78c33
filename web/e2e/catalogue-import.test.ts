import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { catalogueColumns } from '@kanak/shared';
import {
  httpClient,
  launchBrowser,
  screenshotOnFailure,
  startTestServer,
  watchConsole,
  type TestServer,
} from '@kanak/testkit';
import type { RunningWorker } from '@kanak/worker';
import { openLive, startShopWorker, WEB_DIST } from './shop-support';

// in Chromium: an owner imports a small file, reads the dry run's errors, fixes the
// file, applies it, watches the progress bar, and finds the new piece live by its SKU.

const ADMIN = { email: 'admin@kanak.shop', password: 'Admin@123' };
const COLUMNS = catalogueColumns(1);

const row = (over: Record<string, string>) => ({
  sku: 'KJ-IMPORT-WALK',
  title: 'Imported Walk Ring',
  brand: 'Kanak',
  collection: 'new-arrival',
  category: 'gold > rings > ring',
  metal: 'gold',
  color: 'yellow',
  occasion: 'casual',
  description: 'A ring that came in a spreadsheet.',
  details: 'Hallmarked.',
  quantity: '1',
  pricing: 'fixed',
  price: '31000',
  discounted_price: '29000',
  hallmark: '22K916',
  images: '/media/art/ring-gold-a.svg',
  size_1_sku: 'KJ-IMPORT-WALK-6G',
  size_1_weight: '6 g',
  size_1_size: '16 MM',
  size_1_net_weight: '5.5',
  size_1_stock: '4',
  ...over,
});
const csvOf = (cells: Record<string, string>) =>
  [COLUMNS.join(','), COLUMNS.map((c) => cells[c] ?? '').join(',')].join('\r\n');

describe('catalogue import in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let worker: RunningWorker;
  let dir: string;
  let adminToken: string;

  /** A page signed in as the owner (the stored jwt; the login dialog is return-after-login's). */
  async function adminPage(width: number): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.addInitScript((jwt) => localStorage.setItem('jwt', jwt), adminToken);
    return page;
  }

  beforeAll(async () => {
    server = await startTestServer({ WEB_DIST });
    worker = startShopWorker(server);
    browser = await launchBrowser();
    dir = await mkdtemp(path.join(os.tmpdir(), 'kanak-import-e2e-'));
    const login = await httpClient(server.baseUrl).post<{ jwt: string }>('/auth/login', ADMIN);
    adminToken = login.body.jwt;
  });
  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  for (const width of [1280, 390]) {
    it(`imports with a dry run, shows the errors, applies the fixed file and the piece is live (${width} px)`, async () => {
      const sku = `KJ-IMPORT-${width}`;
      const page = await adminPage(width);
      const errors = watchConsole(page);
      await openLive(page, `${server.baseUrl}/admin/products`);
      await page.getByRole('link', { name: 'Import', exact: true }).click();
      await page.waitForURL(`${server.baseUrl}/admin/catalogue/import`);

      // A negative stock and an unknown colour: the dry run names both cells, nothing is saved.
      const bad = path.join(dir, `bad-${width}.csv`);
      await writeFile(
        bad,
        csvOf(row({ sku, size_1_sku: `${sku}-6G`, size_1_stock: '-3', color: 'purple' })),
      );
      await page.getByLabel('Catalogue (CSV or XLSX)').setInputFiles(bad);
      await page.getByRole('button', { name: 'Check file' }).click();
      const errorsTable = page.getByTestId('import-errors');
      await errorsTable.waitFor();
      expect(await errorsTable.locator('tbody tr').count()).toBe(2);
      await expect.poll(() => errorsTable.textContent()).toContain('size_1_stock');
      expect(await errorsTable.textContent()).toContain('Color must be one of');
      expect(await page.getByRole('button', { name: /Apply 0 products/ }).isDisabled()).toBe(true);
      await screenshotOnFailure(page, `catalogue-import-errors-${width}`);

      // Fixed: one new product, then applied with a progress bar.
      const good = path.join(dir, `good-${width}.csv`);
      await writeFile(
        good,
        csvOf(row({ sku, size_1_sku: `${sku}-6G`, title: `Imported Ring ${width}` })),
      );
      await page.getByLabel('Catalogue (CSV or XLSX)').setInputFiles(good);
      await page.getByRole('button', { name: 'Check file' }).click();
      await page.getByText('No errors: every row can be applied.').waitFor();
      await page.getByTestId('import-changes').getByText(sku).waitFor();
      await page.getByRole('button', { name: 'Apply 1 product' }).click();
      await page.getByRole('progressbar', { name: 'Import progress' }).waitFor();
      await page
        .getByRole('status')
        .getByText('Applied: the row is saved.')
        .waitFor({ timeout: 60_000 });
      expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
      await screenshotOnFailure(page, `catalogue-import-applied-${width}`);

      // Live: the exact SKU typed in the storefront search opens its page.
      await openLive(page, `${server.baseUrl}/search?q=${sku.toLowerCase()}`);
      await page.waitForURL(/\/product\//);
      await page.getByRole('heading', { name: `Imported Ring ${width}` }).waitFor();
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('shows how many rows were saved and refused, and why, when a row is refused at apply time', async () => {
    const sku = 'KJ-IMPORT-FAILS';
    const page = await adminPage(1280);
    const errors = watchConsole(page);
    await openLive(page, `${server.baseUrl}/admin/catalogue/import`);
    const file = path.join(dir, 'fails.csv');
    await writeFile(file, csvOf(row({ sku, size_1_sku: `${sku}-6G`, title: 'Refused Ring' })));
    await page.getByLabel('Catalogue (CSV or XLSX)').setInputFiles(file);
    await page.getByRole('button', { name: 'Check file' }).click();
    await page.getByText('No errors: every row can be applied.').waitFor();
    // After the dry run, another product's size takes the row's size SKU.
    const other = await server.database.db
      .selectFrom('product_sizes')
      .select('id')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    await server.database.db
      .updateTable('product_sizes')
      .set({ sku: `${sku}-6G` })
      .where('id', '=', other.id)
      .execute();
    await page.getByRole('button', { name: 'Apply 1 product' }).click();
    // The row is refused on its own; the page counts what was saved and refused, and says why.
    await page
      .getByRole('status')
      .getByText('Applied: 0 rows saved, 1 row refused:')
      .waitFor({ timeout: 60_000 });
    await page
      .getByText(`Row 2 (${sku}): changed since the check: Size SKU ${sku}-6G is already used`, {
        exact: false,
      })
      .waitFor();
    await screenshotOnFailure(page, 'catalogue-import-failed-1280');
    expect(errors).toEqual([]);
    await page.close();
  });
});
