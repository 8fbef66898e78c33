// Savings schemes in the account: enrol at 390 and 1280 px, pay the first instalment on
// the hosted page, come back to the scheme's page with it recorded; a matured scheme's page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { RunningWorker } from '@kanak/worker';
import { addMonths } from '@kanak/core';
import { indiaDate } from '@kanak/shared';
import {
  closeContext,
  launchBrowser,
  screenshotOnFailure,
  startTestServer,
  WALK_ORDER_WAIT_MS,
  watchConsole,
  type TestServer,
} from '@kanak/testkit';
import { newCustomer } from '../../server/test/pipeline-support';
import { openLive, startShopWorker, WEB_DIST } from './shop-support';

describe('savings schemes in the shopper account, in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let worker: RunningWorker;
  const url = (p: string) => `${server.baseUrl}${p}`;

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

  for (const width of [390, 1280] as const) {
    it(`enrols, pays the first instalment and sees it on the scheme's page (${width} px)`, async () => {
      const shopper = await newCustomer(server, `Saver${width}`);
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await context.addInitScript((token) => localStorage.setItem('jwt', token), shopper.token);
      const page = await context.newPage();
      const errors = watchConsole(page);

      await openLive(page, url('/user-details?layout=4'));
      const form = page.getByRole('form', { name: 'Enrol in a savings scheme' });
      await form.waitFor();
      await form.getByLabel('Monthly instalment (₹)').fill('2000');
      await form.getByLabel('Nominee (optional)').fill('Asha Sharma');
      await screenshotOnFailure(page, `schemes-enrol-${width}`);
      await form.getByRole('button', { name: /Enrol and pay/ }).click();

      // The hosted (sandbox) page for instalment 1, then back to the scheme's page.
      await page.waitForURL(/\/sandbox-pay\//);
      expect(await page.content()).toContain('instalment 1');
      await page.locator('#pay').click();
      await page.waitForURL(/\/account\/schemes\//);
      await page.getByTestId('scheme-paid').waitFor({ timeout: 60_000 });
      await expect.poll(async () => page.getByTestId('scheme-state').textContent()).toBe('Paying');
      expect(await page.getByTestId('scheme-paid').textContent()).toContain('₹2,000');
      // The instalment's numbered receipt and its payment reference, as mailed.
      await expect
        .poll(async () => page.getByTestId('scheme-paid').textContent())
        .toMatch(/Receipt KJSR\/\d{4}-\d{2}\/\d{6} · Ref\. pay_sbx_paid_/);
      expect(await page.getByTestId('scheme-figures').textContent()).toContain('Bonus at maturity');
      const bodyWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(bodyWidth).toBeLessThanOrEqual(width);
      await screenshotOnFailure(page, `schemes-paid-${width}`);

      const enrolmentId = new URL(page.url()).pathname.split('/').pop()!;
      const rows = await server.database.db
        .selectFrom('scheme_payments')
        .select(['n', 'status'])
        .where('enrolment_id', '=', enrolmentId)
        .execute();
      expect(rows).toEqual([{ n: 1, status: 'PAID' }]);

      // Ten months on (the rows as the worker would have written them): matured, bonus added.
      const started = addMonths(indiaDate(new Date()), -10);
      await server.database.db
        .deleteFrom('scheme_payments')
        .where('enrolment_id', '=', enrolmentId)
        .execute();
      for (let n = 1; n <= 10; n++)
        await server.database.db
          .insertInto('scheme_payments')
          .values({
            enrolment_id: enrolmentId,
            n,
            provider: 'sandbox',
            payment_link_id: `plink_e2e_${enrolmentId}_${n}`,
            payment_link_url: 'http://unused.test',
            provider_payment_id: `pay_e2e_${enrolmentId.slice(0, 8)}_${n}`,
            status: 'PAID',
            amount: 2000,
            paid_at: new Date(`${addMonths(started, n - 1)}T06:00:00Z`),
            expires_at: new Date(`${addMonths(started, n - 1)}T12:00:00Z`),
          })
          .execute();
      await server.database.db
        .updateTable('scheme_enrolments')
        .set({ started_on: started, state: 'MATURED', matured_at: new Date() })
        .where('id', '=', enrolmentId)
        .execute();
      await openLive(page, url(`/account/schemes/${enrolmentId}`));
      await page.getByTestId('scheme-paid').waitFor();
      expect(await page.getByTestId('scheme-state').textContent()).toBe('Matured: ready to redeem');
      expect(await page.getByTestId('scheme-figures').textContent()).toContain('₹21,500');
      await screenshotOnFailure(page, `schemes-matured-${width}`);
      await openLive(page, url('/user-details?layout=4'));
      await page.getByTestId('scheme-list').waitFor();
      await screenshotOnFailure(page, `schemes-list-${width}`);
      expect(errors).toEqual([]);
      await closeContext(context);
    });
  }
});
