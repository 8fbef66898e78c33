// A ring's product page shows its BIS hallmark and Certificate; the Size guide dialog
// is walked with the keyboard only at 390 px; also shown at 1280 px.
import { WEB_DIST } from './shop-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SEED_ACCOUNTS } from '@kanak/db';
import {
  closeContext,
  httpClient,
  launchBrowser,
  screenshotOnFailure,
  startTestServer,
  watchConsole,
  type TestServer,
} from '@kanak/testkit';

describe('selling in India on the product page', () => {
  let server: TestServer;
  let browser: Browser;
  let ringId: string;
  beforeAll(async () => {
    server = await startTestServer({ WEB_DIST });
    browser = await launchBrowser();
    // A seeded diamond ring set in hallmarked gold, with a certified stone.
    const ring = await server.database.db
      .selectFrom('products')
      .innerJoin('product_stones', 'product_stones.product_id', 'products.id')
      .select('products.id')
      .where('products.category_name', '=', 'ring')
      .where('products.hallmark', 'is not', null)
      .where('product_stones.cert_number', 'is not', null)
      .orderBy('products.id')
      .executeTakeFirstOrThrow();
    ringId = ring.id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(page: Page) {
    await page.goto(`${server.baseUrl}/product/${ringId}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByTestId('hallmark-line').waitFor();
    expect(await page.getByTestId('hallmark-line').innerText()).toMatch(/BIS hallmarked.*18K750/);
    const certificate = page.getByRole('region', { name: 'Certificate' });
    await certificate.waitFor();
    expect(await certificate.innerText()).toMatch(/(IGI|GIA).*no\./s);
    // Size options carry the Indian size beside the MM value.
    expect(await page.getByRole('group', { name: 'Size' }).innerText()).toMatch(/MM · Size \d+/);
    return certificate;
  }

  it('walks the size guide with the keyboard only at 390 px', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = watchConsole(page);
    const certificate = await open(page);
    await certificate.scrollIntoViewIfNeeded();
    await screenshotOnFailure(page, 'certificate-390');

    // Tab to the Size guide button and open it with Enter.
    await page.locator('body').focus();
    for (let i = 0; i < 120; i++) {
      await page.keyboard.press('Tab');
      const name = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
      if (name === 'Size guide') break;
    }
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(
      'Size guide',
    );
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Ring size guide' });
    await dialog.waitFor();
    // Focus starts inside: the measurement choice, then the millimetres.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe(
      'radio',
    );
    await page.keyboard.press('Tab');
    await page.keyboard.type('54.4');
    await dialog.getByText('Your ring size is 14').waitFor();
    // Back to the choice, across to "inner diameter", and a ring's 17.3 mm is size 14 too.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('ArrowDown');
    expect(await dialog.getByRole('radio', { name: /inner diameter/ }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('17.3');
    await dialog.getByText('Your ring size is 14').waitFor();
    await screenshotOnFailure(page, 'size-guide-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(
      'Size guide',
    );
    expect(errors).toEqual([]);
    await closeContext(context);
  });

  it('shows the size guide and certificate at 1280 px', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const certificate = await open(page);
    await certificate.scrollIntoViewIfNeeded();
    await screenshotOnFailure(page, 'certificate-1280');
    await page.getByRole('button', { name: 'Size guide' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ring size guide' });
    await dialog.getByLabel('Measurement in mm').fill('54.4');
    await dialog.getByText('Your ring size is 14').waitFor();
    await screenshotOnFailure(page, 'size-guide-1280');
    await closeContext(context);
  });

  it('the admin records a laboratory-grown stone with a PDF certificate; the name must say so', async () => {
    const http = httpClient(server.baseUrl);
    const admin = (await http.post<{ jwt: string }>('/auth/login', SEED_ACCOUNTS.admin)).body.jwt;
    // A stoneless piece (the admin names a diamond in its title below).
    const piece = await server.database.db
      .selectFrom('products')
      .select(['id', 'title'])
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('product_stones')
              .select('product_stones.id')
              .whereRef('product_stones.product_id', '=', 'products.id'),
          ),
        ),
      )
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript((jwt) => localStorage.setItem('jwt', jwt), admin);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/admin/product/${piece.id}/edit`);
    await page.getByLabel('Title', { exact: true }).fill(`Diamond ${piece.title}`);
    await page.getByRole('button', { name: 'Add a stone' }).click();
    const row = page.getByTestId('stone-row').first();
    await row.getByLabel('Origin').selectOption('laboratory-grown');
    await row.getByLabel('Count').fill('1');
    await row.getByLabel('Total carat').fill('0.5');
    await row.getByLabel('Certificate lab').selectOption('IGI');
    const number = `LG${Date.now()}`;
    await row.getByLabel('Certificate number').fill(number);
    await row.getByLabel('Certificate file (PDF or image)').setInputFiles({
      name: 'certificate.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n% test certificate\n%%EOF\n'),
    });
    await row.getByTestId('certificate-file').waitFor();
    await screenshotOnFailure(page, 'admin-stone-certificate-1280');
    // The title says "diamond" alone while the stone is laboratory-grown: refused, with the rule.
    await page.getByRole('button', { name: 'Update Product' }).click();
    await expect
      .poll(() => page.getByRole('alert').allTextContents())
      .toContainEqual(expect.stringMatching(/laboratory-grown diamond/i));
    await page.getByLabel('Title', { exact: true }).fill(`Laboratory-grown diamond ${piece.title}`);
    const description = page.getByLabel('Description', { exact: true });
    await description.fill(
      (await description.inputValue()).replace(/diamond/gi, 'laboratory-grown diamond'),
    );
    const details = page.getByLabel('Details', { exact: true });
    await details.fill(
      (await details.inputValue()).replace(/diamond/gi, 'laboratory-grown diamond'),
    );
    await page.getByRole('button', { name: 'Update Product' }).click();
    await expect
      .poll(async () =>
        (
          await server.database.db
            .selectFrom('product_stones')
            .select(['origin', 'cert_number'])
            .where('product_id', '=', piece.id)
            .execute()
        ).map((s) => `${s.origin} ${s.cert_number}`),
      )
      .toEqual([`laboratory-grown ${number}`]);

    // The product page names it and links the certificate, which downloads as a PDF.
    await page.goto(`${server.baseUrl}/product/${piece.id}`);
    const certificate = page.getByRole('region', { name: 'Certificate' });
    await certificate.waitFor();
    expect(await certificate.innerText()).toMatch(/laboratory-grown diamond/i);
    const link = certificate.getByRole('link', { name: number });
    const file = await fetch(new URL((await link.getAttribute('href'))!, server.baseUrl));
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment/);
    await closeContext(context);
  });
});
