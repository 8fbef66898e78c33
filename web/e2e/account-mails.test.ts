// in Chromium at 1280 and 390 px, with a real worker and a real SMTP server: "Forgot
// password?" in the login modal mails a link; the reset page signs in with the new password;
// My Account changes the password and logs out of all devices (the mail saying so is
// server/test/sessions.test.ts's); a visitor asks to be told when a sold-out size is back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  closeContext,
  httpClient,
  launchBrowser,
  screenshotOnFailure,
  startTestServer,
  startTestSmtp,
  storedItem,
  watchConsole,
  type TestServer,
  type TestSmtp,
} from '@kanak/testkit';
import { loadWorkerConfig, startWorker, type RunningWorker } from '@kanak/worker';
import { openLive, WEB_DIST } from './shop-support';

const VIEWPORTS = [
  { name: '1280', viewport: { width: 1280, height: 900 } },
  { name: '390', viewport: { width: 390, height: 844 } },
] as const;

describe('account mails in the browser', () => {
  let server: TestServer;
  let smtp: TestSmtp;
  let worker: RunningWorker;
  let browser: Browser;
  const url = (p: string) => `${server.baseUrl}${p}`;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({ WEB_DIST });
    worker = startWorker(
      loadWorkerConfig({
        DATABASE_URL: server.database.url,
        REDIS_URL: server.config.REDIS_URL,
        QUEUE_PREFIX: server.config.QUEUE_PREFIX,
        SMTP_URL: smtp.url,
        MAIL_POLL_MS: '200',
      }),
      () => {},
    );
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await server?.close();
    await smtp?.close();
  });

  /** The newest mail to `to` whose subject matches, once it arrived. */
  async function mailTo(to: string, subject: RegExp) {
    await expect
      .poll(() => smtp.mails.some((m) => m.to === to && subject.test(m.subject)))
      .toBe(true);
    return smtp.mails.filter((m) => m.to === to && subject.test(m.subject)).at(-1)!;
  }

  async function newPage(viewport: { width: number; height: number }): Promise<Page> {
    const context = await browser.newContext(
      viewport.width < 500 ? { viewport, isMobile: true, hasTouch: true } : { viewport },
    );
    return context.newPage();
  }

  for (const { name, viewport } of VIEWPORTS) {
    it(`forgets, resets and changes a password, then logs out everywhere (${name} px)`, async () => {
      const email = `reset-${name}-${Date.now()}@example.com`;
      const http = httpClient(server.baseUrl);
      const signup = await http.post<{ jwt: string }>('/auth/signup', {
        firstName: 'Anika',
        lastName: 'Rao',
        email,
        password: 'First@123',
      });
      expect(signup.status).toBe(201);

      const page = await newPage(viewport);
      const errors = watchConsole(page);
      await openLive(page, url('/'));
      await page.getByRole('button', { name: 'Log in' }).first().click();
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      const forgot = page.getByRole('form', { name: 'Forgot password' });
      await forgot.getByLabel('Email').fill(email);
      await forgot.getByRole('button', { name: 'Send the link' }).click();
      await forgot.getByRole('status').waitFor();
      await screenshotOnFailure(page, `account-forgot-${name}`);

      const reset = await mailTo(email, /password/i);
      const token = /reset-password\?token=([\w-]+)/.exec(reset.text)?.[1];
      expect(token).toBeTruthy();
      await openLive(page, url(`/reset-password?token=${token}`));
      await page.getByLabel('New password').fill('Second@123');
      await screenshotOnFailure(page, `account-reset-${name}`);
      await page.getByRole('button', { name: 'Save and sign in' }).click();
      await page.waitForURL(url('/'));
      await expect.poll(() => storedItem(page, 'jwt')).toBeTruthy();
      // The old password no longer works; the new one does.
      expect((await http.post('/auth/login', { email, password: 'First@123' })).status).toBe(401);
      expect((await http.post('/auth/login', { email, password: 'Second@123' })).status).toBe(200);

      await openLive(page, url('/user-details'));
      const change = page.getByRole('form', { name: 'Change password' });
      await change.getByLabel('Current password').fill('Second@123');
      await change.getByLabel('New password').fill('Third@1234');
      await change.getByRole('button', { name: 'Change password' }).click();
      await expect
        .poll(() => change.getByRole('status').textContent())
        .toMatch(/Other devices were signed out/);
      await screenshotOnFailure(page, `account-change-password-${name}`);

      const held = await storedItem(page, 'jwt');
      await page.getByRole('button', { name: 'Log out of all devices' }).click();
      // The page reloads signed out and the account page sends the visitor to log in.
      await page.waitForURL(/\/login\?redirect=/);
      await expect.poll(() => storedItem(page, 'jwt')).toBeNull();
      // The token this browser held answers 401 everywhere now.
      expect((await http.get('/api/users/profile', { token: held! })).status).toBe(401);
      expect(errors).toEqual([]);
      await closeContext(page.context());
    });

    it(`a visitor asks to hear when a sold-out size is back (${name} px)`, async () => {
      const sold = await server.database.db
        .selectFrom('product_sizes')
        .select(['product_id', 'weight'])
        .where('stock', '=', 0)
        .orderBy('product_id')
        .offset(name === '1280' ? 0 : 1)
        .limit(1)
        .executeTakeFirstOrThrow();
      const page = await newPage(viewport);
      const errors = watchConsole(page);
      await openLive(page, url(`/product/${sold.product_id}`));
      const notify = page.getByRole('region', { name: 'Notify me when available' });
      await notify.waitFor();
      const sizes = notify.getByLabel('Sold-out size');
      if (await sizes.count()) await sizes.selectOption(sold.weight);
      const email = `notify-${name}-${Date.now()}@example.com`;
      await notify.getByLabel('Your e-mail').fill(email);
      await notify.getByRole('button', { name: 'Notify me' }).click();
      await expect.poll(() => notify.getByRole('status').textContent()).toContain(email);
      await notify.scrollIntoViewIfNeeded();
      await screenshotOnFailure(page, `notify-me-${name}`);
      const alert = await server.database.db
        .selectFrom('stock_alerts')
        .select(['product_id', 'unsubscribed_at'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(alert).toEqual({ product_id: sold.product_id, unsubscribed_at: null });
      expect(errors).toEqual([]);
      await closeContext(page.context());
    });
  }
});
