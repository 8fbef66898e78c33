// Returns as a customer expects them, in Chromium at 390 px: the order page says until when a
// return is possible before any form (and offers no button once the window ended); a line of 2
// pieces returns 1; the owner's Returns page (menu count, state filters) lists it with its
// timeline and books the reverse pickup, then changes it; the Orders list's "Open return"
// filter finds the order.
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

const WIDTH = 390;
const DAY = 86_400_000;

describe('returns with quantities, pickups and the owner list, in the browser', () => {
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

  async function pageWith(token: string, width = WIDTH): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addInitScript((jwt) => localStorage.setItem('jwt', jwt), token);
    return context.newPage();
  }

  /** A paid order of `quantity` pieces of one line, shipped and delivered by the worker. */
  async function deliveredOrder(awb: string, quantity: number) {
    const size = await server.database.db
      .selectFrom('product_sizes')
      .select(['id as sizeId', 'product_id as productId'])
      .where('stock', '>', 3)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const paid = await sandboxPaidOrder(server, size, quantity);
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

  it('does not offer a return once the window ended, and says when it ended', async () => {
    const { orderId, shopper } = await deliveredOrder('KJRQ3900001', 1);
    // Delivered 20 days ago: the 15-day window ended 5 days ago.
    await server.database.db
      .updateTable('orders')
      .set({ delivered_at: new Date(Date.now() - 20 * DAY) })
      .where('id', '=', orderId)
      .execute();
    const page = await pageWith(shopper.token);
    const errors = watchConsole(page);
    await openLive(page, `${server.baseUrl}/account/orders/${orderId}/0`);
    const section = page.getByTestId('returns');
    const window = section.getByTestId('return-window');
    await expect
      .poll(() => window.textContent())
      .toMatch(/^The 15-day return window for this order ended on \d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect(await window.getAttribute('data-possible')).toBe('false');
    expect(await section.getByRole('button', { name: 'Return or exchange' }).count()).toBe(0);
    await screenshotOnFailure(page, `return-window-closed-${WIDTH}`);
    expect(errors).toEqual([]);
    await closeContext(page.context());
  });

  it('returns 1 of a 2-piece line; the owner lists it on Returns with its timeline and books the pickup', async () => {
    const { orderId, shopper } = await deliveredOrder('KJRQ3900002', 2);
    const order = (await http().get<OrderView>(`/api/orders/${orderId}`, { token: admin })).body;
    const perPiece = order.orderItems[0]!.discountedPrice / 2;

    const page = await pageWith(shopper.token);
    const errors = watchConsole(page);
    await openLive(page, `${server.baseUrl}/account/orders/${orderId}/0`);
    const section = page.getByTestId('returns');
    await expect
      .poll(() => section.getByTestId('return-window').textContent())
      .toMatch(/^Returns accepted until \d{1,2} [A-Z][a-z]{2} \d{4}$/);
    await section.getByRole('button', { name: 'Return or exchange' }).click();
    await section.getByLabel(/Pieces of .* to return/).selectOption('1');
    await section.getByLabel('Reason').fill('One of the pair is enough');
    await screenshotOnFailure(page, `return-partial-ask-${WIDTH}`);
    await section.getByRole('button', { name: 'Send request' }).click();
    await expect
      .poll(() => section.getByTestId('return-request').getAttribute('data-state'))
      .toBe('requested');
    expect(await section.getByTestId('return-request').textContent()).toContain('× 1 of 2');
    const asked = (
      await http().get<ReturnView[]>(`/api/orders/${orderId}/returns`, { token: shopper.token })
    ).body[0]!;
    expect(asked).toMatchObject({ amount: perPiece, items: [{ quantity: 1, lineQuantity: 2 }] });
    expect(errors).toEqual([]);

    // The owner: the menu counts the returns waiting; the page lists this one with its timeline.
    const adminPage = await pageWith(admin);
    const adminErrors = watchConsole(adminPage);
    await openLive(adminPage, `${server.baseUrl}/admin/returns`);
    await adminPage.getByRole('button', { name: 'Open admin menu' }).click();
    const count = adminPage.getByTestId('returns-waiting');
    await expect.poll(() => count.textContent()).toMatch(/^[1-9]\d*$/);
    await adminPage.getByRole('button', { name: 'Close admin menu' }).click();
    const mine = adminPage
      .getByTestId('admin-return')
      .filter({ hasText: orderId.slice(0, 8).toUpperCase() });
    await mine.waitFor();
    expect(await mine.textContent()).toContain('× 1 of 2');
    await mine.getByLabel('Carrier', { exact: true }).fill('Delhivery');
    await mine.getByLabel('Reverse AWB').fill('RVP390002');
    await mine.getByRole('button', { name: 'Approve' }).click();
    // Waiting lists the open ones: approved is still waiting (on the carrier), with its pickup.
    const pickup = mine.locator('[data-event="pickup"]');
    await expect.poll(() => pickup.textContent()).toContain('reverse AWB RVP390002');
    const events = await mine
      .locator('li[data-event]')
      .evaluateAll((lis) => lis.map((li) => li.getAttribute('data-event')));
    expect(events).toEqual(['requested', 'approved']);
    expect(await pickup.textContent()).toContain('Delhivery');
    await screenshotOnFailure(adminPage, `returns-page-${WIDTH}`);

    // The carrier moved the pickup: the owner changes it, the timeline keeps both.
    await mine.getByRole('button', { name: 'Change pickup' }).click();
    const change = mine.getByRole('form', { name: 'Change the pickup' });
    expect(await change.getByLabel('Reverse AWB').inputValue()).toBe('RVP390002');
    await change.getByLabel('Time', { exact: true }).selectOption('16-19');
    await change.getByLabel('Carrier', { exact: true }).fill('Blue Dart');
    await change.getByLabel('Reverse AWB').fill('BDR390003');
    await change.getByRole('button', { name: /Save the new pickup/ }).click();
    await expect.poll(() => pickup.textContent()).toContain('reverse AWB BDR390003');
    expect(await pickup.textContent()).toContain('Blue Dart');
    expect(
      await mine
        .locator('li[data-event]')
        .evaluateAll((lis) => lis.map((li) => li.getAttribute('data-event'))),
    ).toEqual(['requested', 'approved', 'pickup-changed']);
    expect(await mine.locator('li[data-event="approved"]').textContent()).toContain('RVP390002');

    // The state filter: under "Approved", not under "Requested".
    await adminPage.getByRole('button', { name: /^Requested/ }).click();
    await expect.poll(() => adminPage.url()).toContain('state=requested');
    await expect.poll(() => mine.count()).toBe(0);
    await adminPage.getByRole('button', { name: /^Approved/ }).click();
    await expect.poll(() => mine.count()).toBe(1);

    // Orders: "Open return" finds the order, marked as a return in progress, not plainly delivered.
    await openLive(adminPage, `${server.baseUrl}/admin/orders`);
    await adminPage.getByTestId('returns-filter').click();
    const badge = adminPage.getByTestId('return-badge').first();
    await expect.poll(() => badge.textContent()).toBe('Return approved: pickup');
    expect(await adminPage.getByText(orderId.slice(0, 8).toUpperCase()).count()).toBeGreaterThan(0);
    await screenshotOnFailure(adminPage, `orders-open-return-${WIDTH}`);
    expect(adminErrors).toEqual([]);
    await closeContext(adminPage.context());

    // The shopper reads how it comes back.
    await page.reload();
    await expect
      .poll(() => section.getByTestId('return-pickup').textContent())
      .toContain('Blue Dart will collect it on');
    // Beside the status, the shopper too reads a return in progress, not a plainly delivered order.
    expect(await page.getByTestId('return-badge').first().textContent()).toBe(
      'Return approved: pickup',
    );
    expect(errors).toEqual([]);
    await closeContext(page.context());
  });

  it('a line returned in two requests shows both credit notes to the shopper and the owner', async () => {
    const { orderId, shopper } = await deliveredOrder('KJRQ3900003', 2);
    const order = (await http().get<OrderView>(`/api/orders/${orderId}`, { token: admin })).body;
    const item = order.orderItems[0]!;
    // The two pieces' HUIDs, as the dispatch recorded them; each return brings one back.
    const tag = Math.random().toString(36).slice(2, 6).toUpperCase();
    const huids = [`C${tag}1`, `D${tag}2`];
    await server.database.db
      .insertInto('order_item_huids')
      .values(huids.map((huid) => ({ huid, order_item_id: item._id, order_id: orderId })))
      .execute();
    const put = (id: string, action: string, body?: unknown) =>
      http().put<ReturnView>(`/api/admin/returns/${id}/${action}`, body, { token: admin });
    for (const huid of huids) {
      const asked = await http().post<ReturnView>(
        `/api/orders/${orderId}/returns`,
        {
          kind: 'return',
          reason: 'One at a time',
          items: [{ orderItemId: item._id, quantity: 1 }],
        },
        { token: shopper.token },
      );
      expect(asked.status).toBe(201);
      expect((await put(asked.body.id, 'approve')).status).toBe(200);
      expect((await put(asked.body.id, 'receive', { huids: { [item._id]: [huid] } })).status).toBe(
        200,
      );
      expect((await put(asked.body.id, 'refund')).body.state).toBe('refunded');
    }
    const notes = (await http().get<OrderView>(`/api/orders/${orderId}`, { token: admin })).body
      .creditNotes!;
    expect(notes).toHaveLength(2);
    const labels = notes.map((n) => `Credit note ${n.number}`);

    const page = await pageWith(shopper.token);
    const errors = watchConsole(page);
    await openLive(page, `${server.baseUrl}/account/orders/${orderId}/0`);
    const links = page.getByTestId('invoice-links');
    await expect.poll(() => links.getByRole('button', { name: /^Credit note / }).count()).toBe(2);
    for (const label of labels)
      expect(await links.getByRole('button', { name: label }).count()).toBe(1);
    // The older note downloads as itself, not as the latest.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      links.getByRole('button', { name: labels[0] }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${notes[0]!.number.replaceAll('/', '-')}.pdf`);
    await screenshotOnFailure(page, `credit-notes-shopper-${WIDTH}`);
    expect(errors).toEqual([]);
    await closeContext(page.context());

    const adminPage = await pageWith(admin, 1280);
    const adminErrors = watchConsole(adminPage);
    await openLive(adminPage, `${server.baseUrl}/admin/orders/${orderId}`);
    const adminLinks = adminPage.getByTestId('invoice-links');
    for (const label of labels) await adminLinks.getByRole('button', { name: label }).waitFor();
    await screenshotOnFailure(adminPage, 'credit-notes-admin-1280');
    expect(adminErrors).toEqual([]);
    await closeContext(adminPage.context());
  });
});
