// in Chromium: an order is shipped with an AWB and delivered; the shopper asks for a
// return from the order page; the owner approves it, records the piece received (HUIDs) and
// refunds it from the admin order page; the shopper sees each move. Also the old-gold
// calculator. At 1280 and 390 px, no console error. (The day's manifest as a PDF, read back, is
// server/test/shipments.test.ts's.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SEED_ACCOUNTS } from '@kanak/db';
import type { OrderView, ReturnView } from '@kanak/shared';
import {
  closeContext,
  httpClient,
  launchBrowser,
  screenshotOnFailure,
  startTestServer,
  WALK_ORDER_WAIT_MS,
  watchConsole,
  type TestServer,
} from '@kanak/testkit';
import type { RunningWorker } from '@kanak/worker';
import { sandboxPaidOrder } from '../../server/test/pipeline-support';
import { openLive, startShopWorker, WEB_DIST } from './shop-support';

describe('returns and old gold, in the browser', () => {
  let server: TestServer;
  let worker: RunningWorker;
  let browser: Browser;
  let admin = '';
  const http = () => httpClient(server.baseUrl);

  beforeAll(async () => {
    server = await startTestServer({ WEB_DIST, ORDER_WAIT_MS: WALK_ORDER_WAIT_MS });
    worker = startShopWorker(server);
    browser = await launchBrowser();
    admin = (await http().post<{ jwt: string }>('/auth/login', SEED_ACCOUNTS.admin)).body.jwt;
  });
  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await server?.close();
  });

  async function pageWith(token: string | null, width: number): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    if (token) await context.addInitScript((jwt) => localStorage.setItem('jwt', jwt), token);
    return context.newPage();
  }

  /** A paid order, shipped with BVC and an AWB, then delivered (the worker applies each move). */
  async function deliveredOrder(awb: string) {
    const size = await server.database.db
      .selectFrom('product_sizes')
      .select(['id as sizeId', 'product_id as productId'])
      .where('stock', '>', 2)
      .orderBy('id')
      .offset(awb.endsWith('1') ? 0 : 1)
      .executeTakeFirstOrThrow();
    const paid = await sandboxPaidOrder(server, size);
    expect(
      (await http().get<{ status: string }>(paid.returnPath, { token: paid.shopper.token })).body
        .status,
    ).toBe('PAID');
    const orderId = paid.order._id;
    const status = async () =>
      (await http().get<OrderView>(`/api/orders/${orderId}`, { token: admin })).body.orderStatus;
    const ship = await http().put(
      `/api/admin/orders/${orderId}/ship`,
      { carrier: 'bvc', awb },
      { token: admin },
    );
    expect([200, 202]).toContain(ship.status);
    await expect.poll(status).toBe('SHIPPED');
    expect([200, 202]).toContain(
      (await http().put(`/api/admin/orders/${orderId}/deliver`, undefined, { token: admin }))
        .status,
    );
    await expect.poll(status).toBe('DELIVERED');
    return { orderId, shopper: paid.shopper };
  }

  for (const width of [1280, 390])
    it(`asks, approves, receives and refunds a return at ${width} px`, async () => {
      const { orderId, shopper } = await deliveredOrder(`KJRT${width}0001`);
      const shopperPage = await pageWith(shopper.token, width);
      const shopperErrors = watchConsole(shopperPage);
      await openLive(shopperPage, `${server.baseUrl}/account/orders/${orderId}/0`);
      const section = shopperPage.getByTestId('returns');
      await section.getByRole('button', { name: 'Return or exchange' }).click();
      await section.getByLabel('Reason').fill('The ring is too small');
      await screenshotOnFailure(shopperPage, `return-ask-${width}`);
      await section.getByRole('button', { name: 'Send request' }).click();
      await expect
        .poll(() => section.getByTestId('return-request').getAttribute('data-state'))
        .toBe('requested');
      expect(await section.textContent()).toContain('Requested: waiting for the shop');
      await screenshotOnFailure(shopperPage, `return-requested-${width}`);

      const adminPage = await pageWith(admin, width);
      const adminErrors = watchConsole(adminPage);
      await openLive(adminPage, `${server.baseUrl}/admin/orders/${orderId}`);
      const card = adminPage.getByTestId('admin-returns');
      // The reverse pickup the owner booked: the shopper's approval mail says it.
      await card.getByLabel('Carrier', { exact: true }).fill('BVC Logistics');
      await card.getByLabel('Reverse AWB').fill(`RVBVC${width}01`);
      await card.getByRole('button', { name: 'Approve' }).click();
      await card.getByTestId('return-pickup').waitFor();
      await card.getByRole('button', { name: 'Record received' }).click();
      const refund = card.getByRole('button', { name: 'Refund and restock' });
      await refund.waitFor();
      await screenshotOnFailure(adminPage, `return-admin-received-${width}`);
      await refund.click();
      await expect
        .poll(() => card.getByTestId('return-request').getAttribute('data-state'))
        .toBe('refunded');
      // The sandbox may have refunded it already by the time the card reloads.
      expect(await card.textContent()).toMatch(/(being )?refunded to your original payment/);
      expect(await card.textContent()).toMatch(/credit note KJCN\//);
      await screenshotOnFailure(adminPage, `return-admin-refunded-${width}`);
      expect(adminErrors).toEqual([]);
      await closeContext(adminPage.context());

      await shopperPage.reload();
      await expect
        .poll(() => section.getByTestId('return-request').getAttribute('data-state'))
        .toBe('refunded');
      const text = await section.textContent();
      for (const step of ['requested', 'approved', 'received', 'refunded'])
        expect(text).toContain(step);
      await screenshotOnFailure(shopperPage, `return-refunded-${width}`);
      expect(shopperErrors).toEqual([]);
      await closeContext(shopperPage.context());

      // The sandbox confirms the refund: only then does the return read as paid.
      const done = async () =>
        (
          await http().get<ReturnView[]>(`/api/orders/${orderId}/returns`, {
            token: shopper.token,
          })
        ).body[0];
      await expect.poll(async () => (await done())?.refundStatus).toBe('paid');
      expect(await done()).toMatchObject({ state: 'refunded', refundStatus: 'paid' });
    });

  it('values old gold at today’s rate, with the rule beside it, at 1280 and 390 px', async () => {
    for (const width of [1280, 390]) {
      const page = await pageWith(null, width);
      const errors = watchConsole(page);
      await openLive(page, `${server.baseUrl}/old-gold`);
      await page.getByLabel('Gross weight (g)').fill('20');
      await page.getByLabel('I don’t know the net weight').click();
      const estimate = page.getByTestId('old-gold-estimate');
      await expect.poll(() => estimate.textContent()).toMatch(/Exchange \(100%\)/);
      expect(await estimate.textContent()).toMatch(/Buyback \(85%\)/);
      expect(await estimate.textContent()).toMatch(/estimated as 20 g less 7%/);
      expect(await page.getByTestId('old-gold-rule').textContent()).toMatch(
        /making charges are never refunded/,
      );
      await screenshotOnFailure(page, `old-gold-${width}`);
      expect(errors).toEqual([]);
      await closeContext(page.context());
    }
  });
});
