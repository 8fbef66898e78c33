// Cash on delivery in Chromium at 390 and 1280 px: offered at checkout, the code entry screen
// places the order; disabled with its reason above the cap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { RunningWorker } from '@kanak/worker';
import { formatRupees, type OrderView } from '@kanak/shared';
import {
  closeContext,
  httpClient,
  launchBrowser,
  screenshotOnFailure,
  startTestServer,
  WALK_ORDER_WAIT_MS,
  type TestServer,
} from '@kanak/testkit';
import { ADDRESS, fillCart, newCustomer } from '../../server/test/pipeline-support';
import { startShopWorker, WEB_DIST } from './shop-support';

/** The shop's COD fee in this file: said at checkout before COD is chosen. */
const FEE = 49;

describe('cash on delivery at checkout, in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let worker: RunningWorker;
  const url = (p: string) => `${server.baseUrl}${p}`;
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startTestServer({
      WEB_DIST,
      ORDER_WAIT_MS: WALK_ORDER_WAIT_MS,
      COD_FEE_RUPEES: FEE,
    });
    worker = startShopWorker(server);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await server?.close();
  });

  async function pendingOrder(min: number, max: number) {
    const shopper = await newCustomer(server, 'Cash');
    const size = await db()
      .selectFrom('product_sizes')
      .innerJoin('products', 'products.id', 'product_sizes.product_id')
      .select(['product_sizes.id as sizeId', 'product_sizes.product_id as productId'])
      .where('products.hallmark', 'is', null)
      .where('product_sizes.position', '=', 0)
      .where('product_sizes.stock', '>=', 5)
      .where('products.discounted_price', '>', min)
      .where('products.discounted_price', '<', max)
      .orderBy('products.title')
      .executeTakeFirstOrThrow();
    await fillCart(db(), shopper.id, [{ ...size, quantity: 1 }]);
    const created = await httpClient(server.baseUrl).post<OrderView>('/api/orders/', ADDRESS, {
      token: shopper.token,
    });
    expect(created.status).toBe(201);
    return { shopper, order: created.body };
  }

  for (const width of [390, 1280])
    it(`is chosen, confirmed with the mailed code and placed at ${width} px`, async () => {
      const { shopper, order } = await pendingOrder(1_000, 30_000);
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await context.addInitScript((token) => localStorage.setItem('jwt', token), shopper.token);
      const page = await context.newPage();
      try {
        await page.goto(url(`/checkout?step=3&order_id=${order._id}`));
        const cod = page.getByRole('button', { name: 'Cash on delivery' });
        await expect.poll(() => cod.isEnabled()).toBe(true);
        // What the courier collects, fee included, is said before COD is chosen.
        expect(await page.getByTestId('cod-due').textContent()).toBe(
          `A cash-on-delivery fee of ${formatRupees(FEE)} is added: you pay ${formatRupees(order.totalDiscountedPrice + FEE)} in cash when it arrives`,
        );
        await cod.click();
        await page.waitForURL(`**/cod/${order._id}`);
        const mail = await db()
          .selectFrom('notifications')
          .select('payload')
          .where('order_id', '=', order._id)
          .where('kind', '=', 'cod-confirm')
          .executeTakeFirstOrThrow();
        const code = (mail.payload as { code: string }).code;
        const input = page.getByLabel('Code from the e-mail');
        await input.fill('000000' === code ? '111111' : '000000');
        await page.getByRole('button', { name: 'Confirm order' }).click();
        await expect
          .poll(() => page.getByRole('alert').textContent())
          .toMatch(/not right: 4 tries left/);
        await input.fill(code);
        await page.getByRole('button', { name: 'Confirm order' }).click();
        await page.waitForURL(`**/account/orders/${order._id}/0`);
        const row = await db()
          .selectFrom('orders')
          .select('status')
          .where('id', '=', order._id)
          .executeTakeFirstOrThrow();
        expect(row.status).toBe('PLACED');
      } catch (error) {
        await screenshotOnFailure(page, `cod-${width}`);
        throw error;
      } finally {
        await closeContext(context);
      }
    });

  it('is disabled with its reason above the cap', async () => {
    const { shopper, order } = await pendingOrder(60_000, 10_000_000);
    const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
    await context.addInitScript((token) => localStorage.setItem('jwt', token), shopper.token);
    const page = await context.newPage();
    try {
      await page.goto(url(`/checkout?step=3&order_id=${order._id}`));
      const option = page.getByTestId('cod-option');
      await expect.poll(() => option.textContent()).toMatch(/offered for orders up to ₹50,000/);
      expect(await page.getByRole('button', { name: 'Cash on delivery' }).isDisabled()).toBe(true);
    } catch (error) {
      await screenshotOnFailure(page, 'cod-over-cap');
      throw error;
    } finally {
      await closeContext(context);
    }
  });
});
