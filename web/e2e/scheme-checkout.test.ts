// Redemption at checkout: a matured scheme (its ten instalments seeded as paid from
// ten months ago, so it matures today) pays part of an order at checkout, chosen by keyboard;
// the rest goes through the sandbox's hosted page and the order is placed with both tenders.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { RunningWorker } from '@kanak/worker';
import { addMonths } from '@kanak/core';
import { formatRupees, indiaDate, type OrderView } from '@kanak/shared';
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
import { ADDRESS, fillCart, newCustomer } from '../../server/test/pipeline-support';
import { openLive, startShopWorker, WEB_DIST } from './shop-support';

describe('paying with a matured scheme balance at checkout, in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let worker: RunningWorker;
  const url = (p: string) => `${server.baseUrl}${p}`;
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startTestServer({ WEB_DIST, ORDER_WAIT_MS: WALK_ORDER_WAIT_MS });
    worker = startShopWorker(server);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await server?.close();
  });

  /** A matured enrolment in the seeded plan at ₹1,000 a month: ₹10,750 with the bonus. */
  async function maturedScheme(shopper: { token: string }) {
    const plan = await db()
      .selectFrom('scheme_plans')
      .select('id')
      .where('paused', '=', false)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const res = await httpClient(server.baseUrl).post<{ id: string }>(
      '/api/schemes/enrolments',
      { planId: plan.id, instalment: 1000 },
      { token: shopper.token },
    );
    expect(res.status).toBe(201);
    const id = res.body.id;
    const started = addMonths(indiaDate(new Date()), -10);
    await db().deleteFrom('scheme_payments').where('enrolment_id', '=', id).execute();
    for (let n = 1; n <= 10; n++)
      await db()
        .insertInto('scheme_payments')
        .values({
          enrolment_id: id,
          n,
          provider: 'sandbox',
          payment_link_id: `plink_e2e_tender_${id}_${n}`,
          payment_link_url: 'http://unused.test',
          provider_payment_id: `pay_e2e_tender_${id.slice(0, 8)}_${n}`,
          status: 'PAID',
          amount: 1000,
          paid_at: new Date(`${addMonths(started, n - 1)}T06:00:00Z`),
          expires_at: new Date(`${addMonths(started, n - 1)}T12:00:00Z`),
        })
        .execute();
    await db()
      .updateTable('scheme_enrolments')
      .set({ started_on: started, state: 'MATURED', matured_at: new Date() })
      .where('id', '=', id)
      .execute();
    return id;
  }

  for (const [width, offset] of [
    [390, 0],
    [1280, 1],
  ] as const) {
    it(`offers the scheme balance, shows the rest, and tops up by link (${width} px)`, async () => {
      const shopper = await newCustomer(server, `Redeemer${width}`);
      const size = await db()
        .selectFrom('product_sizes')
        .innerJoin('products', 'products.id', 'product_sizes.product_id')
        .select(['product_sizes.id as sizeId', 'product_sizes.product_id as productId'])
        .where('product_sizes.position', '=', 0)
        .where('product_sizes.stock', '>=', 5)
        .where('products.discounted_price', '>', 20_000)
        .where('products.discounted_price', '<', 150_000)
        .orderBy('products.title')
        .offset(offset)
        .executeTakeFirstOrThrow();
      await fillCart(db(), shopper.id, [{ ...size, quantity: 1 }]);
      const created = await httpClient(server.baseUrl).post<OrderView>('/api/orders/', ADDRESS, {
        token: shopper.token,
      });
      expect(created.status).toBe(201);
      const order = created.body;
      const schemeId = await maturedScheme(shopper);
      const rest = order.totalDiscountedPrice - 10_750;

      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await context.addInitScript((token) => localStorage.setItem('jwt', token), shopper.token);
      const page = await context.newPage();
      const errors = watchConsole(page);
      await openLive(page, url(`/checkout?step=3&order_id=${order._id}`));
      const tenders = page.getByTestId('balance-tenders');
      await tenders.waitFor({ timeout: 60_000 });
      const choice = tenders.getByRole('checkbox', { name: /Pay with my scheme balance/ });
      expect(await choice.isVisible()).toBe(true);
      // Chosen with the keyboard: focus, then Space.
      await choice.focus();
      await page.keyboard.press('Space');
      expect(await choice.isChecked()).toBe(true);
      expect(await tenders.textContent()).toContain(`−${formatRupees(10_750)}`);
      expect(await page.getByTestId('rest-to-pay').textContent()).toContain(formatRupees(rest));
      const bodyWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(bodyWidth).toBeLessThanOrEqual(width);
      await screenshotOnFailure(page, `scheme-checkout-${width}`);

      await page.getByRole('button', { name: 'Payment' }).click();
      await page.waitForURL(/\/sandbox-pay\//);
      // The hosted page asks only for the rest.
      expect(await page.content()).toContain(formatRupees(rest));
      await page.locator('#pay').click();
      await page.waitForURL(new RegExp(`/payment/${order._id}\\?`));
      const outcome = page.getByTestId('payment-outcome');
      await outcome.waitFor({ timeout: 60_000 });
      // The page answers PENDING until the worker has settled the payment, then follows it.
      await expect.poll(() => outcome.getAttribute('data-status')).toBe('PAID');
      // The outcome says how it was paid: the scheme's part, then the link's.
      const paidBy = page.getByTestId('paid-by');
      await paidBy.waitFor({ timeout: 60_000 });
      const paidByText = await paidBy.textContent();
      expect(paidByText).toMatch(/^Savings scheme: Swarna Nidhi/);
      expect(paidByText).toContain(`${formatRupees(10_750)}Online payment`);
      expect(paidByText).toContain(`Online payment${formatRupees(rest)}`);
      await screenshotOnFailure(page, `scheme-checkout-paid-${width}`);
      // The order's page names what the scheme paid.
      await openLive(page, url(`/account/orders/${order._id}/0`));
      const paidFrom = page.getByTestId('order-tenders');
      await paidFrom.waitFor({ timeout: 60_000 });
      expect(await paidFrom.textContent()).toContain('Savings scheme: Swarna Nidhi');
      expect(await paidFrom.textContent()).toContain(formatRupees(10_750));

      const tenderRows = await db()
        .selectFrom('order_tenders')
        .select(['enrolment_id', 'amount_paise', 'status'])
        .where('order_id', '=', order._id)
        .execute();
      expect(tenderRows).toEqual([
        { enrolment_id: schemeId, amount_paise: 1_075_000, status: 'SPENT' },
      ]);
      const paid = await db()
        .selectFrom('payments')
        .select(['amount', 'status'])
        .where('order_id', '=', order._id)
        .where('status', '=', 'PAID')
        .execute();
      expect(paid).toEqual([{ amount: rest, status: 'PAID' }]);
      expect(errors).toEqual([]);
      await closeContext(context);
    });
  }
});
