// in Chromium: before dispatch the shopper's order page says when the invoice will be
// ready and asks nothing of the server; the admin ships from the form (carrier, AWB, insured
// value and its cap warning); the shopper's page then names the carrier with a working tracking
// link; the packing slip prints HUIDs, AWB and insured value. At 1280 and 390 px, no console error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SEED_ACCOUNTS } from '@kanak/db';
import {
  closeContext,
  httpClient,
  launchBrowser,
  screenshotOnFailure,
  startTestServer,
  WALK_ORDER_WAIT_MS,
  watchConsole,
  type TestServer,
} from '@kanak/testkit';
import type { RunningWorker } from '@kanak/worker';
import { sandboxPaidOrder } from '../../server/test/pipeline-support';
import { openLive, startShopWorker, WEB_DIST } from './shop-support';

describe('shipping with a carrier, in the browser', () => {
  let server: TestServer;
  let worker: RunningWorker;
  let browser: Browser;
  let admin = '';

  beforeAll(async () => {
    server = await startTestServer({ WEB_DIST, ORDER_WAIT_MS: WALK_ORDER_WAIT_MS });
    worker = startShopWorker(server);
    browser = await launchBrowser();
    admin = (
      await httpClient(server.baseUrl).post<{ jwt: string }>('/auth/login', SEED_ACCOUNTS.admin)
    ).body.jwt;
  });
  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await server?.close();
  });

  /** A paid order of a piece worth more than Delhivery's ₹50,000 cap. */
  async function paidOrder() {
    const sizes = await server.database.db
      .selectFrom('product_sizes')
      .innerJoin('products', 'products.id', 'product_sizes.product_id')
      .select([
        'product_sizes.id as sizeId',
        'products.id as productId',
        'product_sizes.discounted_price as sizePrice',
        'products.discounted_price as productPrice',
      ])
      .where('product_sizes.stock', '>', 0)
      .execute();
    const priceOf = (s: (typeof sizes)[number]) => s.sizePrice ?? s.productPrice;
    const size = sizes
      .filter((s) => priceOf(s) > 60_000 && priceOf(s) < 150_000)
      .sort((a, b) => priceOf(a) - priceOf(b))[0]!;
    const paid = await sandboxPaidOrder(server, size);
    const back = await httpClient(server.baseUrl).get<{ status: string }>(paid.returnPath, {
      token: paid.shopper.token,
    });
    expect(back.body.status).toBe('PAID');
    return paid;
  }

  async function pageWith(token: string, width: number): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addInitScript((jwt) => localStorage.setItem('jwt', jwt), token);
    return context.newPage();
  }

  it('ships from the admin form and the shopper follows the tracking link', async () => {
    const paid = await paidOrder();
    const orderId = paid.order._id;

    // Before dispatch: the note, and no invoice request at all.
    for (const width of [1280, 390]) {
      const shopperPage = await pageWith(paid.shopper.token, width);
      const errors = watchConsole(shopperPage);
      const invoiceCalls: string[] = [];
      shopperPage.on('request', (r) => {
        if (/\/invoice/.test(r.url())) invoiceCalls.push(r.url());
      });
      await openLive(shopperPage, `${server.baseUrl}/account/orders/${orderId}/0`);
      await expect
        .poll(() => shopperPage.getByTestId('invoice-pending').textContent())
        .toContain('Your tax invoice will be ready when your order ships');
      expect(await shopperPage.getByTestId('invoice-links').count()).toBe(0);
      expect(invoiceCalls).toEqual([]);
      expect(errors).toEqual([]);
      await screenshotOnFailure(shopperPage, `shopper-invoice-pending-${width}`);
      await closeContext(shopperPage.context());
    }

    // The admin's form: Delhivery's cap is below the order's value, so it warns.
    const page = await pageWith(admin, 1280);
    const errors = watchConsole(page);
    await openLive(page, `${server.baseUrl}/admin/orders/${orderId}`);
    const form = page.getByTestId('ship-form');
    await form.waitFor();
    await form.getByLabel('Carrier').selectOption('delhivery');
    await expect
      .poll(() => form.getByTestId('insured-cap-warning').textContent())
      .toMatch(/Delhivery insures up to ₹50,000; this parcel is worth ₹[\d,]+/);
    await form.getByLabel('AWB number').fill('1234 5678 90');
    await screenshotOnFailure(page, 'ship-form-1280');
    await form.getByLabel('Carrier').selectOption('bvc');
    expect(await form.getByTestId('insured-cap-warning').count()).toBe(0);
    await form.getByRole('button', { name: 'Mark shipped' }).click();
    const shipment = page.getByTestId('shipment');
    await shipment.waitFor();
    expect(await shipment.textContent()).toContain('1234567890');
    expect(await shipment.textContent()).toContain('BVC Logistics');
    expect(errors).toEqual([]);

    // The packing slip, printed to PDF: HUID column, AWB and insured value.
    await openLive(page, `${server.baseUrl}/admin/orders/${orderId}/slip`);
    const parcel = page.getByTestId('slip-parcel');
    await parcel.waitFor();
    expect(await parcel.textContent()).toMatch(/AWB1234567890/);
    expect(await parcel.textContent()).toMatch(/Insured value₹[\d,]+/);
    expect(await page.locator('th', { hasText: 'HUID' }).count()).toBe(1);
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ format: 'A4' });
    expect(Buffer.from(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1000);
    await closeContext(page.context());

    // The shopper: carrier, AWB and the tracking link; the invoice button now, no note.
    for (const width of [1280, 390]) {
      const shopperPage = await pageWith(paid.shopper.token, width);
      const shopperErrors = watchConsole(shopperPage);
      await openLive(shopperPage, `${server.baseUrl}/account/orders/${orderId}/0`);
      const card = shopperPage.getByTestId('shipment');
      await card.waitFor();
      expect(await card.textContent()).toMatch(/Shipped with BVC Logistics/);
      const link = card.getByRole('link', { name: /Track with BVC Logistics/ });
      expect(await link.getAttribute('href')).toBe(
        'https://www.bvclogistics.com/track-shipment?awb=1234567890',
      );
      expect(await shopperPage.getByTestId('invoice-pending').count()).toBe(0);
      await screenshotOnFailure(shopperPage, `shopper-tracking-${width}`);
      expect(shopperErrors).toEqual([]);
      await closeContext(shopperPage.context());
    }
  });
});
