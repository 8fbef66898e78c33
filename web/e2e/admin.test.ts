import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatRupees } from '@kanak/shared';
import {
  closeContext,
  fitAdminPane,
  httpClient,
  launchBrowser,
  screenshotOnFailure,
  startTestServer,
  watchConsole,
  type TestServer,
} from '@kanak/testkit';
import type { RunningWorker } from '@kanak/worker';
import { startShopWorker, WEB_DIST } from './shop-support';

// The admin back office in Chromium, against the real server and the order worker.

const ADMIN = { email: 'admin@kanak.shop', password: 'Admin@123' };
const CUSTOMER = { email: 'priya@example.com', password: 'Priya@123' };

/** Two small, different SVG images for the upload inputs. */
const svg = (fill: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240"><rect width="240" height="240" fill="#f6efe3"/><circle cx="120" cy="120" r="80" fill="none" stroke="${fill}" stroke-width="18"/></svg>`,
  );

describe('admin back office', () => {
  let server: TestServer;
  let worker: RunningWorker;
  let browser: Browser;
  let adminToken: string;
  let customerToken: string;
  let uploadDir: string;
  const title = `E2E Aurora Gold Ring ${Date.now()}`;
  let productId: string;

  const api = () => httpClient(server.baseUrl);
  async function login(account: { email: string; password: string }) {
    const res = await api().post<{ jwt: string }>('/auth/login', account);
    expect(res.status).toBe(200);
    return res.body.jwt;
  }

  /** A page whose localStorage holds the jwt before the app starts (login state is the stored jwt). */
  async function pageWith(
    token: string | null,
    viewport = { width: 1440, height: 900 },
  ): Promise<Page> {
    const context = await browser.newContext({ viewport });
    if (token) await context.addInitScript((jwt) => localStorage.setItem('jwt', jwt), token);
    return context.newPage();
  }

  const startOrderWorker = () => startShopWorker(server);

  /** A paid (PLACED) order among the 20 newest: the first page of /admin/orders. */
  async function placedOrderOnFirstPage() {
    const newest = await server.database.db
      .selectFrom('orders')
      .select(['id', 'status'])
      .orderBy('order_date', 'desc')
      .orderBy('id')
      .limit(20)
      .execute();
    const placed = newest.find((o) => o.status === 'PLACED');
    if (!placed) throw new Error('No PLACED order among the 20 newest');
    return placed;
  }

  /** On failure, the admin pane in full. */
  const shoot = (page: Page, name: string) => screenshotOnFailure(page, name, fitAdminPane);

  beforeAll(async () => {
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kanak-admin-e2e-'));
    server = await startTestServer({
      WEB_DIST,
      UPLOAD_DIR: uploadDir,
      ORDER_WAIT_MS: 3000,
    });
    worker = startOrderWorker();
    browser = await launchBrowser();
    adminToken = await login(ADMIN);
    customerToken = await login(CUSTOMER);
  });

  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await server?.close();
    if (uploadDir) fs.rmSync(uploadDir, { recursive: true, force: true });
  });

  it('shows dashboard figures computed from the database', async () => {
    const { db } = server.database;
    const paid = ['PLACED', 'CONFIRMED', 'SHIPPED', 'DELIVERED'] as const;
    const totals = await db
      .selectFrom('orders')
      .select((eb) => [
        eb.fn.sum<string>('total_item').as('sales'),
        eb.fn.sum<string>('total_discounted_price').as('revenue'),
      ])
      .where('status', 'in', paid)
      .executeTakeFirstOrThrow();
    const products = await db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const customers = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('role', '=', 'CUSTOMER')
      .executeTakeFirstOrThrow();
    const latest = await db
      .selectFrom('orders')
      .select('status')
      .orderBy('order_date', 'desc')
      .orderBy('id')
      .executeTakeFirstOrThrow();

    const page = await pageWith(adminToken);
    const errors = watchConsole(page);
    await page.goto(`${server.baseUrl}/admin`);
    const overview = page.getByTestId('monthly-overview');
    await overview.getByTestId('overview-products').waitFor();
    expect(await overview.getByTestId('overview-products').textContent()).toBe(
      Number(products.n).toLocaleString('en-IN'),
    );
    expect(await overview.getByTestId('overview-customers').textContent()).toBe(
      Number(customers.n).toLocaleString('en-IN'),
    );
    expect(await overview.getByTestId('overview-sales').textContent()).toBe(
      Number(totals.sales).toLocaleString('en-IN'),
    );
    expect(await overview.getByTestId('overview-revenue').textContent()).toBe(
      formatRupees(Number(totals.revenue)),
    );
    // Only a rise reads "growth", and the arrow agrees with the words (packages/shared growthNote).
    const growth = await overview.getByTestId('growth').textContent();
    expect(growth).toMatch(/^(Total \d+(\.\d)?% (growth|decline)|No change)$/);
    const direction = growth!.endsWith('growth')
      ? 'up'
      : growth!.endsWith('decline')
        ? 'down'
        : 'flat';
    expect(await overview.getByTestId('growth-arrow').getAttribute('data-direction')).toBe(
      direction,
    );
    expect(await page.getByTestId('welcome-card').textContent()).toContain('Kanak Jewellers');
    expect(await page.getByTestId('welcome-card').textContent()).toContain('Congratulations Asha!');
    expect(await page.getByRole('link', { name: 'View Sales' }).isVisible()).toBe(true);
    await page.getByTestId('sales-chart').locator('svg.recharts-surface').first().waitFor();
    // Each figure stays inside its card, a crore of revenue too, on a laptop and a phone.
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const spill = await overview.evaluate((card) => {
        const edge = card.getBoundingClientRect().right;
        return [...card.querySelectorAll('dd')]
          .filter((dd) => dd.getBoundingClientRect().right > edge)
          .map((dd) => dd.textContent);
      });
      expect(spill, `figures past the card at ${width} px`).toEqual([]);
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    // Recent Orders: the last five, numbered titles, badge coloured by status; Recent Products: ten.
    const orderRows = page.getByTestId('recent-orders').locator('tbody tr');
    expect(await orderRows.count()).toBe(5);
    expect(await orderRows.first().getByTestId('order-status').textContent()).toBe(latest.status);
    expect(await orderRows.first().locator('ol li').first().textContent()).toMatch(/^1\. /);
    expect(await page.getByTestId('recent-products').locator('tbody tr').count()).toBe(10);

    // The menu and the signed-in admin's avatar and name.
    const menu = page.getByRole('complementary', { name: 'Admin menu' });
    for (const label of ['Dashboard', 'Products', 'Customers', 'Orders', 'Add Product']) {
      expect(await menu.getByRole('link', { name: label }).isVisible()).toBe(true);
    }
    expect(await page.getByTestId('admin-user').textContent()).toContain('Asha Rao');
    await shoot(page, 'admin-dashboard');
    expect(errors).toEqual([]);
    await closeContext(page.context());
  });

  it('explains the required fields, then creates a product with two uploaded images and two sizes', async () => {
    const page = await pageWith(adminToken);
    const errors = watchConsole(page);
    await page.goto(`${server.baseUrl}/admin/product/create`);
    await page.getByRole('button', { name: 'Add New Product' }).click();
    for (const message of [
      'Title is required',
      'Brand is required',
      'Color is required',
      'Description is required',
      'Details is required',
      'Weight is required',
      'Please upload an image',
    ]) {
      await page.getByText(message, { exact: true }).first().waitFor();
    }
    await shoot(page, 'admin-product-create-errors');

    // Two images, each uploaded through /api/uploads with a preview.
    await page
      .getByLabel('Image 1', { exact: true })
      .setInputFiles({ name: 'ring-a.svg', mimeType: 'image/svg+xml', buffer: svg('#b8860b') });
    await page.getByRole('button', { name: 'Add New Image' }).click();
    await page
      .getByLabel('Image 2', { exact: true })
      .setInputFiles({ name: 'ring-b.svg', mimeType: 'image/svg+xml', buffer: svg('#7b1e3a') });
    await expect
      .poll(() => page.getByLabel('Image 2 URL').inputValue())
      .toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.+\.svg$/);
    await expect.poll(() => page.getByLabel('Image 1 URL').inputValue()).toMatch(/\.svg$/);
    expect(await page.getByTestId('image-preview').count()).toBe(2);

    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Brand', { exact: true }).fill('Kanak');
    await page.getByLabel('Color', { exact: true }).selectOption('yellow');
    await page.getByLabel('Quantity', { exact: true }).fill('3');
    await page.getByLabel('Occasion', { exact: true }).selectOption('engagement');
    await page.getByLabel('Collection', { exact: true }).selectOption('Kanak');
    await page.getByLabel('Metal', { exact: true }).selectOption('gold');
    await page.getByLabel('Price', { exact: true }).fill('1000');
    await page.getByLabel('Discounted Price', { exact: true }).fill('750');
    await expect
      .poll(() => page.getByLabel('Discount Percentage', { exact: true }).inputValue())
      .toBe('25');
    await page.getByLabel('Top level Category', { exact: true }).selectOption('gold');
    await page.getByLabel('Second level Category', { exact: true }).selectOption('rings');
    await page.getByLabel('Third level Category', { exact: true }).selectOption('ring');
    await page
      .getByLabel('Description', { exact: true })
      .fill('A slender band in yellow gold with a brushed finish.');
    await page.getByLabel('Details', { exact: true }).fill('Metal: 18K gold. Hallmarked.');
    await page.getByLabel('Weight (g)', { exact: true }).first().fill('2.5');
    await page.getByLabel('Size (MM)', { exact: true }).first().fill('16');
    await page.getByLabel('Stock', { exact: true }).first().fill('4');
    await page.getByRole('button', { name: 'Add New Size' }).click();
    await page.getByLabel('Weight (g)', { exact: true }).nth(1).fill('3');
    await page.getByLabel('Size (MM)', { exact: true }).nth(1).fill('17.5');
    await page.getByLabel('Stock', { exact: true }).nth(1).fill('2');
    await shoot(page, 'admin-product-create');
    await page.getByRole('button', { name: 'Add New Product' }).click();

    await page.getByText(`Product "${title}" created`).waitFor();
    // The form is back to its initial values: one image row, one size row, quantity 1, prices 0.
    await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).toBe('');
    expect(await page.getByTestId('image-row').count()).toBe(1);
    expect(await page.getByTestId('size-row').count()).toBe(1);
    expect(await page.getByLabel('Quantity', { exact: true }).inputValue()).toBe('1');
    expect(await page.getByLabel('Price', { exact: true }).inputValue()).toBe('0');

    // Saved as typed, and found in the storefront listing for its category.
    const listing = await api().get<{
      content: {
        _id: string;
        title: string;
        imageUrls: { imageUrl: string }[];
        sizes: unknown[];
        discountPercent: number;
      }[];
    }>('/api/products?category=ring&minPrice=100&maxPrice=1000&sort=low_to_high&pageSize=100');
    const created = listing.body.content.find((p) => p.title === title);
    expect(created).toBeDefined();
    productId = created!._id;
    expect(created!.imageUrls).toHaveLength(2);
    expect(created!.sizes).toMatchObject([
      { weight: '2.5 g', size: '16 MM', stock: 4 },
      { weight: '3 g', size: '17.5 MM', stock: 2 },
    ]);
    expect(created!.discountPercent).toBe(25);
    const image = await fetch(created!.imageUrls[1]!.imageUrl);
    expect(image.status).toBe(200);

    await page.goto(`${server.baseUrl}/all-jewellery/category/ring?price=100,1000`);
    await page.getByText(title).first().waitFor();
    expect(errors).toEqual([]);
    await closeContext(page.context());
  });

  it('edits the new product’s price', async () => {
    const page = await pageWith(adminToken);
    await page.goto(`${server.baseUrl}/admin/products`);
    await page.getByTestId('products-table').waitFor();
    await shoot(page, 'admin-products');
    // Typing searches the whole catalogue (title or brand); the query goes into the URL.
    await page.getByRole('searchbox', { name: 'Search products' }).fill(title);
    const row = page.locator(`tr[data-product-id="${productId}"]`);
    await row.waitFor();
    await page.waitForURL(/[?&]q=/);
    await expect.poll(() => page.getByTestId('products-table').locator('tbody tr').count()).toBe(1);
    await row.getByRole('link', { name: `Edit ${title}` }).click();
    await page.waitForURL(`**/admin/product/${productId}/edit`);
    await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).toBe(title);
    expect(await page.getByTestId('image-preview').count()).toBe(2);
    await page.getByLabel('Price', { exact: true }).fill('1500');
    await expect
      .poll(() => page.getByLabel('Discount Percentage', { exact: true }).inputValue())
      .toBe('50');
    await shoot(page, 'admin-product-edit');
    await page.getByRole('button', { name: 'Update Product' }).click();
    await page.getByText(`Product "${title}" updated`).waitFor();

    const saved = await api().get<{
      price: number;
      discountedPrice: number;
      discountPercent: number;
      sizes: unknown[];
    }>(`/api/products/id/${productId}`);
    expect(saved.body).toMatchObject({ price: 1500, discountedPrice: 750, discountPercent: 50 });
    expect(saved.body.sizes).toHaveLength(2);
    await closeContext(page.context());
  });

  it('deletes the product after confirmation', async () => {
    const page = await pageWith(adminToken);
    await page.goto(`${server.baseUrl}/admin/products?q=${encodeURIComponent(title)}`);
    const row = page.locator(`tr[data-product-id="${productId}"]`);
    await row.getByRole('button', { name: `Delete ${title}` }).click();
    const dialog = page.getByRole('alertdialog');
    expect(await dialog.getByText('Are you sure?').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Yes, delete it!' }).click();
    await row.waitFor({ state: 'detached' });
    await page.getByText('No products found').waitFor();
    expect((await api().get(`/api/products/id/${productId}`)).status).toBe(404);
    await closeContext(page.context());
  });

  it('shows a clear message when saving fails on the server', async () => {
    const seeded = await api().get<{ content: { _id: string }[] }>(
      '/api/products?category=bangle&pageSize=1',
    );
    const source = await api().get<Record<string, unknown>>(
      `/api/products/id/${seeded.body.content[0]!._id}`,
    );
    // A copy takes new SKUs (product and sizes): a SKU is unique.
    const sizes = (source.body.sizes as Record<string, unknown>[]).map(
      ({ sku: _sku, ...size }) => size,
    );
    const copy = await api().post<{ _id: string }>(
      '/api/admin/products',
      { ...source.body, sku: undefined, sizes, title: `Short-lived ${Date.now()}` },
      { token: adminToken },
    );
    expect(copy.status).toBe(201);
    const page = await pageWith(adminToken);
    await page.goto(`${server.baseUrl}/admin/product/${copy.body._id}/edit`);
    await expect
      .poll(() => page.getByLabel('Title', { exact: true }).inputValue())
      .toMatch(/^Short-lived/);
    // Another admin deletes it while this form is open.
    expect(
      (await api().delete(`/api/admin/products/${copy.body._id}`, { token: adminToken })).status,
    ).toBe(200);
    await page.getByRole('button', { name: 'Update Product' }).click();
    await expect
      .poll(() => page.getByTestId('form-failure').textContent())
      .toBe('Product not found');
    await closeContext(page.context());
  });

  it('moves a paid order to Confirmed, Shipped and Delivered, with the badge colour following', async () => {
    const order = await placedOrderOnFirstPage();
    const page = await pageWith(adminToken);
    const errors = watchConsole(page);
    await page.goto(`${server.baseUrl}/admin/orders`);
    const row = page.locator(`tr[data-order-id="${order.id}"]`);
    const badge = row.getByTestId('order-status');
    await badge.waitFor();
    expect(await badge.getAttribute('data-tone')).toBe('teal');
    await shoot(page, 'admin-orders');

    const steps = [
      { item: 'Confirmed', status: 'CONFIRMED', tone: 'green' },
      { item: 'Shipped', status: 'SHIPPED', tone: 'blue' },
      { item: 'Delivered', status: 'DELIVERED', tone: 'maroon' },
    ];
    for (const step of steps) {
      await row.getByRole('button', { name: 'Status' }).click();
      await page.getByRole('menuitem', { name: step.item, exact: true }).click();
      await expect.poll(() => badge.textContent()).toBe(step.status);
      expect(await badge.getAttribute('data-tone')).toBe(step.tone);
    }
    // Delivered is final: the menu offers nothing more.
    expect(await row.getByRole('button', { name: 'Status' }).isDisabled()).toBe(true);
    const stored = await server.database.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('DELIVERED');
    expect(errors).toEqual([]);
    await closeContext(page.context());
  });

  it("shows another admin's move at once, without a reload, after its stream's first try failed", async () => {
    const order = await placedOrderOnFirstPage();
    const page = await pageWith(adminToken);
    // The first ticket is refused (as while Redis is away): the page tries again by itself.
    let tickets = 0;
    await page.route('**/trpc/live.ticket**', (route) =>
      ++tickets === 1
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify([
              {
                error: {
                  message: 'Unavailable',
                  code: -32603,
                  data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 },
                },
              },
            ]),
          })
        : route.continue(),
    );
    const streamOpened = page.waitForResponse(
      (res) => res.url().includes('/trpc/live.orders') && res.status() === 200,
    );
    await page.goto(`${server.baseUrl}/admin/orders`);
    await streamOpened;
    expect(tickets).toBe(2);
    const badge = page.locator(`tr[data-order-id="${order.id}"]`).getByTestId('order-status');
    await badge.waitFor();
    expect(await badge.textContent()).toBe('PLACED');
    const moved = await fetch(`${server.baseUrl}/trpc/orders.move`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ orderId: order.id, action: 'confirmed' }),
    });
    expect(moved.status).toBe(200);
    // The worker's event reaches this page's stream; the list reloads itself.
    await expect.poll(() => badge.textContent()).toBe('CONFIRMED');
    await closeContext(page.context());
  });

  it("moves an order while the shopper's open order page follows it", async () => {
    const { db } = server.database;
    const mine = await db
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .select('orders.id')
      .where('users.email', '=', CUSTOMER.email)
      .where('orders.status', '=', 'PLACED')
      .orderBy('orders.order_date', 'desc')
      .executeTakeFirst();
    if (!mine) throw new Error(`No PLACED order of ${CUSTOMER.email} in the seed`);
    const shopper = await pageWith(customerToken);
    await shopper.goto(`${server.baseUrl}/account/orders/${mine.id}/0`);
    const shopperBadge = shopper.getByTestId('order-status').first();
    await shopperBadge.waitFor();
    expect(await shopperBadge.textContent()).toBe('PLACED');

    const admin = await pageWith(adminToken);
    await admin.goto(`${server.baseUrl}/admin/orders`);
    const row = admin.locator(`tr[data-order-id="${mine.id}"]`);
    await row.getByTestId('order-status').waitFor();
    await row.getByRole('button', { name: 'Status' }).click();
    await admin.getByRole('menuitem', { name: 'Shipped', exact: true }).click();
    await expect.poll(() => row.getByTestId('order-status').textContent()).toBe('SHIPPED');
    // No reload on the shopper's side: the order event arrives over their own stream.
    await expect.poll(() => shopperBadge.textContent()).toBe('SHIPPED');
    // SHIPPED ticks Shipped (and the steps before it), not only Order Confirmed.
    const tracker = shopper.getByTestId('order-tracker');
    await expect.poll(() => tracker.getAttribute('data-step')).toBe('3');
    const shippedStep = tracker.getByRole('listitem').filter({ hasText: 'Shipped' });
    expect(await shippedStep.getAttribute('aria-current')).toBe('step');
    expect(await shippedStep.locator('svg').count()).toBe(1);
    await screenshotOnFailure(shopper, 'order-detail-live-shipped');
    await closeContext(admin.context());
    await closeContext(shopper.context());
  });

  it('explains a refused move', async () => {
    const order = await placedOrderOnFirstPage();
    const page = await pageWith(adminToken);
    // This page hears no order events, so its list goes stale: the refusal must explain itself.
    await page.route('**/trpc/live.orders**', (route) => route.abort());
    await page.goto(`${server.baseUrl}/admin/orders`);
    const row = page.locator(`tr[data-order-id="${order.id}"]`);
    await row.getByTestId('order-status').waitFor();
    // Another admin delivers the order meanwhile; this list still shows it PLACED.
    const moved = await fetch(`${server.baseUrl}/trpc/orders.move`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ orderId: order.id, action: 'deliver' }),
    });
    expect(moved.status).toBe(200);
    expect(await row.getByTestId('order-status').textContent()).toBe('PLACED');
    await row.getByRole('button', { name: 'Status' }).click();
    await page.getByRole('menuitem', { name: 'Confirmed', exact: true }).click();
    await page.getByText('Cannot move order from DELIVERED to CONFIRMED').waitFor();
    await expect.poll(() => row.getByTestId('order-status').textContent()).toBe('DELIVERED');
    await shoot(page, 'admin-orders-refused');

    // A delivered (paid) order is never deleted: Delete says why, and offers no cancel.
    await row.getByRole('button', { name: 'Delete order' }).click();
    const kept = page.getByTestId('undeletable-order');
    await kept.getByText('This order has been paid.', { exact: false }).waitFor();
    expect(await kept.getByRole('button', { name: 'Cancel order instead' }).count()).toBe(0);
    await shoot(page, 'admin-orders-undeletable');
    await kept.getByRole('button', { name: 'Close' }).click();
    expect(
      await server.database.db
        .selectFrom('orders')
        .select('id')
        .where('id', '=', order.id)
        .executeTakeFirst(),
    ).toBeDefined();

    // An unpaid order is deleted, after the spec's confirmation.
    const size = await server.database.db
      .selectFrom('product_sizes')
      .select(['product_id', 'weight'])
      .where('stock', '>=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await api().put(
      '/api/cart/add',
      { productId: size.product_id, weight: size.weight },
      { token: customerToken },
    );
    const unpaid = await api().post<{ _id: string }>(
      '/api/orders/',
      {
        firstName: 'Priya',
        lastName: 'Sharma',
        streetAddress: '7 Marine Drive',
        city: 'Mumbai',
        state: 'Maharashtra',
        zipCode: '400002',
        mobile: '9876543210',
      },
      { token: customerToken },
    );
    expect(unpaid.status).toBe(201);
    await page.reload();
    const unpaidRow = page.locator(`tr[data-order-id="${unpaid.body._id}"]`);
    await unpaidRow.getByRole('button', { name: 'Delete order' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, delete it!' }).click();
    await unpaidRow.waitFor({ state: 'detached' });
    const gone = await server.database.db
      .selectFrom('orders')
      .select('id')
      .where('id', '=', unpaid.body._id)
      .executeTakeFirst();
    expect(gone).toBeUndefined();
    await closeContext(page.context());
  });

  it('updates the row without a reload when the worker applies a queued move late', async () => {
    const order = await placedOrderOnFirstPage();
    const page = await pageWith(adminToken);
    await page.goto(`${server.baseUrl}/admin/orders`);
    const row = page.locator(`tr[data-order-id="${order.id}"]`);
    const badge = row.getByTestId('order-status');
    await badge.waitFor();
    // No worker: the server answers after ORDER_WAIT_MS with the order unchanged; the worker's
    // event, once it runs, updates the row.
    await worker.close();
    await row.getByRole('button', { name: 'Status' }).click();
    await page.getByRole('menuitem', { name: 'Shipped', exact: true }).click();
    await row.getByLabel('Updating status').waitFor({ timeout: 60_000 });
    expect(await badge.textContent()).toBe('PLACED');
    worker = startOrderWorker();
    await expect.poll(() => badge.textContent()).toBe('SHIPPED');
    expect(await badge.getAttribute('data-tone')).toBe('blue');
    await row.getByLabel('Updating status').waitFor({ state: 'detached' });
    await closeContext(page.context());
  });

  it('removes a customer after confirming', async () => {
    const email = `leaving.${Date.now()}@example.com`;
    const signup = await api().post('/auth/signup', {
      firstName: 'Leela',
      lastName: 'Das',
      email,
      password: 'Leela@123',
    });
    expect(signup.status).toBe(201);
    const page = await pageWith(adminToken);
    await page.goto(`${server.baseUrl}/admin/customers`);
    const row = page.locator(`tr[data-user-email="${email}"]`);
    await row.waitFor();
    expect(await row.locator('td').first().textContent()).toBe('1');
    await shoot(page, 'admin-customers');
    await row.getByRole('button', { name: 'REMOVE' }).click();
    const dialog = page.getByRole('alertdialog');
    expect(await dialog.getByText('Are you sure?').isVisible()).toBe(true);
    expect(await dialog.getByText("You won't be able to revert this!").isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Yes, delete it!' }).click();
    await row.waitFor({ state: 'detached' });
    const users = await api().get<{ email: string }[]>('/api/users', { token: adminToken });
    expect(users.body.map((u) => u.email)).not.toContain(email);
    await closeContext(page.context());
  });

  it('works on a tablet with the menu collapsed into a drawer', async () => {
    const page = await pageWith(adminToken, { width: 700, height: 1000 });
    await page.goto(`${server.baseUrl}/admin/customers`);
    await page.getByTestId('customers-table').waitFor();
    const menu = page.getByRole('complementary', { name: 'Admin menu' });
    await expect.poll(() => menu.getByRole('link', { name: 'Orders' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open admin menu' }).click();
    await menu.getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL('**/admin/orders');
    await page.getByTestId('orders-table').waitFor();
    await shoot(page, 'admin-orders-tablet');
    await closeContext(page.context());
  });

  it('refuses the admin area to a customer (404) and to a visitor (login)', async () => {
    const customer = await pageWith(customerToken);
    await customer.goto(`${server.baseUrl}/admin/orders`);
    await customer.getByRole('link', { name: 'Back to Home' }).waitFor();
    expect(await customer.getByTestId('admin-layout').count()).toBe(0);
    await screenshotOnFailure(customer, 'admin-refused-customer');
    await closeContext(customer.context());
    // The server refuses the calls anyway.
    expect((await api().get('/trpc/orders.adminList', { token: customerToken })).status).toBe(403);
    expect((await api().get('/api/users', { token: customerToken })).status).toBe(403);

    const visitor = await pageWith(null);
    await visitor.goto(`${server.baseUrl}/admin`);
    // To the login, which brings the admin back to /admin afterwards.
    await visitor.waitForURL(`${server.baseUrl}/login?redirect=%2Fadmin`);
    await closeContext(visitor.context());
  });
});
