// A shopper who pays for a piece that sold out meanwhile is told the truth (sold
// out, order cancelled, payment refunded) on the payment page and on their order pages, and the
// admin finds the order among the refunds due. Real server, worker, seeded database and Chromium.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatRupees } from '@kanak/shared';
import {
  closeContext,
  httpClient,
  launchBrowser,
  screenshotOnFailure,
  startTestServer,
  watchConsole,
  type TestServer,
} from '@kanak/testkit';
import type { RunningWorker } from '@kanak/worker';
import { startShopWorker, WEB_DIST } from './shop-support';

const ADMIN = { email: 'admin@kanak.shop', password: 'Admin@123' };
const shopper = {
  firstName: 'Meera',
  lastName: 'Pillai',
  email: 'meera.pillai@example.com',
  password: 'Kanak@2026',
};
const address = {
  firstName: 'Meera',
  lastName: 'Pillai',
  streetAddress: '7 Marine Drive',
  city: 'Kochi',
  state: 'Kerala',
  zipCode: '682031',
  mobile: '9847012345',
};

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

describe('a shopper whose piece sold out while paying', () => {
  let server: TestServer;
  let worker: RunningWorker;
  let browser: Browser;
  let shopperToken = '';
  let adminToken = '';
  let orderId = '';
  let total = 0;
  let sizeId = '';
  let paymentPath = '';
  /** Console errors of every page opened, one list per page. */
  const consoles: string[][] = [];

  const url = (p: string) => `${server.baseUrl}${p}`;
  const api = () => httpClient(server.baseUrl);

  async function pageWith(token: string, viewport: { width: number; height: number }) {
    const context = await browser.newContext(
      viewport.width < 500 ? { viewport, isMobile: true, hasTouch: true } : { viewport },
    );
    await context.addInitScript((jwt) => localStorage.setItem('jwt', jwt), token);
    const page = await context.newPage();
    consoles.push(watchConsole(page));
    return page;
  }

  /** Nothing wider than the viewport: no sideways scrolling. */
  const fitsWidth = async (page: Page) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );

  /** The admin content scrolls inside its own pane: grow the viewport so the shot holds all of it. */
  async function shootAdmin(page: Page, name: string) {
    const viewport = page.viewportSize()!;
    const height = await page.evaluate(
      () => document.querySelector('[data-admin-scroll]')?.scrollHeight ?? 0,
    );
    await page.setViewportSize({
      width: viewport.width,
      height: Math.min(Math.max(height, viewport.height), 5000),
    });
    await screenshotOnFailure(page, name);
    await page.setViewportSize(viewport);
  }

  beforeAll(async () => {
    server = await startTestServer({ WEB_DIST });
    worker = startShopWorker(server);
    browser = await launchBrowser();
    const signup = await api().post<{ jwt: string }>('/auth/signup', shopper);
    expect(signup.status).toBe(201);
    shopperToken = signup.body.jwt;
    const login = await api().post<{ jwt: string }>('/auth/login', ADMIN);
    expect(login.status).toBe(200);
    adminToken = login.body.jwt;
  });

  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await server?.close();
  });

  it('orders the last piece of a size', async () => {
    const { db } = server.database;
    const size = await db
      .selectFrom('product_sizes')
      .select(['id', 'product_id', 'weight'])
      .where('stock', '>=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    sizeId = size.id;
    await db.updateTable('product_sizes').set({ stock: 1 }).where('id', '=', sizeId).execute();
    const cart = await api().put(
      '/api/cart/add',
      { productId: size.product_id, weight: size.weight },
      { token: shopperToken },
    );
    expect(cart.status).toBe(200);
    const order = await api().post<{ _id: string; totalDiscountedPrice: number }>(
      '/api/orders/',
      address,
      { token: shopperToken },
    );
    expect(order.status).toBe(201);
    orderId = order.body._id;
    total = order.body.totalDiscountedPrice;
    expect(total).toBeGreaterThan(0);
  });

  it('pays after another shopper took the piece, and is told of the refund, not of a failure', async () => {
    const page = await pageWith(shopperToken, DESKTOP);
    await page.goto(url(`/checkout?step=3&order_id=${orderId}`));
    await page.getByText('7 Marine Drive').waitFor();
    await page.getByRole('button', { name: 'Payment' }).click();
    await page.waitForURL(/\/sandbox-pay\//);
    // Meanwhile the last piece was sold to someone else.
    await server.database.db
      .updateTable('product_sizes')
      .set({ stock: 0 })
      .where('id', '=', sizeId)
      .execute();
    await page.locator('#pay').click();
    await page.waitForURL(new RegExp(`/payment/${orderId}\\?`));
    paymentPath = new URL(page.url()).pathname + new URL(page.url()).search;

    const outcome = page.getByTestId('payment-outcome');
    await outcome.waitFor({ timeout: 60_000 });
    // The return may answer PENDING first; the page follows the order until the worker settles it.
    await expect.poll(() => outcome.getAttribute('data-status')).toBe('REFUND_PENDING');
    await outcome.getByRole('heading', { name: 'Sold out before your payment arrived' }).waitFor();
    const text = (await outcome.textContent()) ?? '';
    expect(text).toContain('sold out');
    expect(text).toContain('cancelled');
    expect(text).toContain(`${formatRupees(total)} will be refunded`);
    expect(await outcome.getByTestId('refund-note').textContent()).toMatch(
      /^Cancelled: .+ sold out when the payment arrived\. The payment of ₹[\d,]+ will be refunded\.$/,
    );
    expect(await outcome.getByTestId('order-status').textContent()).toBe('CANCELLED');
    expect(await outcome.getByTestId('refund-due').textContent()).toBe('Refund due');
    // Not the red failure: no "Payment failed", no "Try again"; the ways on are there.
    expect(await page.getByRole('heading', { name: 'Payment failed' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Try again' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Continue Shopping' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'View Order History' }).isVisible()).toBe(true);
    await screenshotOnFailure(page, 'refund-payment-1280');

    // The money side: the order is cancelled, the payment awaits its refund, no unit was taken.
    const { db } = server.database;
    const order = await db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('CANCELLED');
    const payments = await db
      .selectFrom('payments')
      .select('status')
      .where('order_id', '=', orderId)
      .where('status', '!=', 'CREATED')
      .execute();
    expect(payments.map((p) => p.status)).toEqual(['REFUND_PENDING']);
    const stock = await db
      .selectFrom('product_sizes')
      .select('stock')
      .where('id', '=', sizeId)
      .executeTakeFirstOrThrow();
    expect(stock.stock).toBe(0);

    // Their order history and the order page say the same.
    await page.getByRole('link', { name: 'View Order History' }).click();
    await page.waitForURL(/\/user-details\?layout=2/);
    const item = page.getByTestId('order-item').first();
    await item.waitFor();
    expect(await item.getByTestId('order-status').textContent()).toBe('CANCELLED');
    expect(await item.getByTestId('refund-due').textContent()).toBe('Refund due');
    expect(await item.getByTestId('refund-line').textContent()).toBe(
      `Sold out: your payment of ${formatRupees(total)} will be refunded`,
    );
    await screenshotOnFailure(page, 'refund-order-history-1280');

    await item.click();
    await page.waitForURL(new RegExp(`/account/orders/${orderId}/0`));
    const notice = page.getByTestId('refund-notice');
    await notice.waitFor();
    expect(await notice.getByText('Sold out before your payment arrived').isVisible()).toBe(true);
    expect(await notice.textContent()).toContain(`${formatRupees(total)} will be refunded`);
    expect(await notice.getByTestId('refund-note').textContent()).toContain('sold out');
    expect(await page.getByTestId('refund-due').textContent()).toBe('Refund due');
    await page.getByTestId('order-tracker').waitFor();
    await screenshotOnFailure(page, 'refund-order-detail-1280');
    await closeContext(page.context());
  });

  it('answers REFUND_PENDING to a REST client returning with the same payment', async () => {
    const query = new URL(url(paymentPath)).searchParams;
    const paymentId = query.get('razorpay_payment_id') ?? query.get('payment_id');
    expect(paymentId).toBeTruthy();
    const answer = await api().get<{ status: string }>(
      `/api/payment?payment_id=${paymentId}&order_id=${orderId}`,
      { token: shopperToken },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('REFUND_PENDING');
    const order = await api().get<{ refundDue: boolean; orderStatus: string }>(
      `/api/orders/${orderId}`,
      { token: shopperToken },
    );
    expect(order.body).toMatchObject({ refundDue: true, orderStatus: 'CANCELLED' });
  });

  it('shows the same on a 390 px phone without sideways scrolling', async () => {
    const phone = await pageWith(shopperToken, PHONE);
    await phone.goto(url(paymentPath));
    const outcome = phone.locator('[data-testid="payment-outcome"][data-status="REFUND_PENDING"]');
    await outcome.waitFor({ timeout: 60_000 });
    expect(await outcome.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Sold out before your payment arrived',
    );
    await phone.waitForLoadState('networkidle');
    await fitsWidth(phone);
    await screenshotOnFailure(phone, 'refund-payment-390');

    await phone.goto(url('/user-details?layout=2'));
    await phone.getByTestId('refund-line').first().waitFor();
    await phone.waitForLoadState('networkidle');
    await fitsWidth(phone);
    await screenshotOnFailure(phone, 'refund-order-history-390');

    await phone.goto(url(`/account/orders/${orderId}/0`));
    await phone.getByTestId('refund-notice').waitFor();
    await phone.waitForLoadState('networkidle');
    await fitsWidth(phone);
    await screenshotOnFailure(phone, 'refund-order-detail-390');
    await closeContext(phone.context());
  });

  it('lists the order among the refunds due on the admin orders page', async () => {
    const page = await pageWith(adminToken, { width: 1440, height: 900 });
    await page.goto(url('/admin/orders'));
    await page.getByTestId('orders-table').waitFor();
    const due = await server.database.db
      .selectFrom('payments')
      .select('order_id')
      .distinct()
      .where('status', '=', 'REFUND_PENDING')
      .execute();
    expect(due.map((d) => d.order_id)).toContain(orderId);
    const label = `${due.length} ${due.length === 1 ? 'refund' : 'refunds'} due`;
    await page.getByText(label, { exact: false }).first().waitFor();

    const row = page.locator(`tr[data-order-id="${orderId}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-refund-due')).toBe('true');
    expect(await row.getByTestId('order-status').textContent()).toBe('CANCELLED');
    expect(await row.getByTestId('refund-due').textContent()).toBe('Refund due');
    const refund = page.locator(`tr[data-refund-for="${orderId}"]`);
    expect(await refund.textContent()).toContain(
      `Refund ${formatRupees(total)} to ${shopper.firstName} ${shopper.lastName}`,
    );
    expect(await refund.textContent()).toContain('sold out when the payment arrived');
    await shootAdmin(page, 'refund-admin-orders');

    // The chip shows only the refunds due, then every order again.
    const chip = page.getByTestId('refunds-filter');
    expect(await chip.textContent()).toContain(String(due.length));
    const orderRows = '[data-testid="orders-table"] tbody tr[data-order-id]';
    const allRows = await page.locator(orderRows).count();
    await chip.click();
    expect(await chip.getAttribute('aria-pressed')).toBe('true');
    const rows = page.locator(orderRows);
    await expect.poll(() => rows.count()).toBe(due.length);
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.dataset.refundDue))).toEqual(
      due.map(() => 'true'),
    );
    await shootAdmin(page, 'refund-admin-orders-refunds-due');
    await page.getByRole('button', { name: 'All orders' }).click();
    await expect.poll(() => rows.count()).toBe(allRows);
    await closeContext(page.context());

    const phone = await pageWith(adminToken, PHONE);
    await phone.goto(url('/admin/orders'));
    await phone.getByTestId('refunds-filter').click();
    // On a phone the list is cards: the card says the refund too.
    const card = phone.locator(`li[data-order-id="${orderId}"]`);
    await card.waitFor();
    expect(await card.textContent()).toContain(
      `Refund ${formatRupees(total)} to ${shopper.firstName} ${shopper.lastName}`,
    );
    await shootAdmin(phone, 'refund-admin-orders-390');
    await closeContext(phone.context());
  });

  it('refunds the payment from the admin order page, after a confirmation', async () => {
    const amount = formatRupees(total);
    const page = await pageWith(adminToken, DESKTOP);
    await page.goto(url(`/admin/orders/${orderId}`));
    const panel = page.getByTestId('refund-owed');
    await panel.waitFor();
    expect(await panel.getAttribute('data-state')).toBe('owed');
    expect(await panel.textContent()).toContain(
      `Refund ${amount} to ${shopper.firstName} ${shopper.lastName}`,
    );
    await shootAdmin(page, 'refund-admin-order-owed-1280');

    await page.getByTestId('refund-button').click();
    const dialog = page.getByRole('alertdialog');
    await dialog
      .getByText(`Refund ${amount} to ${shopper.firstName} ${shopper.lastName}?`)
      .waitFor();
    await shootAdmin(page, 'refund-admin-order-confirm-1280');
    await dialog.getByRole('button', { name: `Yes, refund ${amount}` }).click();
    await expect.poll(() => panel.getAttribute('data-state')).toBe('processed');
    expect(await panel.textContent()).toContain(`Refunded ${amount}`);
    expect(await panel.textContent()).toMatch(/Refund id rfnd_sbx_/);
    expect(await page.getByTestId('refund-button').count()).toBe(0);
    // The Payments card says the same of the payment: refunded, with the provider's refund id.
    const payment = page.getByTestId('order-payments').locator('li', { hasText: 'REFUND' });
    await expect.poll(() => payment.getByTestId('payment-status').textContent()).toBe('REFUNDED');
    const refundLine = (await payment.getByTestId('payment-refund').textContent()) ?? '';
    expect(refundLine.startsWith(`${amount} processed · rfnd_sbx_`)).toBe(true);
    await shootAdmin(page, 'refund-admin-order-refunded-1280');
    await closeContext(page.context());

    // The money left once; the order no longer counts among the refunds due.
    const refunds = await server.database.db
      .selectFrom('sandbox_refunds')
      .select(['amount', 'status'])
      .execute();
    expect(refunds).toEqual([{ amount: total, status: 'processed' }]);
    const order = await api().get<{ refundDue: boolean; refund: { state: string } }>(
      `/api/orders/${orderId}`,
      { token: shopperToken },
    );
    expect(order.body).toMatchObject({ refundDue: false, refund: { state: 'processed' } });

    const phone = await pageWith(adminToken, PHONE);
    await phone.goto(url(`/admin/orders/${orderId}`));
    await phone.locator('[data-testid="refund-owed"][data-state="processed"]').waitFor();
    await phone.waitForLoadState('networkidle');
    await fitsWidth(phone);
    await shootAdmin(phone, 'refund-admin-order-refunded-390');
    await closeContext(phone.context());
  });

  it('had no console errors on any page', () => {
    expect(consoles.length).toBeGreaterThan(0);
    expect(consoles.flat()).toEqual([]);
  });
});
