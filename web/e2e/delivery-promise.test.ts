// The product page's "Check delivery" PIN box, and the checkout: the PIN checked as typed,
// the state filled from it and its district offered for the city, the promise shown, a PIN of
// another state and one the shop does not serve refused. Walked at 1280 and 390 px, with no
// console error.
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
import { DEFAULT_DELIVERY_ZONES } from '@kanak/core';
import { PIN_MESSAGE } from '@kanak/shared';
import { fillCart, newCustomer, pickSizes } from '../../server/test/pipeline-support';
import { fillAddress, fillPanIfAsked, openLive, WEB_DIST } from './shop-support';

const WIDTHS = [1280, 390] as const;
/** The default zones, with the Andaman islands not served (as an operator would set it). */
const ZONES = [
  ...DEFAULT_DELIVERY_ZONES,
  { zone: 'islands, not yet', prefixes: ['744'], days: null, insuredCap: 0 },
];
const PROMISE = /^Delivery by (Mon|Tue|Wed|Thu|Fri|Sat), \d{1,2} [A-Z][a-z]{2} to 560001/;

describe('delivery promise and PIN ↔ state in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  const url = (p: string) => `${server.baseUrl}${p}`;

  beforeAll(async () => {
    server = await startTestServer({ WEB_DIST, DELIVERY_ZONES: JSON.stringify(ZONES) });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function shopperPage(
    width: number,
  ): Promise<{ page: Page; context: BrowserContext; id: string }> {
    const shopper = await newCustomer(server, `Pin${width}`);
    const [size] = await pickSizes(server.database.db, 1, width === 1280 ? 6 : 7);
    await fillCart(server.database.db, shopper.id, [
      { productId: size!.productId, sizeId: size!.sizeId, quantity: 1 },
    ]);
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addInitScript((token) => localStorage.setItem('jwt', token), shopper.token);
    return { page: await context.newPage(), context, id: shopper.id };
  }

  for (const width of WIDTHS) {
    it(`checks delivery to a PIN on the product page (${width} px)`, async () => {
      const [size] = await pickSizes(server.database.db, 1, 2);
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const errors = watchConsole(page);
      await openLive(page, url(`/product/${size!.productId}`));
      const box = page.getByRole('region', { name: 'Check delivery' });
      const pin = box.getByLabel('Delivery PIN code');
      await pin.fill('744101');
      await box.getByRole('button', { name: 'Check' }).click();
      await box.getByText('We do not deliver to 744101 yet').waitFor();
      await pin.fill('5600');
      await box.getByRole('button', { name: 'Check' }).click();
      await box.getByText('Enter a 6-digit PIN code').waitFor();
      await pin.fill('560001');
      await box.getByRole('button', { name: 'Check' }).click();
      const status = box.getByRole('status');
      await status.getByText(PROMISE).waitFor();
      expect(await status.innerText()).toMatch(/Bengaluru, Karnataka/);
      await screenshotOnFailure(page, `delivery-product-pin-${width}`);
      // The next product page remembers the PIN and checks it at once.
      await openLive(page, url(`/product/${size!.productId}`));
      await page.getByRole('region', { name: 'Check delivery' }).getByText(PROMISE).waitFor();
      expect(errors).toEqual([]);
      await closeContext(context);
    });

    it(`fills the state from the PIN, offers its district for the city and refuses another state (${width} px)`, async () => {
      const { page, context, id } = await shopperPage(width);
      const errors = watchConsole(page);
      await page.goto(url('/checkout?step=2'));
      const form = page.getByRole('form', { name: 'Delivery address' });
      await form.waitFor();
      // A PIN with letters is refused as it is typed, before any submit.
      await fillAddress(form, { 'Zip / Postal code': 'abcdef' });
      await form.getByText(PIN_MESSAGE).waitFor();
      await fillAddress(form, {
        'First Name': 'Asha',
        'Last Name': 'Verma',
        Address: '4 Janpath',
        'Phone Number': '9810012345',
        'Zip / Postal code': '110001',
      });
      const state = form.getByLabel('State/Province/Region', { exact: true });
      const city = form.getByLabel('City', { exact: true });
      await expect.poll(() => state.inputValue()).toBe('Delhi');
      // The district is offered for the city, never written into it (it is not the city).
      expect(await city.inputValue()).toBe('');
      expect(await city.getAttribute('list')).toBe('city-offers');
      expect(await form.locator('datalist#city-offers option').getAttribute('value')).toBeTruthy();
      await fillAddress(form, { City: 'New Delhi' });
      await form.getByText(/^Delivery by .* to 110001$/).waitFor();
      // The shopper corrects the state to one the PIN is not in: only the mismatch shows, at once.
      await state.selectOption('Maharashtra');
      await form.getByText('PIN 110001 is in Delhi, not Maharashtra').waitFor();
      expect(await form.getByText(/^Delivery by/).count()).toBe(0);
      await form.getByRole('button', { name: 'Deliver Here' }).click();
      await form.getByText('PIN 110001 is in Delhi, not Maharashtra').waitFor();
      await screenshotOnFailure(page, `delivery-checkout-mismatch-${width}`);
      // A PIN the shop does not serve is refused in the form too.
      await fillAddress(form, {
        'Zip / Postal code': '744101',
        'State/Province/Region': 'Andaman and Nicobar Islands',
        City: 'Port Blair',
      });
      await form.getByRole('button', { name: 'Deliver Here' }).click();
      await form.getByText('We do not deliver to 744101 yet').waitFor();
      const orders = await server.database.db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', id)
        .execute();
      expect(orders).toEqual([]);
      // Back to the PIN's own state: the promise shows and the order goes through.
      // The city the shopper typed stays as typed.
      await fillAddress(form, { City: 'Bengaluru', 'Zip / Postal code': '560001' });
      await expect.poll(() => state.inputValue()).toBe('Karnataka');
      expect(await city.inputValue()).toBe('Bengaluru');
      await form.getByText(PROMISE).waitFor();
      await screenshotOnFailure(page, `delivery-checkout-promise-${width}`);
      await fillPanIfAsked(page);
      await form.getByRole('button', { name: 'Deliver Here' }).click();
      await page.waitForURL(/step=3/);
      // The summary step repeats the promise for the order's address.
      const summary = page.getByTestId('delivery-promise');
      await summary.waitFor();
      expect((await summary.innerText()).trim()).toMatch(PROMISE);
      expect(errors).toEqual([]);
      await closeContext(context);
    });
  }
});
