// The admin side of HUIDs, in Chromium: a move stays one click (the spec's), the row
// offers "Add HUIDs" while a gold piece of 2 g or more lacks one, and with HUID_REQUIRED_TO_SHIP
// a ship without them opens the dialog that records them; the shopper's order page shows them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SEED_ACCOUNTS } from '@kanak/db';
import { needsHuid } from '@kanak/shared';
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
import { sandboxPaidOrder } from '../../server/test/pipeline-support';
import { startShopWorker, WEB_DIST } from './shop-support';

describe('HUIDs on the admin orders pages', () => {
  let server: TestServer;
  let worker: RunningWorker;
  let browser: Browser;
  let admin = '';

  beforeAll(async () => {
    server = await startTestServer({ WEB_DIST, HUID_REQUIRED_TO_SHIP: true, ORDER_WAIT_MS: 3000 });
    worker = startShopWorker(server);
    browser = await launchBrowser();
    const http = httpClient(server.baseUrl);
    const login = async (who: { email: string; password: string }) =>
      (await http.post<{ jwt: string }>('/auth/login', who)).body.jwt;
    admin = await login(SEED_ACCOUNTS.admin);
  });

  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await server?.close();
  });

  /** A paid order of one hallmarked gold piece of 2 g or more (the cheapest such size in stock). */
  async function paidGoldOrder() {
    const sizes = await server.database.db
      .selectFrom('product_sizes')
      .innerJoin('products', 'products.id', 'product_sizes.product_id')
      .select([
        'product_sizes.id as sizeId',
        'products.id as productId',
        'products.hallmark',
        'product_sizes.weight',
      ])
      .where('products.hallmark', 'is not', null)
      .where('product_sizes.stock', '>', 0)
      .where('product_sizes.price', '<', 150_000)
      .orderBy('product_sizes.price')
      .execute();
    const piece = sizes.find((s) => needsHuid(s));
    if (!piece) throw new Error('No hallmarked gold piece of 2 g or more in stock');
    const paid = await sandboxPaidOrder(server, piece);
    const http = httpClient(server.baseUrl);
    const back = await http.get<{ status: string }>(paid.returnPath, { token: paid.shopper.token });
    expect(back.body.status).toBe('PAID');
    return { orderId: paid.order._id, shopper: paid.shopper.token };
  }

  async function pageWith(token: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript((jwt) => localStorage.setItem('jwt', jwt), token);
    return context.newPage();
  }

  it('confirms in one click, asks for the HUID when the ship is refused, then ships', async () => {
    const { orderId, shopper } = await paidGoldOrder();
    const page = await pageWith(admin);
    const errors = watchConsole(page);
    await page.goto(`${server.baseUrl}/admin/orders/${orderId}`);
    const detail = page.getByTestId('order-detail');
    await detail.waitFor();
    const badge = detail.getByTestId('order-status').first();
    await expect.poll(() => badge.textContent()).toBe('PLACED');
    // The page says HUIDs are missing; confirming does not need them.
    await detail.getByRole('button', { name: 'Add HUIDs' }).waitFor();
    await detail.getByRole('button', { name: 'Status' }).click();
    await page.getByRole('menuitem', { name: 'Confirmed', exact: true }).click();
    await expect.poll(() => badge.textContent()).toBe('CONFIRMED');

    // Shipping without them is refused by the server: the dialog asks for each piece's HUID.
    await detail.getByRole('button', { name: 'Status' }).click();
    await page.getByRole('menuitem', { name: 'Shipped', exact: true }).click();
    const dialog = page.getByTestId('huid-dialog');
    await dialog.waitFor();
    const input = dialog.getByLabel('Piece 1');
    await input.fill('AB12');
    await dialog.getByRole('button', { name: 'Save and ship' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toContain('"AB12"');
    await screenshotOnFailure(page, 'admin-huid-dialog-1440');
    const huid = `Q${String(Date.now()).slice(-5)}`;
    await input.fill(huid.toLowerCase());
    await dialog.getByRole('button', { name: 'Save and ship' }).click();
    await expect.poll(() => badge.textContent()).toBe('SHIPPED');
    expect(await detail.getByRole('button', { name: 'Add HUIDs' }).count()).toBe(0);
    const stored = await server.database.db
      .selectFrom('order_item_huids')
      .innerJoin('order_items', 'order_items.id', 'order_item_huids.order_item_id')
      .select('order_item_huids.huid')
      .where('order_items.order_id', '=', orderId)
      .execute();
    expect(stored.map((r) => r.huid)).toEqual([huid]);
    // The refused ship is the one error the browser logs (its 409), and nothing else.
    expect(errors).toEqual([
      'Failed to load resource: the server responded with a status of 409 (Conflict)',
    ]);
    await closeContext(page.context());

    // The shopper's order page shows the piece's HUID.
    const mine = await pageWith(shopper);
    await mine.goto(`${server.baseUrl}/account/orders/${orderId}/0`);
    await mine.getByText(huid).first().waitFor();
    await closeContext(mine.context());
  });

  it('records HUIDs from the orders list with "Add HUIDs" and confirms with them', async () => {
    const { orderId } = await paidGoldOrder();
    const page = await pageWith(admin);
    await page.goto(`${server.baseUrl}/admin/orders`);
    const row = page.locator(`tr[data-order-id="${orderId}"]`);
    await row.getByRole('button', { name: 'Add HUIDs' }).click();
    const dialog = page.getByTestId('huid-dialog');
    const huid = `R${String(Date.now()).slice(-5)}`;
    await dialog.getByLabel('Piece 1').fill(huid);
    await dialog.getByRole('button', { name: 'Save and confirm' }).click();
    await expect.poll(() => row.getByTestId('order-status').textContent()).toBe('CONFIRMED');
    await expect.poll(() => row.getByRole('button', { name: 'Add HUIDs' }).count()).toBe(0);
    await closeContext(page.context());
  });
});
