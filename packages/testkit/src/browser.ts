import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags this closed network needs (no background calls home, no sandbox as root). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Debian's Chromium, headless. Its pages prefer reduced motion unless a context asks otherwise
 * (`reducedMotion: 'no-preference'`): the home page's hero fades every second, and painting that
 * without a GPU kept a third of a core busy per open home page (3.1 s of CPU in 10 s idle against
 * 0.2 s), which two walks at once on two cores could not spare.
 */
export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options) => newContext({ reducedMotion: 'reduce', ...options });
  browser.newPage = (options) => newPage({ reducedMotion: 'reduce', ...options });
  return browser;
}

/** Where a failed browser test leaves its pages' screenshots (ignored by git). */
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../../web/e2e/screenshots');

type Prepare = (page: Page) => Promise<void>;

/** The name each page was last given, per test: one failure screenshot per page. */
const watched = new WeakMap<Page, { test: string | undefined; name: string; prepare?: Prepare }>();

/**
 * Names what `page` shows at this point of the running test. Nothing is written while the test
 * passes; if it fails, the page as it is then is saved (full page) to
 * web/e2e/screenshots/<the last name given>.png, for the person reading the failure; `prepare`
 * runs first then (for example fitAdminPane).
 */
export async function screenshotOnFailure(
  page: Page,
  name: string,
  prepare?: Prepare,
): Promise<void> {
  // Loaded here, not at the top: the bench and the mail preview import this module outside vitest.
  const { expect, onTestFailed } = await import('vitest');
  const test = expect.getState().currentTestName;
  const seen = watched.get(page);
  if (seen && seen.test === test) {
    Object.assign(seen, { name, prepare });
    return;
  }
  const entry = { test, name, prepare };
  watched.set(page, entry);
  onTestFailed(async () => {
    if (page.isClosed()) return;
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const file = path.join(SCREENSHOT_DIR, `${entry.name}.png`);
    await (entry.prepare?.(page) ?? Promise.resolve())
      .then(() => page.screenshot({ path: file, fullPage: true, timeout: 15_000 }))
      .then(
        () => console.info(`screenshot of the failed test's page: ${file}`),
        (error: Error) => console.info(`no screenshot of ${entry.name}: ${error.message}`),
      );
  });
}

/** The admin content scrolls inside its own pane: grows the viewport to hold all of it. */
export async function fitAdminPane(page: Page): Promise<void> {
  const viewport = page.viewportSize();
  if (!viewport) return;
  // As text: this module is also compiled without the DOM's types (the server's tests).
  const height = Number(
    await page.evaluate("document.querySelector('[data-admin-scroll]')?.scrollHeight ?? 0"),
  );
  await page.setViewportSize({
    width: viewport.width,
    height: Math.min(Math.max(height, viewport.height), 5000),
  });
}

/** Collects console errors and failed page loads so a test can assert there were none. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * How long a walk's server waits for the worker's outcome before answering a move or a payment
 * (ORDER_WAIT_MS, at most 60 s). An answer comes as soon as the worker records it, so this only
 * matters on a loaded machine: with two walks at once, 5 or 10 s left a payment unconfirmed.
 */
export const WALK_ORDER_WAIT_MS = 60_000;

/**
 * The page's localStorage item, read with a bound. An evaluate sent while the page reloads can
 * wait for the next document forever; this one gives up after `ms` and throws, so the
 * expect.poll around it asks again instead of hanging the test.
 */
export async function storedItem(page: Page, key: string, ms = 5_000): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`localStorage read took over ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([page.evaluate((k) => localStorage.getItem(k), key), bound]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Closes a browser context with a bound. Chromium's close of a context whose page had just
 * reloaded once never answered (a walk timed out after all its checks had passed, its renderer
 * still running); such a context is left to browser.close() at the end of the file, and the
 * log says which pages it held.
 */
export async function closeContext(context: BrowserContext, ms = 15_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<'hung'>((resolve) => {
    timer = setTimeout(() => resolve('hung'), ms);
  });
  try {
    const outcome = await Promise.race([context.close(), hung]);
    if (outcome === 'hung')
      console.warn(
        `a browser context did not close in ${ms} ms; left to browser.close(): ${context
          .pages()
          .map((page) => page.url())
          .join(', ')}`,
      );
  } finally {
    clearTimeout(timer);
  }
}
