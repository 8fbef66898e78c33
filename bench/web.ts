// The storefront as a phone on a slow network sees it: Chromium with 4× CPU slowdown and 'slow 4G'
// (150 ms round trip, 1.6 Mbps down, 750 kbps up, as Lighthouse's mobile preset), viewport
// 412×823, median of cold loads. Also usable alone: `tsx bench/web.ts http://127.0.0.1:3000`.
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '@kanak/testkit/browser';
import { benchCount } from './counts';

export interface WebPage {
  name: string;
  path: string;
  /** LCP target in ms (the admin dashboard has its own). */
  lcpTargetMs: number;
  /** Logs in through the storefront's API and keeps the token where the app reads it. */
  token?: string;
  /** Waited for after the load: present only on the page measured (not on a login screen). */
  readySelector?: string;
}

export interface WebFigures {
  page: string;
  'JS files': number;
  'JS gzip kB': number;
  'JS wire kB': number;
  'total wire kB': number;
  'LCP ms': number;
  CLS: number;
  target: string;
}

const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const VIEWPORT = { width: 412, height: 823 };
export const WEB_LOADS = benchCount('BENCH_WEB_LOADS', 3);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/** Where the app keeps its session (web/src/features/session/session.ts). */
const TOKEN_KEY = 'jwt';

async function coldLoad(origin: string, page: WebPage) {
  const browser = await launchBrowser();
  try {
    // A visitor as most are, with the hero's motion (launchBrowser's walks prefer less).
    const context = await browser.newContext({
      viewport: VIEWPORT,
      deviceScaleFactor: 2.625,
      reducedMotion: 'no-preference',
    });
    if (page.token)
      await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
        TOKEN_KEY,
        page.token,
      ] as const);
    // Observers registered before any script runs: LCP and layout shifts, with buffered entries.
    await context.addInitScript(() => {
      const w = window as unknown as { __lcp: number; __cls: number };
      w.__lcp = 0;
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[])
          if (!entry.hadRecentInput) w.__cls += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const types = new Map<string, string>();
    const wire = new Map<string, number>();
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
    cdp.on('Network.loadingFinished', (e) => wire.set(e.requestId, e.encodedDataLength));
    const scripts: Promise<number>[] = [];
    tab.on('response', (response) => {
      if (response.request().resourceType() === 'script')
        scripts.push(
          response.body().then(
            (body) => gzipSync(body, { level: 9 }).length,
            () => 0,
          ),
        );
    });
    await tab.goto(`${origin}${page.path}`, { waitUntil: 'networkidle', timeout: 120_000 });
    if (page.readySelector) await tab.waitForSelector(page.readySelector, { timeout: 60_000 });
    // LCP is final once the page is hidden or the user acts; a click on nothing ends it here.
    await tab.waitForTimeout(500);
    const { lcp, cls } = await tab.evaluate(() => {
      const w = window as unknown as { __lcp: number; __cls: number };
      return { lcp: w.__lcp, cls: w.__cls };
    });
    let jsWire = 0;
    let total = 0;
    for (const [id, bytes] of wire) {
      total += bytes;
      if (types.get(id) === 'Script') jsWire += bytes;
    }
    const gz = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
    return { jsFiles: scripts.length, gz, jsWire, total, lcp, cls };
  } finally {
    await browser.close();
  }
}

export async function measureWeb(origin: string, pages: WebPage[]): Promise<WebFigures[]> {
  const figures: WebFigures[] = [];
  for (const page of pages) {
    const loads: Awaited<ReturnType<typeof coldLoad>>[] = [];
    for (let i = 0; i < WEB_LOADS; i++) loads.push(await coldLoad(origin, page));
    const pick = (f: (l: (typeof loads)[number]) => number) => median(loads.map(f));
    figures.push({
      page: page.name,
      'JS files': pick((l) => l.jsFiles),
      'JS gzip kB': kb(pick((l) => l.gz)),
      'JS wire kB': kb(pick((l) => l.jsWire)),
      'total wire kB': kb(pick((l) => l.total)),
      'LCP ms': Math.round(pick((l) => l.lcp)),
      CLS: Math.round(pick((l) => l.cls) * 1000) / 1000,
      target:
        page.lcpTargetMs === 2000
          ? 'JS gzip ≤ 150 kB, wire ≤ 300 kB, LCP ≤ 2,000 ms, CLS ≤ 0.05'
          : `LCP ≤ ${page.lcpTargetMs.toLocaleString('en')} ms`,
    });
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const origin = process.argv[2] ?? 'http://127.0.0.1:3000';
  const productPath = process.argv[3] ?? '/';
  console.table(
    await measureWeb(origin, [
      { name: 'home', path: '/', lcpTargetMs: 2000 },
      { name: 'product', path: productPath, lcpTargetMs: 2000 },
    ]),
  );
}
