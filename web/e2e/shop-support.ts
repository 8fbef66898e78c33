import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { TestServer } from '@kanak/testkit';
import { loadWorkerConfig, startWorker, type RunningWorker } from '@kanak/worker';

/** The built web (`pnpm build`), served by the test server. */
export const WEB_DIST = path.resolve(import.meta.dirname, '../dist');

/** A worker in this process on the test server's database and queue prefix, quiet. */
export function startShopWorker(server: TestServer): RunningWorker {
  return startWorker(
    loadWorkerConfig({
      DATABASE_URL: server.database.url,
      REDIS_URL: server.config.REDIS_URL,
      QUEUE_PREFIX: server.config.QUEUE_PREFIX,
    }),
    () => {},
  );
}

/** Opens a page and waits until React has taken over the server's HTML (clicks reach handlers). */
export async function openLive(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
}

/** A cart above ₹2,00,000 (gold priced from today's rate) asks the buyer's PAN: a shopper gives it. */
export async function fillPanIfAsked(page: Page): Promise<void> {
  // The PAN box follows the cart's total: asking before the cart has loaded saw no box, and
  // "Deliver Here" then stayed on the step for want of a PAN (a flake under load).
  await page.getByTestId('cart-total').first().waitFor();
  const pan = page.getByTestId('checkout-pan');
  if (await pan.isVisible()) await pan.getByRole('textbox').fill('ABCDE1234F');
}

/**
 * Fills the checkout's delivery address form from label → value; the state is a list, chosen
 * by its name.
 */
export async function fillAddress(form: Locator, address: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(address)) {
    const field = form.getByLabel(label, { exact: true });
    if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(value);
    else await field.fill(value);
  }
}
