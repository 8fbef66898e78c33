// The shopper's journey through the built storefront: real server, worker,
// seeded database and Chromium; each main page at 1280 and 390 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  closeContext,
  launchBrowser,
  screenshotOnFailure,
  startTestServer,
  storedItem,
  watchConsole,
  type TestServer,
} from '@kanak/testkit';
import type { RunningWorker } from '@kanak/worker';
import { fillAddress, fillPanIfAsked, openLive, startShopWorker, WEB_DIST } from './shop-support';
import { MESSAGES } from '@kanak/shared';

const shopper = {
  firstName: 'Ananya',
  lastName: 'Iyer',
  email: `ananya.${Date.now()}@example.com`,
  password: 'Kanak@2026',
};
const address = {
  'First Name': 'Ananya',
  'Last Name': 'Iyer',
  Address: '14 Lavelle Road',
  City: 'Bengaluru',
  'State/Province/Region': 'Karnataka',
  'Zip / Postal code': '560001',
  'Phone Number': '9876543210',
};

describe('storefront in Chromium', () => {
  let server: TestServer;
  let worker: RunningWorker;
  let browser: Browser;
  let desktop: BrowserContext;
  let page: Page;
  let errors: string[];
  const visited: Record<string, string> = {};
  let productId = '';
  let productTitle = '';
  let orderId = '';

  const url = (p: string) => `${server.baseUrl}${p}`;
  const rupees = (text: string) => Number(text.replace(/[^\d]/g, ''));

  beforeAll(async () => {
    server = await startTestServer({ WEB_DIST });
    worker = startShopWorker(server);
    browser = await launchBrowser();
    // The hero advances on its own only for a visitor who has not asked for less motion.
    desktop = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      reducedMotion: 'no-preference',
    });
    page = await desktop.newPage();
    errors = watchConsole(page);
  });

  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await server?.close();
  });

  it('shows the home page with its title, meta, sliders, banners, categories, posters, anchors and footer', async () => {
    await page.goto(url('/'));
    expect(await page.title()).toContain('Kanak Jewellers');
    expect(await page.locator('meta[name="keywords"]').getAttribute('content')).toBe(
      'jewelry, online store, luxury accessories',
    );
    for (const name of [
      'Best Sellers',
      'New Arrivals',
      'Recommended for you',
      'Shop By Category',
    ]) {
      await expect
        .poll(() => page.getByRole('heading', { name, exact: true }).isVisible())
        .toBe(true);
    }
    for (const id of [
      'best-of-kanak',
      'offers-contest',
      'categories',
      'new-arrivals',
      'reccomanded',
    ]) {
      expect(await page.locator(`#${id}`).count()).toBe(1);
    }
    await expect.poll(() => page.getByTestId('slider-card').count()).toBeGreaterThanOrEqual(12);
    // Three hero slides (20%, 40%, 10% off) that fade and advance on their own.
    const hero = page.getByRole('region', { name: 'Featured offers' });
    for (const offer of ['20% Off', '40% Off', '10% Off'])
      expect(await hero.getByText(offer, { exact: true }).count()).toBe(1);
    const shown = () =>
      hero.locator('[aria-roledescription="slide"][aria-hidden="false"] h2').textContent();
    const first = await shown();
    await expect.poll(shown).not.toBe(first);
    for (const banner of ['Featured Bangles', 'New Designs', 'Bestsellings']) {
      expect(await page.getByRole('heading', { name: banner }).isVisible()).toBe(true);
    }
    expect(await page.getByRole('link', { name: /Explore/ }).count()).toBe(8);
    // Product cards open the product page in a new tab.
    const card = page.getByTestId('slider-card').first().getByRole('link');
    expect(await card.getAttribute('target')).toBe('_blank');
    expect(await card.getAttribute('href')).toMatch(/^\/product\//);
    await expect.poll(() => page.getByTestId('site-footer').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Information' }).isVisible()).toBe(true);
    await screenshotOnFailure(page, 'storefront-home-1280');
    visited.home = '/';
  });

  it('opens the mega-menu and follows a catalogue link with the redirect rule', async () => {
    await page.getByRole('button', { name: 'Gold', exact: true }).click();
    await page.locator('#mega-gold').getByRole('link', { name: 'Stud' }).click();
    // /gold/earrings/stud: a type as the first level becomes ?type=gold.
    await page.waitForURL(/\/gold\/earrings\/stud\?type=gold/);
    await expect.poll(() => page.getByTestId('listing-card').count()).toBeGreaterThan(0);
    // A type as the third level moves to /{one}/{type}/jewellery.
    await page.goto(url('/all-jewellery/jewellery-types/diamond'));
    await page.waitForURL(/\/all-jewellery\/diamond\/jewellery\?type=diamond/);
  });

  it('filters a listing by two filters and sorts it from the URL', async () => {
    await page.goto(url('/all-jewellery/category/jewellery'));
    await page.getByRole('heading', { name: 'New Arrivals', level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('listing-card').count()).toBe(12);
    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await page.waitForURL(/page=2/);
    expect(
      await page.getByRole('button', { name: 'Page 2', exact: true }).getAttribute('aria-current'),
    ).toBe('page');
    await page.getByLabel('Gold', { exact: true }).check();
    await page.waitForURL(/type=gold/);
    await page.getByLabel('Yellow', { exact: true }).check();
    await page.waitForURL(/color=yellow/);
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Price: High to Low' }).click();
    await page.waitForURL(/sort=high_to_low/);
    await expect
      .poll(() => page.locator('[aria-busy="false"] [data-testid="listing-card"]').count())
      .toBeGreaterThan(1);
    const prices = await page.getByTestId('listing-price').allTextContents();
    const values = prices.map(rupees);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    await screenshotOnFailure(page, 'storefront-listing-1280');
    visited.listing = new URL(page.url()).pathname + new URL(page.url()).search;

    // Unticking removes the value; an impossible range shows the empty state.
    await page.getByLabel('Yellow', { exact: true }).uncheck();
    await expect.poll(() => page.url()).not.toMatch(/color=/);
    // Releasing a slider handle (keyboard here) writes 'min,max'; the handle left at its end
    // writes that side open, so moving one handle applies only its own bound.
    await page.getByRole('slider', { name: 'Maximum discount' }).press('ArrowLeft');
    await expect.poll(() => new URL(page.url()).searchParams.get('discount')).toBe('0,89');
    await page.getByRole('slider', { name: 'Minimum price' }).press('ArrowRight');
    await expect.poll(() => new URL(page.url()).searchParams.get('price')).toMatch(/^\d+,1000000$/);
    await page.goto(url('/all-jewellery/category/ring?price=100,105'));
    await page.getByRole('heading', { name: 'No products found' }).waitFor();
  });

  it('shows a product with its title in the page title and adds it to the guest cart', async () => {
    await page.goto(url(visited.listing!));
    await page.getByTestId('listing-card').first().waitFor();
    // The first in-stock piece of the filtered listing (some seeded sizes are sold out).
    const hrefs = await page
      .getByTestId('listing-card')
      .evaluateAll((cards) => cards.map((c) => c.getAttribute('href')!));
    for (const href of hrefs) {
      await page.goto(url(href));
      await page.getByRole('heading', { level: 1 }).waitFor();
      if (await page.getByRole('button', { name: 'Add to Cart' }).count()) break;
    }
    productId = page.url().split('/product/')[1]!;
    productTitle = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    await expect.poll(() => page.title()).toContain(productTitle);
    expect(await page.getByRole('heading', { name: 'Highlights' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Recent Reviews & Ratings' }).isVisible()).toBe(
      true,
    );
    await page.getByRole('heading', { name: 'You May Also Like' }).waitFor();
    await screenshotOnFailure(page, 'storefront-product-1280');
    visited.product = `/product/${productId}`;

    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForURL(/\/cart$/);
    await expect.poll(() => page.getByTestId('cart-item').count()).toBe(1);
    expect(await page.getByTestId('cart-badge').textContent()).toBe('1');
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect.poll(() => page.getByTestId('cart-quantity').textContent()).toBe('2');
    await page.getByRole('button', { name: 'Decrease quantity' }).click();
    await expect.poll(() => page.getByTestId('cart-quantity').textContent()).toBe('1');
    expect(await page.getByRole('button', { name: 'Decrease quantity' }).isDisabled()).toBe(true);
    expect(await page.getByText('FREE', { exact: true }).isVisible()).toBe(true);
  });

  it('signs up after refusing a weak password, and merges the guest cart', async () => {
    await page.getByRole('button', { name: 'Sign up' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('First name').fill(shopper.firstName);
    await dialog.getByLabel('Last name').fill(shopper.lastName);
    await dialog.getByLabel('Email').fill(shopper.email);
    await dialog.getByLabel('Password', { exact: true }).fill('weakpass');
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    await dialog.getByText(MESSAGES.password).waitFor();
    await dialog.getByLabel('Password', { exact: true }).fill(shopper.password);
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText(MESSAGES.signupSuccess).waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await storedItem(page, 'jwt')).toBeTruthy();
    // The guest line now lives in the account's cart on the server.
    expect(await storedItem(page, 'guestCart')).toBeNull();
    await page.reload();
    await expect.poll(() => page.getByTestId('cart-item').count()).toBe(1);
    expect(await page.getByTestId('cart-badge').textContent()).toBe('1');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByText(`Hello, ${shopper.firstName}`).waitFor();
    await page.keyboard.press('Escape');
    await screenshotOnFailure(page, 'storefront-cart-1280');
    visited.cart = '/cart';
  });

  it('checks out with an address, pays on the sandbox page and sees the order PLACED', async () => {
    await page.getByRole('link', { name: 'Check Out' }).click();
    await page.waitForURL(/\/checkout\?step=2/);
    await page.getByRole('list', { name: 'Checkout progress' }).waitFor();
    for (const label of ['Login', 'Dilivery Address', 'Order Summary', 'Payment']) {
      expect(
        await page
          .getByRole('list', { name: 'Checkout progress' })
          .getByText(label, { exact: true })
          .isVisible(),
        label,
      ).toBe(true);
    }
    const form = page.getByRole('form', { name: 'Delivery address' });
    await form.getByRole('button', { name: 'Deliver Here' }).click();
    await form.getByText(MESSAGES.required).first().waitFor();
    await screenshotOnFailure(page, 'storefront-checkout-address-1280');
    await fillAddress(form, address);
    await fillPanIfAsked(page);
    await form.getByRole('button', { name: 'Deliver Here' }).click();
    await page.waitForURL(/step=3&order_id=/);
    orderId = new URL(page.url()).searchParams.get('order_id')!;
    await page.getByText('14 Lavelle Road').waitFor();
    await screenshotOnFailure(page, 'storefront-checkout-summary-1280');

    await page.getByRole('button', { name: 'Payment' }).click();
    await page.waitForURL(/\/sandbox-pay\//);
    await page.locator('#pay').click();
    await page.waitForURL(new RegExp(`/payment/${orderId}\\?`));
    const outcome = page.getByTestId('payment-outcome');
    await outcome.waitFor({ timeout: 60_000 });
    // The page answers PENDING until the worker has settled the payment, then follows it.
    await expect.poll(() => outcome.getAttribute('data-status')).toBe('PAID');
    expect(await outcome.getByTestId('order-status').textContent()).toBe('PLACED');
    // The paid order emptied the cart, and the header says so.
    await expect.poll(() => page.getByTestId('cart-badge').count()).toBe(0);
    await screenshotOnFailure(page, 'storefront-payment-1280');
    visited.payment = new URL(page.url()).pathname;

    await page.getByRole('link', { name: 'View Order History' }).click();
    await page.waitForURL(/\/user-details\?layout=2/);
    const item = page.getByTestId('order-item').first();
    await item.waitFor();
    expect(await item.getByTestId('order-status').textContent()).toBe('PLACED');
    expect(await item.getByText('Expected delivery on March, 03').isVisible()).toBe(true);
    await screenshotOnFailure(page, 'storefront-order-history-1280');
    visited.orders = '/user-details?layout=2';

    await item.click();
    await page.waitForURL(new RegExp(`/account/orders/${orderId}/0`));
    const tracker = page.getByTestId('order-tracker');
    await tracker.waitFor();
    expect(await tracker.getAttribute('data-step')).toBe('1');
    for (const label of ['Placed', 'Order Confirmed', 'Shipped', 'Out For Delivery', 'Dilivered']) {
      expect(await tracker.getByText(label, { exact: true }).isVisible()).toBe(true);
    }
    expect(await page.getByText('14 Lavelle Road').isVisible()).toBe(true);
    await screenshotOnFailure(page, 'storefront-order-detail-1280');
    visited.orderDetail = `/account/orders/${orderId}/0`;
  });

  it('writes a review that appears on the product page', async () => {
    await page.getByRole('link', { name: 'Rate and Review Product' }).click();
    await page.waitForURL(new RegExp(`/product/${productId}/ratrev$`));
    const dialog = page.getByRole('dialog', { name: 'Ratings & Review' });
    await dialog.waitFor();
    // The radios are visually hidden; the shopper clicks the half star drawn over each one.
    await dialog.locator('label:has(input[value="4.5"])').click();
    expect(await dialog.getByLabel('4.5 stars').isChecked()).toBe(true);
    await screenshotOnFailure(page, 'storefront-review-dialog-1280');
    const text = 'The finish is exquisite and it arrived beautifully packed.';
    await dialog.getByLabel('Your review').fill(text);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(new RegExp(`/product/${productId}$`));
    await expect.poll(() => dialog.count()).toBe(0);
    const review = page.getByTestId('review').filter({ hasText: text });
    await review.waitFor();
    expect(await review.getByText(shopper.firstName, { exact: true }).isVisible()).toBe(true);
    expect(await review.getByRole('img', { name: '4.5 out of 5 stars' }).isVisible()).toBe(true);
  });

  it('delivers to a saved address and shows a failed payment', async () => {
    await page.goto(url(`/product/${productId}`));
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForURL(/\/cart$/);
    await page.getByRole('link', { name: 'Check Out' }).click();
    await page.waitForURL(/\/checkout\?step=2/);
    // The first order saved its address; the shopper picks it instead of typing it again.
    const saved = page
      .getByRole('region', { name: 'Saved addresses' })
      .getByRole('listitem')
      .filter({ hasText: '14 Lavelle Road' });
    await fillPanIfAsked(page);
    await saved.getByRole('button', { name: 'Deliver Here' }).click();
    await page.waitForURL(/step=3&order_id=/);
    const failedOrder = new URL(page.url()).searchParams.get('order_id')!;
    expect(failedOrder).not.toBe(orderId);
    await page.getByRole('button', { name: 'Payment' }).click();
    await page.waitForURL(/\/sandbox-pay\//);
    await page.locator('#fail').click();
    const outcome = page.getByTestId('payment-outcome');
    await outcome.waitFor({ timeout: 60_000 });
    // The page answers PENDING until the worker has settled the payment, then follows it.
    await expect.poll(() => outcome.getAttribute('data-status')).toBe('FAILED');
    await page.getByRole('heading', { name: 'Payment failed' }).waitFor();
    expect(await page.getByRole('link', { name: 'Try again' }).getAttribute('href')).toContain(
      `order_id=${failedOrder}`,
    );
  });

  it('adds to and removes from the wishlist with the card heart', async () => {
    await openLive(page, url('/'));
    await page.getByTestId('slider-card').first().waitFor();
    await page
      .getByTestId('slider-card')
      .first()
      .locator('label:has(input[type=checkbox])')
      .click();
    // The heart fills once the wish is saved (it may take a moment on a loaded machine).
    await expect
      .poll(() =>
        page
          .getByLabel(/^Favourite: /)
          .first()
          .isChecked(),
      )
      .toBe(true);
    await expect.poll(() => page.getByTestId('wishlist-badge').textContent()).toBe('1');
    await page.goto(url('/user-details?layout=1'));
    // The wish list loads after the page (its own request): wait for its line as for any element
    // (30 s), not expect.poll's 1 s, which a loaded machine can outlast.
    await page.getByTestId('wish-item').first().waitFor();
    expect(await page.getByTestId('wish-item').count()).toBe(1);
    await screenshotOnFailure(page, 'storefront-wishlist-1280');
    await page.getByTestId('wish-item').locator('label:has(input[type=checkbox])').click();
    await page.getByText('Your WishList is Empty!').waitFor();
    expect(await page.getByTestId('wishlist-badge').count()).toBe(0);
    visited.wishlist = '/user-details?layout=1';

    await page.goto(url('/user-details?layout=0'));
    await page.getByRole('heading', { name: 'My Account' }).waitFor();
    await page.getByRole('cell', { name: shopper.email }).waitFor();
    await screenshotOnFailure(page, 'storefront-account-1280');
    visited.account = '/user-details?layout=0';
  });

  it('finds pieces with the header search box', async () => {
    await page.goto(url('/'));
    const box = page.getByRole('combobox').first();
    await box.fill('jhumka');
    const results = page.getByRole('listbox', { name: 'Search results' });
    await expect.poll(() => results.getByRole('option').count()).toBeGreaterThan(0);
    const first =
      (await results.getByRole('option').first().locator('span.truncate').textContent()) ?? '';
    expect(first.toLowerCase()).toContain('jhumka');
    // Clicking a suggestion opens it (Enter on the text opens /search: shopper-truths.test.ts).
    await results.getByRole('option').first().getByRole('button').click();
    await page.waitForURL(/\/product\//);
    await page.getByRole('heading', { name: first, level: 1 }).waitFor();
  });

  it('suggests listing pages as the shopper types and opens one from the keyboard', async () => {
    await page.goto(url('/'));
    const box = page.getByRole('combobox').first();
    await box.fill('earr');
    const results = page.getByRole('listbox', { name: 'Search results' });
    const category = results.getByRole('option', { name: /all designs/ }).first();
    await category.waitFor();
    const options = await results.getByRole('option').allTextContents();
    const at = options.findIndex((text) => text.includes('all designs'));
    expect(at).toBeGreaterThanOrEqual(0);
    // The first ArrowDown highlights the first suggestion.
    for (let i = 0; i <= at; i++) await box.press('ArrowDown');
    // The highlighted option is announced to assistive technology, and Enter follows it.
    const active = await box.getAttribute('aria-activedescendant');
    expect(await page.locator(`[id="${active}"]`).textContent()).toContain('all designs');
    await box.press('Enter');
    await page.waitForURL(/\/[^/]+\/[^/]+\/[^/?]+(\?.*)?$/);
    await expect.poll(() => page.getByTestId('listing-card').count()).toBeGreaterThan(0);
  });

  it('shows the 404 page for an unknown path, whose link leads home', async () => {
    await page.goto(url('/no/such/page/here/at-all'));
    await page.getByRole('link', { name: 'Back to Home' }).waitFor();
    await screenshotOnFailure(page, 'storefront-404-1280');
    visited.notFound = '/no/such/page/here/at-all';
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL(url('/'));
  });

  it('had no console errors on any page of the walk', () => {
    expect(errors).toEqual([]);
  });

  it('sends a visitor from a guarded page to login and back, logs out, and alerts a failed login and sign-up', async () => {
    const visitor = await browser.newPage();
    const visitorErrors = watchConsole(visitor);
    await visitor.goto(url('/user-details?layout=2'));
    await visitor.waitForURL(/\/login\?redirect=/);
    const dialog = visitor.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await dialog.getByLabel('Email').fill(shopper.email);
    await dialog.getByLabel('Password', { exact: true }).fill('Wrong@1234');
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await visitor.getByText(MESSAGES.loginFailed).waitFor();
    await screenshotOnFailure(visitor, 'storefront-login-1280');

    // The right password leads back to the guarded page; logging out clears storage and reloads.
    await dialog.getByLabel('Password', { exact: true }).fill(shopper.password);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await visitor.waitForURL(url('/user-details?layout=2'));
    await visitor.getByTestId('order-item').first().waitFor();
    await visitor.getByRole('button', { name: 'Account menu' }).click();
    await visitor.getByRole('menuitem', { name: 'Log out' }).click();
    await visitor.waitForURL(/\/login\?redirect=/);
    await expect.poll(() => storedItem(visitor, 'jwt')).toBeNull();

    // Signing up with a taken email: the 'Oops...' alert, then home with the modal closed.
    await visitor.goto(url('/register'));
    const signup = visitor.getByRole('dialog');
    await signup.getByLabel('First name').fill('Second');
    await signup.getByLabel('Last name').fill('Try');
    await signup.getByLabel('Email').fill(shopper.email);
    await signup.getByLabel('Password', { exact: true }).fill(shopper.password);
    await signup.getByRole('button', { name: 'Sign up' }).click();
    await visitor.getByText(MESSAGES.signupFailedTitle).waitFor();
    await visitor.getByText(MESSAGES.signupDuplicate).waitFor();
    await visitor.waitForURL(url('/'));
    await expect.poll(() => signup.count()).toBe(0);

    // An unknown or malformed product id is the 404 page, not the error screen.
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      await visitor.goto(url(`/product/${id}`));
      await visitor.getByRole('link', { name: 'Back to Home' }).waitFor();
    }
    // The refused calls (401 login, 409 sign-up, 404/400 products) are logged by Chromium as failed
    // resources; nothing else may fail.
    expect(visitorErrors.filter((e) => !/status of (400|401|404|409)/.test(e))).toEqual([]);
    await visitor.close();
  });

  it('renders every main page at 390 px without console errors', async () => {
    const jwt = await storedItem(page, 'jwt');
    const mobile = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await mobile.addInitScript((token) => localStorage.setItem('jwt', token ?? ''), jwt);
    const phone = await mobile.newPage();
    const phoneErrors = watchConsole(phone);
    const ready: Record<string, (p: Page) => Promise<unknown>> = {
      home: (p) => p.getByTestId('slider-card').first().waitFor(),
      listing: (p) => p.getByTestId('listing-card').first().waitFor(),
      product: (p) => p.getByRole('heading', { name: 'You May Also Like' }).waitFor(),
      cart: (p) => p.getByTestId('cart-item').first().waitFor(),
      payment: (p) => p.getByRole('heading').first().waitFor(),
      orders: (p) => p.getByTestId('order-item').first().waitFor(),
      orderDetail: (p) => p.getByTestId('order-tracker').waitFor(),
      wishlist: (p) => p.getByText('Your WishList is Empty!').waitFor(),
      account: (p) => p.getByRole('cell', { name: shopper.email }).waitFor(),
      notFound: (p) => p.getByRole('link', { name: 'Back to Home' }).waitFor(),
    };
    for (const [name, route] of Object.entries(visited)) {
      await phone.goto(url(route));
      await ready[name]!(phone);
      // Nothing wider than the phone: no sideways scrolling.
      expect(
        await phone.evaluate(() => document.documentElement.scrollWidth),
        name,
      ).toBeLessThanOrEqual(390);
      await screenshotOnFailure(
        phone,
        `storefront-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}-390`,
      );
      // The order emptied the cart: put the piece back so the phone's cart page has a line.
      if (name === 'product') await phone.getByRole('button', { name: 'Add to Cart' }).click();
    }
    // Mobile drawer and slide-in filter panel.
    await phone.goto(url(visited.listing!));
    await phone.getByRole('button', { name: 'Open filters' }).click();
    await phone.getByRole('dialog').getByText('Jewellery Type').waitFor();
    await screenshotOnFailure(phone, 'storefront-listing-filters-390');
    await phone.keyboard.press('Escape');
    await phone.getByRole('button', { name: 'Open menu' }).click();
    await phone.getByRole('dialog').getByText('Shop Jewellery').waitFor();
    await phone
      .getByRole('dialog')
      .locator('summary')
      .filter({ hasText: /^Gold$/ })
      .click();
    await phone.getByRole('dialog').getByRole('link', { name: 'Jhumka' }).waitFor();
    await screenshotOnFailure(phone, 'storefront-menu-390');
    expect(phoneErrors).toEqual([]);
    await closeContext(mobile);
  });
});
