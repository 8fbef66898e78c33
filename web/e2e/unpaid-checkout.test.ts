// An abandoned checkout leaves an unpaid order that looks unpaid (Pay now, no ticks,
// no review, no delivery promise), checkout steps resume on reload, and the address form holds
// the shopper to what a courier accepts. Walked at 1280 and 390 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  closeContext,
  launchBrowser,
  screenshotOnFailure,
  startTestServer,
  watchConsole,
  type TestServer,
} from '@kanak/testkit';
import { createPaymentProvider, reconcilePayments } from '@kanak/core';
import { MOBILE_MESSAGE, PIN_MESSAGE, STATE_MESSAGE } from '@kanak/shared';
import { fillCart, newCustomer, pickSizes } from '../../server/test/pipeline-support';
import { fillAddress, WEB_DIST } from './shop-support';

const GOOD_ADDRESS = {
  'First Name': 'Kavya',
  'Last Name': 'Reddy',
  Address: '3 Banjara Hills',
  City: 'Hyderabad',
  'State/Province/Region': 'Telangana',
  'Zip / Postal code': '500034',
  'Phone Number': '+91 98480 12345',
};

const WIDTHS = [1280, 390] as const;

describe('unpaid checkout and a courier-ready address in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  const url = (p: string) => `${server.baseUrl}${p}`;

  beforeAll(async () => {
    server = await startTestServer({ WEB_DIST });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A fresh shopper with one piece in the cart, logged in (its token in local storage). */
  async function shopperPage(width: number): Promise<{ page: Page; context: BrowserContext }> {
    const shopper = await newCustomer(server, `Kavya${width}`);
    const [size] = await pickSizes(server.database.db, 1, width === 1280 ? 3 : 4);
    await fillCart(server.database.db, shopper.id, [
      { productId: size!.productId, sizeId: size!.sizeId, quantity: 1 },
    ]);
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addInitScript((token) => localStorage.setItem('jwt', token), shopper.token);
    const page = await context.newPage();
    return { page, context };
  }

  for (const width of WIDTHS) {
    it(`refuses a 4-digit PIN, a 5-digit phone and no state with clear messages (${width} px)`, async () => {
      const { page, context } = await shopperPage(width);
      const errors = watchConsole(page);
      await page.goto(url('/checkout?step=2'));
      const form = page.getByRole('form', { name: 'Delivery address' });
      await form.waitFor();
      const pin = form.getByLabel('Zip / Postal code', { exact: true });
      const phone = form.getByLabel('Phone Number', { exact: true });
      // Phones show the number pad for both.
      expect(await pin.getAttribute('inputmode')).toBe('numeric');
      expect(await phone.getAttribute('inputmode')).toBe('numeric');
      expect(await pin.getAttribute('autocomplete')).toBe('postal-code');
      expect(await phone.getAttribute('autocomplete')).toBe('tel-national');

      await fillAddress(form, {
        ...GOOD_ADDRESS,
        'State/Province/Region': '',
        'Zip / Postal code': '5600',
        'Phone Number': '12345',
      });
      await form.getByRole('button', { name: 'Deliver Here' }).click();
      await form.getByText(PIN_MESSAGE).waitFor();
      expect(await form.getByText(MOBILE_MESSAGE).isVisible()).toBe(true);
      expect(await form.getByText(STATE_MESSAGE).isVisible()).toBe(true);
      expect(await pin.getAttribute('aria-invalid')).toBe('true');
      // Nothing was ordered: still on the address step.
      expect(new URL(page.url()).searchParams.get('step')).toBe('2');
      await form.scrollIntoViewIfNeeded();
      await screenshotOnFailure(page, `unpaid-address-errors-${width}`);
      expect(errors).toEqual([]);
      await closeContext(context);
    });

    it(`leaves an abandoned order unpaid-looking, and resumes step 3 on reload (${width} px)`, async () => {
      const { page, context } = await shopperPage(width);
      const errors = watchConsole(page);
      await page.goto(url('/checkout?step=2'));
      const form = page.getByRole('form', { name: 'Delivery address' });
      await fillAddress(form, GOOD_ADDRESS);
      await form.getByRole('button', { name: 'Deliver Here' }).click();
      await page.waitForURL(/step=3&order_id=/);
      const orderId = new URL(page.url()).searchParams.get('order_id')!;
      await page.getByText('3 Banjara Hills').waitFor();
      // The +91 was dropped: the courier gets ten digits.
      const stored = await server.database.db
        .selectFrom('orders')
        .select(['ship_mobile', 'ship_state'])
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ ship_mobile: '9848012345', ship_state: 'Telangana' });

      // A reload of step 3 shows the same order.
      await page.reload();
      await page.getByText('3 Banjara Hills').waitFor();
      expect(await page.getByRole('button', { name: 'Payment' }).isVisible()).toBe(true);
      // Step 3 without its order id picks the unpaid order up and puts it in the URL.
      await page.goto(url('/checkout?step=3'));
      await page.waitForURL(new RegExp(`step=3&order_id=${orderId}`));
      await page.getByText('3 Banjara Hills').waitFor();

      // Abandoned: My Orders offers Pay now and promises no delivery.
      await page.goto(url('/user-details?layout=2'));
      const unpaid = page.getByTestId('unpaid-order');
      await unpaid.waitFor();
      expect(await unpaid.getByRole('button', { name: 'Pay now' }).isVisible()).toBe(true);
      const item = page.getByTestId('order-item').first();
      expect(await item.getByTestId('order-status').textContent()).toBe('PENDING');
      expect(await item.getByText('Awaiting payment').isVisible()).toBe(true);
      expect(await page.getByText('Expected delivery on March, 03').count()).toBe(0);
      await screenshotOnFailure(page, `unpaid-order-list-${width}`);

      // Its page: nothing ticked, no review, Pay now.
      await item.click();
      await page.waitForURL(new RegExp(`/account/orders/${orderId}/0`));
      const tracker = page.getByTestId('order-tracker');
      await tracker.waitFor();
      expect(await tracker.getAttribute('data-step')).toBe('0');
      expect(await tracker.locator('[aria-current="step"]').count()).toBe(0);
      expect(await tracker.locator('svg').count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Rate and Review Product' }).count()).toBe(0);
      const payNow = page.getByTestId('unpaid-order').getByRole('button', { name: 'Pay now' });
      expect(await payNow.isVisible()).toBe(true);
      await screenshotOnFailure(page, `unpaid-order-detail-${width}`);

      // Pay now opens the payment link (the sandbox's hosted page here).
      await payNow.click();
      await page.waitForURL(/\/sandbox-pay\//);
      expect(errors).toEqual([]);
      await closeContext(context);
    });
  }

  it('shows an order cancelled for want of payment as such, with no Pay now (390 px)', async () => {
    const { page, context } = await shopperPage(390);
    const errors = watchConsole(page);
    await page.goto(url('/checkout?step=2'));
    const form = page.getByRole('form', { name: 'Delivery address' });
    await fillAddress(form, GOOD_ADDRESS);
    await form.getByRole('button', { name: 'Deliver Here' }).click();
    await page.waitForURL(/step=3&order_id=/);
    const orderId = new URL(page.url()).searchParams.get('order_id')!;
    // Abandoned long ago, never given a link: the reconciliation run cancels it.
    await server.database.db
      .updateTable('orders')
      .set({ order_date: new Date(Date.now() - 3_600_000) })
      .where('id', '=', orderId)
      .execute();
    const report = await reconcilePayments(
      server.database.db,
      createPaymentProvider(server.config),
      {
        olderThanMs: 0,
        unpaidTtlMs: 40 * 60_000,
      },
    );
    expect(report.cancelledUnpaid).toContain(orderId);

    await page.goto(url('/user-details?layout=2'));
    const item = page.getByTestId('order-item').first();
    await item.waitFor();
    expect(await item.getByTestId('order-status').textContent()).toBe('CANCELLED');
    expect(await item.getByTestId('status-note').textContent()).toBe(
      'Cancelled: not paid within 40 minutes',
    );
    expect(await page.getByRole('button', { name: 'Pay now' }).count()).toBe(0);
    await screenshotOnFailure(page, 'unpaid-order-cancelled-390');
    expect(errors).toEqual([]);
    await closeContext(context);
  });
});
