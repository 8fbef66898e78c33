import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
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
import {
  eventually,
  orderStatus,
  pickSizes,
  sandboxPaidOrder,
} from '../../server/test/pipeline-support';
import { startShopWorker, WEB_DIST } from './shop-support';

// The Reports page's settlement: a paid order and one the shop cancelled after payment
// (its refund due) balance, and the refund due is listed. Real server, worker and Chromium.

const ADMIN = { email: 'admin@kanak.shop', password: 'Admin@123' };

describe('Reports page: the settlement', () => {
  let server: TestServer;
  let worker: RunningWorker;
  let browser: Browser;
  let token: string;
  const consoles: string[][] = [];

  beforeAll(async () => {
    server = await startTestServer({ WEB_DIST, ORDER_WAIT_MS: 0 });
    worker = startShopWorker(server);
    browser = await launchBrowser();
    token = (await httpClient(server.baseUrl).post<{ jwt: string }>('/auth/login', ADMIN)).body.jwt;
    // The demo seed's payments (of the last weeks) go to an earlier month: this month's lists
    // this test's payments only.
    await sql`UPDATE payments SET received_at = received_at - interval '62 days'`.execute(
      server.database.db,
    );
  });
  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await server?.close();
  });

  async function adminPage(viewport: { width: number; height: number }): Promise<Page> {
    const context = await browser.newContext(
      viewport.width < 500
        ? { viewport, isMobile: true, hasTouch: true }
        : { viewport, acceptDownloads: true },
    );
    await context.addInitScript((jwt) => localStorage.setItem('jwt', jwt), token);
    const page = await context.newPage();
    consoles.push(watchConsole(page));
    // Which request failed, when one does (the console line does not say).
    page.on('response', (r) => {
      if (r.status() >= 500) console.warn(`${r.status()} ${r.url()}`);
    });
    return page;
  }

  it('balances a paid order and a cancelled one owed back, at 1280 and 390 px', async () => {
    const db = server.database.db;
    const http = httpClient(server.baseUrl);
    const sizes = await pickSizes(db, 2, 7);
    const orders: string[] = [];
    for (const size of sizes) {
      const pay = await sandboxPaidOrder(server, size, 1);
      await http.get(pay.returnPath, { token: pay.shopper.token });
      orders.push(pay.order._id);
    }
    for (const id of orders) await eventually(async () => (await orderStatus(db, id)) === 'PLACED');
    await http.put(`/api/admin/orders/${orders[1]}/cancel`, undefined, { token });
    await eventually(async () => (await orderStatus(db, orders[1]!)) === 'CANCELLED');

    for (const [viewport, name] of [
      [{ width: 1280, height: 900 }, 'settlement-1280'],
      [{ width: 390, height: 844 }, 'settlement-390'],
    ] as const) {
      const page = await adminPage(viewport);
      await page.goto(`${server.baseUrl}/admin/reports`);
      const card = page.getByTestId('settlement');
      const balance = card.getByTestId('settlement-balance');
      await balance.waitFor();
      expect(await balance.getAttribute('data-balances')).toBe('true');
      expect(await card.getByText('Refunds due (1)').isVisible()).toBe(true);
      expect(await card.getByText('Payments received (2)').isVisible()).toBe(true);
      // How the invoices were paid: every method listed (COD empty), adding up to invoiced − credited.
      const methods = card.getByTestId('settlement-methods-balance');
      expect(await methods.getAttribute('data-balances')).toBe('true');
      expect(await card.getByText('Cash on delivery (carrier remittances)').isVisible()).toBe(true);
      expect(await card.getByText('Instalments owed back (0)', { exact: false }).isVisible()).toBe(
        true,
      );
      await page.waitForLoadState('networkidle');
      // The admin content scrolls inside its own pane: grow the viewport to hold all of it.
      const height = await page.evaluate(
        () => document.querySelector('[data-admin-scroll]')?.scrollHeight ?? 0,
      );
      await page.setViewportSize({
        width: viewport.width,
        height: Math.min(Math.max(height, viewport.height), 6000),
      });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await screenshotOnFailure(page, name);
      if (viewport.width > 500) {
        // The CSV arrives as a stream (its progress shown meanwhile) and is saved under its name.
        const saved = page.waitForEvent('download');
        await card.getByRole('button', { name: 'Download the settlement as CSV' }).click();
        const file = await saved;
        expect(file.suggestedFilename()).toMatch(/^settlement-\d{4}-\d{2}-01-to-.+\.csv$/);
        await page.getByText(/settlement-.+\.csv: 2 rows/).waitFor();
      }
      await closeContext(page.context());
    }
    expect(consoles.flat()).toEqual([]);
  });
});
