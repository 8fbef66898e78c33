import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatRupees, type OrderView } from '@kanak/shared';
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

// The owner can fulfil every order: the admin finds a paid order (from the table, by
// its number, phone or customer), reads where it goes, what to pack, the payment and its history,
// and prints a packing slip; at 1280 px and on a 390 px phone.

const ADMIN = { email: 'admin@kanak.shop', password: 'Admin@123' };
const PHONE = `98${String(Date.now()).slice(-8)}`;
const ADDRESS = {
  firstName: 'Meera',
  lastName: 'Iyer',
  streetAddress: '7, Temple Street, Mylapore',
  city: 'Chennai',
  state: 'Tamil Nadu',
  zipCode: '600004',
  mobile: PHONE,
};

describe('admin order detail, packing slip and the orders list', () => {
  let server: TestServer;
  let worker: RunningWorker;
  let browser: Browser;
  let adminToken: string;
  let order: OrderView;
  let paymentId: string;
  let shopperEmail: string;
  const api = () => httpClient(server.baseUrl);
  const url = (path: string) => `${server.baseUrl}${path}`;
  const orderNumber = () => order._id.slice(0, 8).toUpperCase();

  async function pageWith(viewport: { width: number; height: number }): Promise<Page> {
    const context = await browser.newContext({ viewport });
    await context.addInitScript((jwt) => localStorage.setItem('jwt', jwt), adminToken);
    return context.newPage();
  }

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

  /** Nothing scrolls sideways: neither the document nor the admin pane. */
  const fitsWidth = async (page: Page) => {
    const widths = await page.evaluate(() => {
      const pane = document.querySelector('[data-admin-scroll]');
      return {
        doc: document.documentElement.scrollWidth,
        pane: pane ? pane.scrollWidth - pane.clientWidth : 0,
      };
    });
    expect(widths.doc).toBeLessThanOrEqual(page.viewportSize()!.width);
    expect(widths.pane).toBeLessThanOrEqual(0);
  };

  const expectDetail = async (page: Page) => {
    const detail = page.getByTestId('order-detail');
    await detail.waitFor();
    expect(await detail.getAttribute('data-order-id')).toBe(order._id);
    await page.getByRole('heading', { name: `Order #${orderNumber()}` }).waitFor();
    const address = await page.getByTestId('delivery-address').textContent();
    for (const part of [ADDRESS.streetAddress, ADDRESS.city, ADDRESS.zipCode, PHONE])
      expect(address).toContain(part);
    const items = await page.getByTestId('order-items').textContent();
    expect(items).toContain(order.orderItems[0]!.title);
    expect(items).toContain(order.orderItems[0]!.weight);
    const payments = await page.getByTestId('order-payments').textContent();
    expect(payments).toContain(paymentId);
    expect(payments).toContain('PAID');
    const history = await page.getByTestId('order-history').textContent();
    expect(history).toContain('Created as PENDING');
    expect(history).toContain('PENDING → PLACED');
    expect(await page.getByTestId('order-status').first().textContent()).toBe('PLACED');
  };

  beforeAll(async () => {
    server = await startTestServer({ WEB_DIST });
    worker = startShopWorker(server);
    browser = await launchBrowser();
    const login = await api().post<{ jwt: string }>('/auth/login', ADMIN);
    adminToken = login.body.jwt;

    // A new shopper's order, paid through the sandbox: what the owner has to fulfil.
    shopperEmail = `fulfil.${Date.now()}@example.com`;
    const signup = await api().post<{ jwt: string }>('/auth/signup', {
      firstName: 'Meera',
      lastName: 'Iyer',
      email: shopperEmail,
      password: 'Tester@123',
    });
    const token = signup.body.jwt;
    const { db } = server.database;
    const size = await db
      .selectFrom('product_sizes')
      .select(['id', 'product_id', 'weight'])
      .where('stock', '>=', 5)
      .where('position', '=', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const add = await api().put(
      '/api/cart/add',
      { productId: size.product_id, weight: size.weight, quantity: 2 },
      { token },
    );
    expect(add.status).toBe(200);
    const created = await api().post<OrderView>('/api/orders', ADDRESS, { token });
    expect(created.status).toBe(201);
    order = created.body;
    const link = await api().post<{ payment_link_url: string }>(
      `/api/payment/${order._id}`,
      undefined,
      { token },
    );
    const html = await (await fetch(link.body.payment_link_url)).text();
    const pay = new URL(/id="pay" href="([^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&'));
    paymentId = pay.searchParams.get('razorpay_payment_id')!;
    const paid = await api().get<{ status: string }>(
      `/api/payment?payment_id=${paymentId}&order_id=${order._id}`,
      { token },
    );
    expect(paid.body.status).toBe('PAID');
  });

  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await server?.close();
  });

  it('at 1280 px the table fits, and a row opens the paid order with its address, items, payment and history', async () => {
    const page = await pageWith({ width: 1280, height: 900 });
    const errors = watchConsole(page);
    await page.goto(url('/admin/orders'));
    const row = page.locator(`tr[data-order-id="${order._id}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain(`#${orderNumber()}`);
    const overflow = await page.evaluate(() => {
      const table = document.querySelector('[data-testid=orders-table]')!;
      const container = table.parentElement!;
      return { table: table.scrollWidth, container: container.clientWidth };
    });
    expect(overflow.table).toBeLessThanOrEqual(overflow.container);
    await fitsWidth(page);
    await shootAdmin(page, 'admin-orders-1280');

    // A click on the row (not on its buttons) opens the order.
    await row.locator('td').nth(1).click();
    await page.waitForURL(`**/admin/orders/${order._id}`);
    await expectDetail(page);
    await fitsWidth(page);
    await shootAdmin(page, 'admin-order-detail-1280');
    expect(errors).toEqual([]);
    await closeContext(page.context());
  });

  it('a search by order number opens the order; by phone or e-mail it finds it', async () => {
    const page = await pageWith({ width: 1280, height: 900 });
    await page.goto(url('/admin/orders'));
    const search = page.getByRole('searchbox', { name: 'Search orders' });
    await page.getByTestId('orders-table').waitFor();
    await search.fill(PHONE);
    const rows = page.locator('[data-testid="orders-table"] tbody tr[data-order-id]');
    await expect
      .poll(() => rows.evaluateAll((trs) => trs.map((tr) => tr.dataset.orderId)))
      .toEqual([order._id]);
    await search.fill(shopperEmail);
    await expect
      .poll(() => rows.evaluateAll((trs) => trs.map((tr) => tr.dataset.orderId)))
      .toEqual([order._id]);
    await search.fill(orderNumber());
    await page.waitForURL(`**/admin/orders/${order._id}`);
    await expectDetail(page);
    await closeContext(page.context());
  });

  it('prints a packing slip on one A4 page, without its buttons', async () => {
    const page = await pageWith({ width: 1280, height: 900 });
    const errors = watchConsole(page);
    await page.goto(url(`/admin/orders/${order._id}`));
    await page.getByRole('link', { name: 'Packing slip' }).click();
    await page.waitForURL(`**/admin/orders/${order._id}/slip`);
    const slip = page.getByTestId('packing-slip');
    await slip.waitFor();
    const text = await slip.textContent();
    for (const part of [
      'Kanak Jewellers',
      `#${orderNumber()}`,
      ADDRESS.streetAddress,
      PHONE,
      order.orderItems[0]!.title,
    ])
      expect(text).toContain(part);
    // No prices on the slip but the parcel's insured value: one ₹ figure, in its block.
    expect(text!.match(/₹/g)).toHaveLength(1);
    expect(await page.getByTestId('slip-parcel').textContent()).toMatch(/Insured value₹[\d,]+/);
    const print = page.getByRole('button', { name: 'Print' });
    expect(await print.isVisible()).toBe(true);
    await screenshotOnFailure(page, 'admin-packing-slip');
    await page.emulateMedia({ media: 'print' });
    expect(await print.isVisible()).toBe(false);
    const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
    expect(errors).toEqual([]);
    await closeContext(page.context());
  });

  it('on a 390 px phone the orders are cards, and a card opens the order', async () => {
    const page = await pageWith({ width: 390, height: 844 });
    const errors = watchConsole(page);
    await page.goto(url('/admin/orders'));
    const card = page.locator(`li[data-order-id="${order._id}"]`);
    await card.waitFor();
    expect(await page.getByTestId('orders-table').isVisible()).toBe(false);
    await fitsWidth(page);
    await shootAdmin(page, 'admin-orders-390');
    await card.getByText(`${order.user.firstName} ${order.user.lastName}`).click();
    await page.waitForURL(`**/admin/orders/${order._id}`);
    await expectDetail(page);
    await fitsWidth(page);
    await shootAdmin(page, 'admin-order-detail-390');
    expect(errors).toEqual([]);
    await closeContext(page.context());
  });

  it("the customers page shows a customer's orders, spending and last order, and links to their orders", async () => {
    const page = await pageWith({ width: 1280, height: 900 });
    await page.goto(url('/admin/customers'));
    const row = page.locator(`tr[data-user-email="${shopperEmail}"]`);
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toContain(formatRupees(order.totalDiscountedPrice));
    await shootAdmin(page, 'admin-customers-1280');
    await row.getByRole('link', { name: `1 order of ${shopperEmail}` }).click();
    await page.waitForURL(`**/admin/orders?q=*`);
    expect(await page.getByRole('searchbox', { name: 'Search orders' }).inputValue()).toBe(
      shopperEmail,
    );
    const rows = page.locator('[data-testid="orders-table"] tbody tr[data-order-id]');
    await expect
      .poll(() => rows.evaluateAll((trs) => trs.map((tr) => tr.dataset.orderId)))
      .toEqual([order._id]);
    await closeContext(page.context());
  });
});
