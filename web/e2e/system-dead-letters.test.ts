import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { orderNumberOf } from '@kanak/shared';
import {
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
import { openLive, startShopWorker, WEB_DIST } from './shop-support';

// The System page lists a job that failed its attempts (a real PostgreSQL fault, not
// an outage) with its queue, order, reason and time; the admin retries it from the page. A
// refusal (a return with a made-up payment id) shows in its own column, not as a failure.

const ADMIN = { email: 'admin@kanak.shop', password: 'Admin@123' };
const FAULT = 'ledger check failed for this order';

describe('System page: dead letters and refusals', () => {
  let server: TestServer;
  let worker: RunningWorker;
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ WEB_DIST, ORDER_WAIT_MS: 0 });
    worker = startShopWorker(server);
    browser = await launchBrowser();
    token = (await httpClient(server.baseUrl).post<{ jwt: string }>('/auth/login', ADMIN)).body.jwt;
  });
  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await server?.close();
  });

  it('shows a dead letter apart from refusals, and retries it', async () => {
    const db = server.database.db;
    const http = httpClient(server.baseUrl);
    const [size, other] = await pickSizes(db, 2, 21);
    const pay = await sandboxPaidOrder(server, size!, 1);
    await sql
      .raw(
        `CREATE FUNCTION refuse_test_order() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN IF NEW.id = '${pay.order._id}' THEN RAISE EXCEPTION '${FAULT}'; END IF; RETURN NEW; END $$;
         CREATE TRIGGER refuse_test_order BEFORE UPDATE ON orders
           FOR EACH ROW EXECUTE FUNCTION refuse_test_order();`,
      )
      .execute(db);
    await http.get(pay.returnPath, { token: pay.shopper.token });
    const refused = await sandboxPaidOrder(server, other!, 1);
    await http.get(`/api/payment?payment_id=pay_MadeUp1234567&order_id=${refused.order._id}`, {
      token: refused.shopper.token,
    });
    await eventually(
      async () =>
        (
          await db
            .selectFrom('dead_letters')
            .select('id')
            .where('order_id', '=', pay.order._id)
            .execute()
        ).length === 1,
      40_000,
    );

    const context = await browser.newContext({ viewport: { width: 1440, height: 1100 } });
    await context.addInitScript((jwt) => localStorage.setItem('jwt', jwt), token);
    const page = await context.newPage();
    const errors = watchConsole(page);
    await openLive(page, `${server.baseUrl}/admin/system`);

    const letters = page.getByTestId('dead-letters');
    const row = letters.locator('tr', { hasText: `#${orderNumberOf(pay.order._id)}` });
    await row.waitFor();
    expect(await row.textContent()).toContain('payment-confirmations');
    expect(await row.textContent()).toContain(FAULT);
    expect(await row.textContent()).toContain('after 5 attempts');

    const queue = page
      .getByTestId('queue-depths')
      .locator('tr', { hasText: 'payment-confirmations' });
    const cells = await queue.locator('td').allTextContents();
    // Queue, waiting, active, delayed, refused, failed.
    expect(cells[4]).toBe('1');
    expect(cells[5]).toBe('1');
    // A refusal is muted; only the failure is red.
    expect(await queue.locator('td').nth(4).getAttribute('class')).not.toContain('destructive');
    expect(await queue.locator('td').nth(5).getAttribute('class')).toContain('destructive');
    await screenshotOnFailure(page, 'system-dead-letters');

    await sql`DROP TRIGGER refuse_test_order ON orders; DROP FUNCTION refuse_test_order()`.execute(
      db,
    );
    await row.getByRole('button', { name: 'Retry' }).click();
    const resolved = page.getByTestId('resolved-dead-letters');
    await resolved.locator('tr', { hasText: `Retried by ${ADMIN.email}` }).waitFor();
    await page.getByTestId('no-dead-letters').waitFor();
    await eventually(async () => (await orderStatus(db, pay.order._id)) === 'PLACED', 20_000);
    await screenshotOnFailure(page, 'system-dead-letter-retried');
    expect(errors).toEqual([]);
  });
});
