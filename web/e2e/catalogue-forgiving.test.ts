import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { catalogueColumns } from '@kanak/shared';
import {
  fitAdminPane,
  httpClient,
  launchBrowser,
  screenshotOnFailure,
  startTestServer,
  watchConsole,
  type TestServer,
} from '@kanak/testkit';
import { openLive, WEB_DIST } from './shop-support';

// The owner at 1280 px: the products table filtered by state with each piece's stock; the
// template downloaded and checked as it is; a file with "Live", "Gold", "₹31,000" and a column
// the import does not read, explained on the page itself.

const ADMIN = { email: 'admin@kanak.shop', password: 'Admin@123' };
const COLUMNS = [...catalogueColumns(1), 'shelf_note'];
const FORGIVING_ROW: Record<string, string> = {
  sku: 'KJ-FORGIVE-1',
  status: 'Live',
  title: 'Forgiving Walk Band',
  brand: 'Kanak',
  collection: 'Best-Sellers',
  category: 'Gold > Rings > Ring',
  metal: 'Gold',
  color: 'Yellow',
  occasion: 'Casual',
  description: 'A band typed by hand.',
  details: 'Hallmarked.',
  quantity: '1',
  pricing: 'Fixed',
  price: '₹31,000',
  discounted_price: '29,500',
  hallmark: '22K916',
  images: '/media/art/ring-gold-a.svg',
  size_1_weight: '4 g',
  size_1_size: '16 MM',
  size_1_net_weight: '3.5',
  size_1_stock: '2',
  shelf_note: 'back room',
};
const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
const csvOf = (row: Record<string, string>) =>
  [COLUMNS, COLUMNS.map((c) => row[c] ?? '')].map((r) => r.map(quote).join(',')).join('\r\n');

describe('catalogue import that forgives, and the products table (1280 px)', () => {
  let server: TestServer;
  let browser: Browser;
  let dir: string;
  let adminToken: string;

  beforeAll(async () => {
    server = await startTestServer({ WEB_DIST });
    browser = await launchBrowser();
    dir = await mkdtemp(path.join(os.tmpdir(), 'kanak-forgiving-e2e-'));
    const login = await httpClient(server.baseUrl).post<{ jwt: string }>('/auth/login', ADMIN);
    adminToken = login.body.jwt;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Opens `to` signed in as the owner (the stored jwt; the login dialog is return-after-login's). */
  async function signIn(page: Page, to: string) {
    await page.addInitScript((jwt) => localStorage.setItem('jwt', jwt), adminToken);
    await openLive(page, `${server.baseUrl}${to}`);
  }

  it('filters the products table by state and shows each piece’s stock', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchConsole(page);
    await signIn(page, '/admin/products');
    const table = page.getByTestId('products-table');
    await table.waitFor();
    await page.getByLabel('State').selectOption('live');
    await page.waitForURL(/status=live/);
    await expect.poll(() => table.locator('thead').textContent()).toContain('Stock');
    const stock = table.getByTestId('product-stock').first();
    await expect.poll(() => stock.textContent()).toMatch(/^(Sold out|[\d,]+)/);
    // No draft in the seed: the filter narrows to none.
    await page.getByLabel('State').selectOption('draft');
    await page.getByText('No products found').waitFor();
    await page.getByLabel('State').selectOption('live');
    await table.waitFor();
    await screenshotOnFailure(page, 'products-table-state-stock-1280', fitAdminPane);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the template passes its own dry run; "Live", "Gold", "₹31,000" are read; an unknown column is explained on the page', async () => {
    const page = await browser.newPage({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    const errors = watchConsole(page);
    await signIn(page, '/admin/catalogue/import');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Template' }).click(),
    ]);
    const template = path.join(dir, 'catalogue-template.csv');
    await download.saveAs(template);
    await page.getByLabel('Catalogue (CSV or XLSX)').setInputFiles(template);
    await page.getByRole('button', { name: 'Check file' }).click();
    await page.getByText('No errors: every row can be applied.').waitFor();
    await page.getByTestId('import-changes').getByText('GRIN-0001').waitFor();

    const typed = path.join(dir, 'typed.csv');
    await writeFile(typed, csvOf(FORGIVING_ROW));
    await page.getByLabel('Catalogue (CSV or XLSX)').setInputFiles(typed);
    await page.getByRole('button', { name: 'Check file' }).click();
    const errorsTable = page.getByTestId('import-errors');
    await errorsTable.waitFor();
    expect(await errorsTable.locator('tbody tr').count()).toBe(1);
    const text = (await errorsTable.textContent()) ?? '';
    expect(text).toContain('shelf_note');
    expect(text).toContain('Columns the import reads');
    expect(text).not.toContain('README');
    // The reference the message points at is on the page, open.
    const reference = page.getByTestId('import-columns');
    expect(await reference.getAttribute('open')).not.toBeNull();
    await reference.getByText('computed_price').waitFor();
    const changes = page.getByTestId('import-changes');
    await changes.getByText('KJ-FORGIVE-1').waitFor();
    expect(await changes.textContent()).toContain('₹29,500');
    await screenshotOnFailure(page, 'catalogue-import-forgiving-1280', fitAdminPane);
    expect(errors).toEqual([]);
    await page.close();
  });
});
