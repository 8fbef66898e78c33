import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { addDays, addMonths } from '@kanak/core';
import { formatRupees, indiaDate } from '@kanak/shared';
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

// The savings schemes, owner's view: the seeded admin opens /admin/schemes, reads the liability
// and the collections, switches the enrolment filters, reminds an overdue shopper by hand and
// edits a plan; at 1280 px and on a 390 px phone.

const ADMIN = { email: 'admin@kanak.shop', password: 'Admin@123' };

describe("admin savings schemes: the owner's view", () => {
  let server: TestServer;
  let browser: Browser;
  let adminToken: string;
  const api = () => httpClient(server.baseUrl);
  const url = (path: string) => `${server.baseUrl}${path}`;
  const today = indiaDate(new Date());
  const names = { late: '', onTime: '', matured: '' };
  const ids = { late: '' };

  /** A new shopper enrolled at ₹1,000 a month, its first `paid` instalments paid on time. */
  async function enrolment(first: string, startedOn: string, paid: number, state = 'ACTIVE') {
    const email = `${first.toLowerCase()}.${Date.now()}@example.com`;
    const signup = await api().post<{ jwt: string }>('/auth/signup', {
      firstName: first,
      lastName: 'Saver',
      email,
      password: 'Tester@123',
    });
    const { db } = server.database;
    const plan = await db
      .selectFrom('scheme_plans')
      .select('id')
      .where('paused', '=', false)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const res = await api().post<{ id: string }>(
      '/api/schemes/enrolments',
      { planId: plan.id, instalment: 1000 },
      { token: signup.body.jwt },
    );
    expect(res.status).toBe(201);
    const id = res.body.id;
    await db.deleteFrom('scheme_payments').where('enrolment_id', '=', id).execute();
    for (let n = 1; n <= paid; n++)
      await db
        .insertInto('scheme_payments')
        .values({
          enrolment_id: id,
          n,
          provider: 'sandbox',
          payment_link_id: `plink_e2e_${id}_${n}`,
          payment_link_url: 'http://unused.test',
          provider_payment_id: `pay_e2e_${id.slice(0, 8)}_${n}`,
          status: 'PAID',
          amount: 1000,
          paid_at: new Date(`${addMonths(startedOn, n - 1)}T06:00:00Z`),
          expires_at: new Date(`${addMonths(startedOn, n - 1)}T12:00:00Z`),
        })
        .execute();
    await db
      .updateTable('scheme_enrolments')
      .set({
        state: state === 'MATURED' ? 'MATURED' : 'ACTIVE',
        started_on: startedOn,
        matured_at: state === 'MATURED' ? new Date() : null,
      })
      .where('id', '=', id)
      .execute();
    return { email, id };
  }

  async function pageWith(viewport: { width: number; height: number }): Promise<Page> {
    const context = await browser.newContext({ viewport });
    await context.addInitScript((jwt) => localStorage.setItem('jwt', jwt), adminToken);
    return context.newPage();
  }

  /** On failure, the admin pane in full. */
  const shootAdmin = (page: Page, name: string) => screenshotOnFailure(page, name, fitAdminPane);

  const fitsWidth = async (page: Page) => {
    const widths = await page.evaluate(() => {
      const pane = document.querySelector('[data-admin-scroll]');
      return {
        doc: document.documentElement.scrollWidth,
        pane: pane ? pane.scrollWidth - pane.clientWidth : 0,
      };
    });
    expect(widths.doc).toBeLessThanOrEqual(page.viewportSize()!.width);
    expect(widths.pane).toBeLessThanOrEqual(0);
  };

  beforeAll(async () => {
    const { WEB_DIST } = await import('./shop-support');
    server = await startTestServer({ WEB_DIST });
    browser = await launchBrowser();
    adminToken = (await api().post<{ jwt: string }>('/auth/login', ADMIN)).body.jwt;
    const late = await enrolment('Lata', addMonths(addDays(today, -20), -1), 1);
    [names.late, ids.late] = [late.email, late.id];
    names.onTime = (await enrolment('Ontime', addMonths(addDays(today, 5), -1), 1)).email;
    names.matured = (await enrolment('Mohan', addMonths(today, -10), 10, 'MATURED')).email;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('at 1280 px: figures, the four filters, remind by hand (once a day) and a plan edited', async () => {
    const page = await pageWith({ width: 1280, height: 900 });
    const errors = watchConsole(page);
    await page.goto(url('/admin'));
    await page.getByRole('link', { name: 'Schemes' }).click();
    await page.waitForURL('**/admin/schemes');
    await page.getByRole('heading', { name: 'Savings schemes' }).waitFor();
    const table = page.getByTestId('scheme-enrolments-table');
    await table.waitFor();
    for (const email of [names.late, names.onTime, names.matured])
      await table.getByText(email).waitFor();
    const liability = await page.getByTestId('scheme-liability').textContent();
    expect(liability).toContain('Money held for customers');
    // 12 paid instalments of ₹1,000 here (others may be seeded) and the matured one's ₹750 bonus.
    const book = await api().get<{ liability: { total: number } }>(
      '/api/admin/schemes/enrolments',
      { token: adminToken },
    );
    expect(liability).toContain(formatRupees(book.body.liability.total));
    expect(await page.getByTestId('scheme-collections').textContent()).toContain('Collected');
    await shootAdmin(page, 'admin-schemes-1280');

    // Overdue: only Lata, with a Remind button, pressed with the keyboard.
    await page.getByTestId('scheme-filter-overdue').click();
    await page.waitForURL('**/admin/schemes?filter=overdue');
    await table.getByText(names.onTime).waitFor({ state: 'detached' });
    expect(await table.textContent()).toContain(names.late);
    expect(await page.getByTestId('scheme-filter-overdue').getAttribute('aria-pressed')).toBe(
      'true',
    );
    const remind = page.getByRole('button', { name: /^Remind Lata/ });
    await remind.focus();
    await page.keyboard.press('Enter');
    await page.getByText(`queued to ${names.late}`).waitFor();
    const reminded = page.getByRole('button', { name: /^Reminded Lata/ });
    await reminded.waitFor();
    expect(await reminded.isDisabled()).toBe(true);
    // A second reminder the same day is refused (409), as the page would show it.
    const again = await api().post<{ message: string }>(
      `/api/admin/schemes/enrolments/${ids.late}/remind`,
      {},
      { token: adminToken },
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('already sent today');
    await shootAdmin(page, 'admin-schemes-overdue-1280');

    // Matured but unredeemed: Mohan only.
    await page.getByTestId('scheme-filter-unredeemed').click();
    await table.getByText(names.matured).waitFor();
    expect(await table.textContent()).not.toContain(names.late);
    // Maturing this month: nobody here (the empty state).
    await page.getByTestId('scheme-filter-maturing').click();
    await page.getByTestId('schemes-empty').waitFor();
    await page.getByTestId('scheme-filter-all').click();
    await table.getByText(names.onTime).waitFor();

    // A plan edited through the shared schema: a bad figure is refused in place, then saved.
    const plans = page.getByTestId('scheme-plans');
    await plans
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    const form = page.getByTestId('scheme-plan-form');
    await form.getByLabel('Redeem within days').fill('200');
    await form.getByRole('button', { name: 'Save plan' }).click();
    await form.getByRole('alert').getByText('within 364 days').waitFor();
    await shootAdmin(page, 'admin-schemes-plan-form-1280');
    await form.getByLabel('Redeem within days').fill('30');
    await form.getByLabel('Grace days').fill('6');
    await form.getByRole('button', { name: 'Save plan' }).click();
    await form.waitFor({ state: 'detached' });
    await plans.getByText('6 grace days').first().waitFor();
    expect(errors).toEqual([]);
    await closeContext(page.context());
  });

  it('at 390 px: cards instead of the table, the filters, nothing scrolls sideways', async () => {
    const page = await pageWith({ width: 390, height: 844 });
    const errors = watchConsole(page);
    await page.goto(url('/admin/schemes'));
    const cards = page.getByTestId('scheme-enrolments-cards');
    await cards.getByText(names.late).waitFor();
    await fitsWidth(page);
    await shootAdmin(page, 'admin-schemes-390');
    await page.getByTestId('scheme-filter-unredeemed').click();
    await cards.getByText(names.matured).waitFor();
    expect(await cards.textContent()).not.toContain(names.late);
    await fitsWidth(page);
    await shootAdmin(page, 'admin-schemes-unredeemed-390');
    expect(errors).toEqual([]);
    await closeContext(page.context());
  });
});
