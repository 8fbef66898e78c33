// Old gold as a counter takes it, in Chromium at 390 px: a shopper asks for an insured pickup
// of two pieces with an address and a slot; the owner records what the test found and confirms
// the figure; the shopper's passbook shows the credit. No console error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SEED_ACCOUNTS } from '@kanak/db';
import { indiaDate } from '@kanak/shared';
import {
  closeContext,
  httpClient,
  launchBrowser,
  screenshotOnFailure,
  startTestServer,
  watchConsole,
  type TestServer,
} from '@kanak/testkit';
import { newCustomer } from '../../server/test/pipeline-support';
import { openLive, WEB_DIST } from './shop-support';

describe('old gold from the request to the passbook, in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let admin = '';

  beforeAll(async () => {
    server = await startTestServer({ WEB_DIST });
    browser = await launchBrowser();
    admin = (
      await httpClient(server.baseUrl).post<{ jwt: string }>('/auth/login', SEED_ACCOUNTS.admin)
    ).body.jwt;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function pageWith(token: string, width: number): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addInitScript((jwt) => localStorage.setItem('jwt', jwt), token);
    return context.newPage();
  }

  it('asks a pickup of two pieces, settles it on a test record and shows the credit (390 px)', async () => {
    const shopper = await newCustomer(server, 'Asha');
    const page = await pageWith(shopper.token, 390);
    const errors = watchConsole(page);
    await openLive(page, `${server.baseUrl}/old-gold`);
    await page.getByLabel('Net weight (g)').fill('10');
    await page
      .getByTestId('old-gold-estimate')
      .getByText(/Exchange \(100%\)/)
      .waitFor();
    // The first piece, then a second one from the calculator.
    await page.getByRole('button', { name: 'Add the piece above to the request' }).click();
    await page.getByLabel('Net weight (g)').fill('4.5');
    await page.getByRole('button', { name: 'Add the piece above to the request' }).click();
    await expect
      .poll(() => page.getByTestId('old-gold-pieces').getByRole('listitem').count())
      .toBe(2);
    await page.getByLabel('Mobile').fill('98450 12345');
    await page.getByLabel('How').selectOption('pickup');
    const day = indiaDate(new Date(Date.now() + 3 * 86_400_000));
    await page.getByLabel('Pickup day').fill(day);
    await page.getByLabel('Time').selectOption('10-13');
    await page.getByLabel('Pickup address').fill('12, 3rd Cross, Indiranagar, Bengaluru');
    await page.getByLabel('PIN').fill('560038');
    await page.getByRole('button', { name: 'Send request' }).click();
    await page
      .getByTestId('old-gold-requested')
      .getByText(/for 2 pieces/)
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await screenshotOnFailure(page, 'old-gold-requested-390');

    // The owner tests the pieces and confirms the figure against the estimate.
    const owner = await pageWith(admin, 390);
    await openLive(owner, `${server.baseUrl}/admin/exchange`);
    const card = owner.getByTestId('exchange-request').filter({ hasText: shopper.email });
    await card.getByText('12, 3rd Cross, Indiranagar, Bengaluru 560038').waitFor();
    const form = card.getByRole('group', { name: 'Settle after testing' });
    const fineness = form.getByLabel('Fineness (karat meter)');
    await fineness.nth(0).fill('912');
    await fineness.nth(1).fill('916');
    await form.getByLabel('Gross g').nth(0).fill('10.2');
    await form.getByLabel('Gross g').nth(1).fill('4.5');
    await form.getByLabel('Deduction (₹)').fill('1,000');
    await form.getByLabel('Final value after testing (₹)').fill('40,000');
    // A deduction needs its reason before anything can be credited.
    await form.getByText('Say why the deduction was made').waitFor();
    expect(await form.getByRole('button', { name: 'Credit to customer' }).isDisabled()).toBe(true);
    await form.getByLabel('Reason for the deduction').fill('solder at the clasp');
    await form.getByRole('button', { name: 'Credit to customer' }).click();
    const confirm = owner.getByRole('alertdialog');
    await confirm.getByText('Credit ₹40,000 to Asha Tester?').waitFor();
    expect(await confirm.textContent()).toContain('₹1,000 taken off (solder at the clasp)');
    await screenshotOnFailure(owner, 'old-gold-settle-confirm-390');
    await confirm.getByRole('button', { name: 'Yes, credit ₹40,000' }).click();
    await card
      .getByTestId('exchange-tested')
      .getByText(/fineness 912, 10.2 g gross/)
      .waitFor();

    // The shopper's passbook shows the credit and the request's state.
    await openLive(page, `${server.baseUrl}/user-details?layout=5`);
    await expect.poll(() => page.getByTestId('passbook-credit').textContent()).toBe('₹40,000');
    expect(await page.getByTestId('passbook-old-gold').textContent()).toMatch(
      /2 pieces.*Valued and credited · ₹40,000/,
    );
    await screenshotOnFailure(page, 'old-gold-passbook-390');
    expect(errors).toEqual([]);
    await closeContext(page.context());
    await closeContext(owner.context());
  });
});
