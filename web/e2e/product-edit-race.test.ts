import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ProductView } from '@kanak/shared';
import {
  closeContext,
  fitAdminPane,
  httpClient,
  launchBrowser,
  screenshotOnFailure,
  startTestServer,
  WALK_ORDER_WAIT_MS,
  watchConsole,
  type TestServer,
} from '@kanak/testkit';
import type { RunningWorker } from '@kanak/worker';
import { startShopWorker, WEB_DIST } from './shop-support';

// The product edit form in Chromium when stock is sold, or another admin saves, while it is open.

const ADMIN = { email: 'admin@kanak.shop', password: 'Admin@123' };
const CUSTOMER = { email: 'priya@example.com', password: 'Priya@123' };
const ADDRESS = {
  firstName: 'Priya',
  lastName: 'Sharma',
  streetAddress: '12, MG Road',
  city: 'Mumbai',
  state: 'Maharashtra',
  zipCode: '400001',
  mobile: '9876543210',
};

const payload = {
  imageUrls: [
    { imageUrl: '/media/art/ring-gold-a.svg' },
    { imageUrl: '/media/art/ring-gold-b.svg' },
  ],
  title: 'Race Form Ring',
  brand: 'Kanak',
  color: 'yellow',
  price: 30000,
  discountedPrice: 27000,
  description: 'A ring for the edit race.',
  details: '22K gold.',
  occasion: 'casual',
  quantity: 1,
  collectionName: 'new-arrival',
  type: 'gold',
  sizes: [
    { weight: '6 g', size: '16 MM', stock: 5 },
    { weight: '7 g', size: '17 MM', stock: 4 },
  ],
  topLevelCategory: 'gold',
  secondLevelCategory: 'rings',
  thirdLevelCategory: 'ring',
};

describe('product edit form against sales and other admins', () => {
  let server: TestServer;
  let worker: RunningWorker;
  let browser: Browser;
  let token: string;
  let shopper: string;
  const api = () => httpClient(server.baseUrl);

  beforeAll(async () => {
    server = await startTestServer({ WEB_DIST, ORDER_WAIT_MS: WALK_ORDER_WAIT_MS });
    worker = startShopWorker(server);
    browser = await launchBrowser();
    token = (await api().post<{ jwt: string }>('/auth/login', ADMIN)).body.jwt;
    shopper = (await api().post<{ jwt: string }>('/auth/login', CUSTOMER)).body.jwt;
  });
  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await server?.close();
  });

  /** A shopper buys and pays through the sandbox; the worker takes the stock. */
  async function sell(productId: string, weight: string, quantity: number) {
    const http = api();
    expect(
      (await http.put('/api/cart/add', { productId, weight, quantity }, { token: shopper })).status,
    ).toBe(200);
    const order = await http.post<{ _id: string }>('/api/orders/', ADDRESS, { token: shopper });
    expect(order.status).toBe(201);
    const link = await http.post<{ payment_link_url: string }>(
      `/api/payment/${order.body._id}`,
      undefined,
      { token: shopper },
    );
    const html = await (await fetch(link.body.payment_link_url)).text();
    const pay = new URL(/id="pay" href="([^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&'));
    const paid = await http.get<{ status: string }>(
      `/api/payment?payment_id=${pay.searchParams.get('razorpay_payment_id')}&order_id=${order.body._id}`,
      { token: shopper },
    );
    expect(paid.body.status).toBe('PAID');
  }

  async function editPage(id: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript((jwt) => localStorage.setItem('jwt', jwt), token);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/admin/product/${id}/edit`);
    await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).not.toBe('');
    return page;
  }
  /** On failure, the admin pane in full. */
  const shoot = (page: Page, name: string) => screenshotOnFailure(page, name, fitAdminPane);
  const create = async (title: string) =>
    (await api().post<ProductView>('/api/admin/products', { ...payload, title }, { token })).body;
  const product = async (id: string) =>
    (await api().get<ProductView>(`/api/products/id/${id}`)).body;

  it('a stock changed while pieces were sold: the current stock is shown, then saved on purpose', async () => {
    const created = await create(`Race Form Ring ${Date.now()}`);
    const page = await editPage(created._id);
    const errors = watchConsole(page);
    await page.getByLabel('Title', { exact: true }).fill(`${created.title} (typo fixed)`);
    await page.locator('#sizes-0-stock').fill('8');
    // Three pieces of 6 g are sold and paid for while the form is open.
    await sell(created._id, '6 g', 3);

    await page.getByRole('button', { name: 'Update Product' }).click();
    const failure = page.getByTestId('form-failure');
    await expect
      .poll(() => failure.textContent())
      .toContain(
        'Stock of 6 g changed from 5 to 2 while you were editing; nothing was saved. Check the stock and save again.',
      );
    await expect.poll(() => page.locator('#sizes-0-stock').inputValue()).toBe('2');
    expect(await page.getByTestId('stock-note').textContent()).toBe(
      'Now 2: it was 5 when you opened the form. You entered 8.',
    );
    // The admin's other edits are still in the form.
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(
      `${created.title} (typo fixed)`,
    );
    await shoot(page, 'admin-product-stock-moved');
    expect((await product(created._id)).sizes.map((s) => s.stock)).toEqual([2, 4]);

    // Deciding again from the current figure saves it, and the note goes away.
    await page.locator('#sizes-0-stock').fill('5');
    await page.getByRole('button', { name: 'Update Product' }).click();
    await page.getByText(`Product "${created.title} (typo fixed)" updated`).waitFor();
    expect(await page.getByTestId('stock-note').count()).toBe(0);
    const saved = await product(created._id);
    expect([saved.title, ...saved.sizes.map((s) => s.stock)]).toEqual([
      `${created.title} (typo fixed)`,
      5,
      4,
    ]);
    expect(errors.filter((e) => !/409/.test(e))).toEqual([]);
    await closeContext(page.context());
  });

  it('another admin saved meanwhile: told, their change comes in, this admin’s is kept', async () => {
    const created = await create(`Race Form Ring ${Date.now()}`);
    const page = await editPage(created._id);
    await page.getByLabel('Title', { exact: true }).fill(`${created.title} Renamed`);
    // The other admin lowers the price from their own form.
    const other = await api().put<ProductView>(
      `/api/admin/products/${created._id}`,
      {
        ...payload,
        title: created.title,
        discountedPrice: 25000,
        sizes: created.sizes.map((s) => ({ ...s, loadedStock: s.stock })),
        loadedUpdatedAt: created.updatedAt,
      },
      { token },
    );
    expect(other.status).toBe(200);

    await page.getByRole('button', { name: 'Update Product' }).click();
    const failure = page.getByTestId('form-failure');
    await expect
      .poll(() => failure.textContent())
      .toContain('Someone else saved this product while you were editing; nothing was saved.');
    expect(await failure.textContent()).toContain(
      'The form now has their changes to Discounted Price, Discount Percentage, and keeps yours.',
    );
    await expect
      .poll(() => page.getByLabel('Discounted Price', { exact: true }).inputValue())
      .toBe('25000');
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(
      `${created.title} Renamed`,
    );
    await shoot(page, 'admin-product-saved-meanwhile');

    await page.getByRole('button', { name: 'Update Product' }).click();
    await page.getByText(`Product "${created.title} Renamed" updated`).waitFor();
    const saved = await product(created._id);
    expect([saved.title, saved.discountedPrice]).toEqual([`${created.title} Renamed`, 25000]);
    await closeContext(page.context());
  });
});
