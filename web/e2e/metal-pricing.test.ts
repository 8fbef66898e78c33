import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SEED_ACCOUNTS } from '@kanak/db';
import { formatRupees, type OrderView, type ProductView } from '@kanak/shared';
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
import { ADDRESS } from '../../server/test/pipeline-support';
import { openLive, startShopWorker, WEB_DIST } from './shop-support';

// in the browser: the product page's price breakup follows the selected weight, the home
// page shows today's rate, and the admin publishes a rate and watches the repricing bar finish;
// at 1280 px and on a 390 px phone.

const ADMIN = { email: 'admin@kanak.shop', password: 'Admin@123' };

describe('metal pricing in the browser', () => {
  let server: TestServer;
  let worker: RunningWorker;
  let browser: Browser;
  let adminToken: string;
  let piece: ProductView;
  const api = () => httpClient(server.baseUrl);
  const url = (path: string) => `${server.baseUrl}${path}`;

  beforeAll(async () => {
    server = await startTestServer({ WEB_DIST });
    worker = startShopWorker(server);
    browser = await launchBrowser();
    adminToken = (await api().post<{ jwt: string }>('/auth/login', ADMIN)).body.jwt;
    const row = await server.database.db
      .selectFrom('products as p')
      .select('p.id')
      .where('p.pricing_basis', '=', 'metal')
      .where('p.pricing_purity', '=', '916')
      .where((eb) =>
        eb(
          eb
            .selectFrom('product_sizes as s')
            .select(eb.fn.countAll().as('n'))
            .whereRef('s.product_id', '=', 'p.id'),
          '>=',
          2,
        ),
      )
      .orderBy('p.id')
      .limit(1)
      .executeTakeFirstOrThrow();
    await server.database.db
      .updateTable('product_sizes')
      .set({ stock: 9 })
      .where('product_id', '=', row.id)
      .execute();
    piece = (await api().get<ProductView>(`/api/products/id/${row.id}`)).body;
  });

  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await server?.close();
  });

  async function pageWith(width: number, token?: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    if (token) await context.addInitScript((jwt) => localStorage.setItem('jwt', jwt), token);
    return context.newPage();
  }

  for (const width of [1280, 390]) {
    it(`the breakup table follows the selected weight (${width} px)`, async () => {
      const page = await pageWith(width);
      const errors = watchConsole(page);
      // Hydrated before the click: a size chosen on the server's HTML before React is ready is
      // not replayed (README, Performance: what the first click does not cover yet).
      await openLive(page, url(`/product/${piece._id}`));
      const table = page.getByTestId('price-breakup');
      await table.waitFor();
      const [first, second] = piece.sizes;
      await expect
        .poll(() => table.textContent())
        .toContain(formatRupees(first!.priceBreakup!.total));
      expect(await table.textContent()).toContain('22K (916)');
      await page.getByRole('button', { name: second!.weight, exact: true }).first().click();
      await expect
        .poll(() => table.textContent())
        .toContain(formatRupees(second!.priceBreakup!.total));
      expect(await table.textContent()).toContain(
        `${second!.netWeight!.toLocaleString('en-IN')} g`,
      );
      await table.scrollIntoViewIfNeeded();
      await screenshotOnFailure(page, `metal-pricing-product-${width}`);
      await page.goto(url('/'));
      await page.getByTestId('todays-rate').waitFor();
      expect(await page.getByTestId('todays-rate').textContent()).toMatch(/22K gold ₹[\d,]+\/g/);
      await screenshotOnFailure(page, `metal-pricing-home-${width}`);
      expect(errors).toEqual([]);
      await closeContext(page.context());
    });
  }

  it('the admin publishes a rate and watches the repricing finish (1280 px and 390 px)', async () => {
    for (const width of [1280, 390]) {
      const page = await pageWith(width, adminToken);
      await page.goto(url('/admin/metal-rates'));
      const input = page.getByLabel('New rate for Gold 22K (916)');
      await input.waitFor();
      const rates = await api().get<{
        rates: { purity: string; metal: string; ratePerGram: number }[];
      }>('/api/metal-rates');
      const now = rates.body.rates.find(
        (r) => r.metal === 'gold' && r.purity === '916',
      )!.ratePerGram;
      const next = Math.round(now * 1.02 * 100) / 100;
      const last = await api().get<{ repricing: { id: string } | null }>(
        '/api/admin/metal-rates/repricing',
        { token: adminToken },
      );
      await input.fill(String(next));
      await page.getByRole('button', { name: 'Publish rates' }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.waitFor();
      // The confirmation and the progress count the same two things.
      const confirmation = (await dialog.textContent()) ?? '';
      expect(confirmation).toMatch(
        /[\d,]+ of [\d,]+ metal-priced products change price, by \+\d+\.\d\d % on average/,
      );
      const [, changing, walked] = /([\d,]+) of ([\d,]+) metal-priced/.exec(confirmation)!;
      await screenshotOnFailure(page, `metal-rates-confirm-${width}`);
      await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
      // This publish's own bar (the page opened on the previous one's).
      const progress = page.locator(
        `[data-testid="repricing-progress"]:not([data-publication="${last.body.repricing?.id ?? ''}"])`,
      );
      await expect
        .poll(() => progress.textContent(), { timeout: 90_000 })
        .toMatch(/Repriced [\d,]+ metal-priced products: [\d,]+ changed price/);
      expect(await progress.textContent()).toContain(
        `Repriced ${walked} metal-priced products: ${changing} changed price`,
      );
      expect(await progress.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
      await expect
        .poll(
          async () =>
            (await api().get<ProductView>(`/api/products/id/${piece._id}`)).body.sizes[0]!
              .priceBreakup!.ratePerGram,
        )
        .toBe(next);
      await screenshotOnFailure(page, `metal-rates-${width}`);
      await closeContext(page.context());
    }
  }, 300_000);
  it('re-quotes an unpaid order whose hold ran out and shows the new total before paying (390 px)', async () => {
    // A shopper's unpaid order, quoted before the rates above moved (its quote and link have
    // outlived a link's life: set back in time, as waiting that long would be).
    const shopper = (await api().post<{ jwt: string }>('/auth/login', SEED_ACCOUNTS.customer)).body
      .jwt;
    const size = piece.sizes.find((s) => s.stock > 0)!;
    expect(
      (
        await api().put(
          '/api/cart/add',
          { productId: piece._id, weight: size.weight, quantity: 1 },
          { token: shopper },
        )
      ).status,
    ).toBe(200);
    const order = await api().post<OrderView>('/api/orders/', ADDRESS, { token: shopper });
    expect(order.status).toBe(201);
    const { db } = server.database;
    const quoted = order.body.totalDiscountedPrice + 1234;
    await db
      .updateTable('order_items')
      .set({ discounted_price: quoted })
      .where('order_id', '=', order.body._id)
      .execute();
    await db
      .updateTable('orders')
      .set({
        total_discounted_price: quoted,
        quoted_at: new Date(Date.now() - 2 * 60 * 60_000),
      })
      .where('id', '=', order.body._id)
      .execute();

    const page = await pageWith(390, shopper);
    const errors = watchConsole(page);
    await page.goto(url(`/account/orders/${order.body._id}/0`));
    await page.getByTestId('pay-now').first().click();
    const dialog = page.getByTestId('requote-dialog');
    await dialog.waitFor();
    const now = formatRupees(order.body.totalDiscountedPrice);
    expect(await dialog.textContent()).toContain(`it was ${formatRupees(quoted)}`);
    await screenshotOnFailure(page, 'requote-dialog-390');
    await dialog.getByRole('button', { name: `Pay ${now}` }).click();
    // The hosted payment page asks for the new total.
    await page.waitForURL(/\/sandbox-pay\//);
    await page.getByText(now).first().waitFor();
    expect(errors).toEqual([]);
    await closeContext(page.context());
  });
});
