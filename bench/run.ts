// `pnpm bench`: seeds a large catalogue and customers into its own database, starts the real
// server as a child process and measures the storefront's reads with autocannon, then the order
// pipeline's throughput (worker-throughput.ts), the import, the web in Chromium and Lighthouse,
// and the click-before-hydration walk, each figure printed beside a ceiling measured in the same
// run (this machine is shared and noisy: ratios hold, absolute numbers drift), then the issue's
// goals as one table (goals.ts). BENCH_LOAD=<n> runs it all beside n CPU-burning processes.
// Writes bench/results.json. Nothing here is asserted: targets are printed.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import {
  createDb,
  dropDatabase,
  ensureDatabase,
  migrateToLatest,
  seedAccounts,
  seedBulkCustomers,
  seedBulkProducts,
  SEED_ACCOUNTS,
} from '@kanak/db';
import { seedDemoShop } from '@kanak/core/seed';
import { COLORS, OCCASIONS, LISTING_TYPES, SORT_VALUES } from '@kanak/shared';
import { BENCH_PRODUCTION_ENV, PRODUCTION_MEMORY_ENV } from './production-env';
import { productionServer, type ServerCommand } from './production-bundle';
import type { Row } from './row';
import { LIGHTHOUSE_RUNS, runLighthouse, type LighthouseFigures } from './lighthouse';
import { measureWeb, WEB_LOADS, type WebFigures } from './web';
import { workerThroughput, type WorkerThroughput } from './worker-throughput';
import { repricingRows } from './repricing';
import { catalogueImport } from './catalogue-import';
import { CLICK_RUNS, measureClicks, type ClickFigures } from './clicks';
import { goals, type HttpFigure, type HttpKey } from './goals';
import { startCpuLoad } from './load';
import { kill, track } from './children';
import { sampleRss } from './rss';
import { firstLoads, type FirstLoad } from '../web/src/first-load';
import { waitFor } from './wait-for';
import { benchCount, reducedCounts } from './counts';

const PRODUCTS = benchCount('BENCH_PRODUCTS', 100_000);
const CUSTOMERS = benchCount('BENCH_CUSTOMERS', 5000);
const DURATION = benchCount('BENCH_SECONDS', 5);
const CONNECTIONS = benchCount('BENCH_CONNECTIONS', 50);
const PORT = Number(process.env.BENCH_PORT ?? 3950);
const ALL_PARTS = ['http', 'worker', 'repricing', 'import', 'export', 'web', 'clicks'];
/** Parts to run (comma-separated, of ALL_PARTS); all by default. */
const ONLY = new Set(
  (process.env.BENCH_ONLY ?? ALL_PARTS.join(',')).split(',').map((p) => p.trim()),
);
/** BENCH_LOAD=<n>: n CPU-burning processes beside the whole run (a loaded machine). */
const LOAD = Number(process.env.BENCH_LOAD ?? 0);
/** BENCH_MEMORY=node-defaults: server and worker without the image's memory settings (A/B). */
const MEMORY_ENV = process.env.BENCH_MEMORY === 'node-defaults' ? {} : PRODUCTION_MEMORY_ENV;
const root = path.resolve(import.meta.dirname, '..');
const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbUrl = new URL(base);
dbUrl.pathname = `/${process.env.BENCH_DB ?? 'kanak_bench'}`;

/** BENCH_REUSE_DB=1: a database a previous run seeded and kept (BENCH_KEEP_DB=1) is used again. */
const REUSE = process.env.BENCH_REUSE_DB === '1';
const KEEP = process.env.BENCH_KEEP_DB === '1' || REUSE;

async function prepareDatabase() {
  if (REUSE) {
    const db = createDb(dbUrl.toString(), 2);
    try {
      const rows = await db
        .selectFrom('products')
        .select('id')
        .orderBy(sql`random()`)
        .limit(1000)
        .execute();
      if (rows.length === 1000) return rows.map((r) => r.id);
    } catch {
      // Not there: seeded below.
    } finally {
      await db.destroy();
    }
  }
  if (!KEEP) await dropDatabase(dbUrl.toString());
  await ensureDatabase(dbUrl.toString());
  const db = createDb(dbUrl.toString(), 4);
  const started = performance.now();
  await migrateToLatest(db);
  await seedDemoShop(db);
  await seedAccounts(db);
  await seedBulkProducts(db, PRODUCTS, (done) => {
    if (done % 20_000 === 0) console.log(`  seeded ${done} products`);
  });
  const customersAt = performance.now();
  const { orders } = await seedBulkCustomers(db, CUSTOMERS);
  console.log(
    `  seeded ${CUSTOMERS} customers with carts and ${orders} orders in ${((performance.now() - customersAt) / 1000).toFixed(1)} s`,
  );
  await sql`VACUUM ANALYZE`.execute(db);
  const seconds = (performance.now() - started) / 1000;
  const ids = (
    await db
      .selectFrom('products')
      .select('id')
      .orderBy(sql`random()`)
      .limit(1000)
      .execute()
  ).map((r) => r.id);
  await db.destroy();
  console.log(
    `seeded ${PRODUCTS + 340} products and ${CUSTOMERS} customers in ${seconds.toFixed(1)} s`,
  );
  return ids;
}

/** Made once, when the first server starts (after the web is built). */
let serverCommand: ServerCommand | undefined;

/**
 * What the server and the worker of the server at `port` both run with: production, its memory
 * settings, and the sandbox opted in (production refuses development secrets and the sandbox
 * without an opt-in).
 */
const productionEnv = (port: number) => ({
  ...process.env,
  DATABASE_URL: dbUrl.toString(),
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  PAYMENT_SANDBOX_SECRET: randomBytes(32).toString('hex'),
  ALLOW_SANDBOX_PAYMENTS: 'true',
  ...BENCH_PRODUCTION_ENV,
  ...MEMORY_ENV,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  QUEUE_PREFIX: queuePrefix(port),
});

/** waitFor, and the child killed when it never answers (its caller gets no child to stop). */
async function waitForOrKill(url: string, child: ChildProcess) {
  try {
    await waitFor(url, child);
  } catch (error) {
    kill(child);
    throw error;
  }
}

async function startServer(port: number, env: Record<string, string> = {}) {
  serverCommand ??= productionServer(root);
  // node itself (not a wrapper), so the sampled pid is the server's.
  const child = track(
    spawn(process.execPath, serverCommand.args, {
      cwd: serverCommand.cwd,
      env: {
        ...productionEnv(port),
        PORT: String(port),
        HOST: '127.0.0.1',
        JWT_SECRET: randomBytes(32).toString('hex'),
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    }),
  );
  await waitForOrKill(`http://127.0.0.1:${port}/api/health`, child);
  return child;
}

/**
 * Queues of this run only: job ids come from outbox ids, which restart with each seeded database,
 * and a completed job kept in Redis from an earlier run under the same id made the new one a
 * no-op (an import that never applied).
 */
const RUN_ID = randomBytes(4).toString('hex');
const queuePrefix = (port: number) => `bench${port}-${RUN_ID}`;

/**
 * The production worker from the same build, on the queues of the server at `port`; `env`
 * overrides (the worker-throughput part's own queues and sandbox secret).
 */
function startWorker(port: number, env: Record<string, string> = {}) {
  serverCommand ??= productionServer(root);
  return track(
    spawn(process.execPath, serverCommand.workerArgs, {
      cwd: serverCommand.cwd,
      env: {
        ...productionEnv(port),
        WORKER_METRICS_INTERVAL_MS: '0',
        // Only the job measured runs: no scheduled reconciliation meanwhile.
        RECONCILE_EVERY_MS: '0',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    }),
  );
}

/** The ceiling: bare Fastify answering a constant 2 kB JSON, nothing else. */
async function startBareFastify(port: number) {
  const script = `
    const app = require('fastify')();
    const body = JSON.stringify({ items: Array.from({ length: 40 }, (_, i) => ({ id: i, name: 'item-' + i, price: 1000 + i })) });
    app.get('/', (req, reply) => reply.type('application/json').send(body));
    app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = track(
    spawn(process.execPath, ['-e', script], {
      cwd: path.join(root, 'server'),
      stdio: ['ignore', 'inherit', 'inherit'],
    }),
  );
  await waitForOrKill(`http://127.0.0.1:${port}/`, child);
  return child;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

interface Load {
  paths: string[];
  headers?: Record<string, string>;
  /** Reads every path once first: the figure is then the warm cache's, not its first pass. */
  warm?: boolean;
}

/** autocannon over `paths` in turn (so a one-entry cache cannot flatter the figure). */
async function run(origin: string, load: Load) {
  const first = await fetch(`${origin}${load.paths[0]}`, { headers: load.headers });
  if (first.status !== 200) return { error: `HTTP ${first.status} on ${load.paths[0]}` };
  if (load.warm)
    for (let i = 0; i < load.paths.length; i += 20)
      await Promise.all(
        load.paths.slice(i, i + 20).map((p) => fetch(`${origin}${p}`).then((r) => r.arrayBuffer())),
      );
  let next = 0;
  const result = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { 'accept-encoding': 'br, gzip', ...load.headers },
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          path: load.paths[next++ % load.paths.length]!,
        }),
      },
    ],
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

const trpcPath = (procedure: string, input: unknown) =>
  `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`;
/** As the web's httpBatchLink asks: a batch (here of one). */
const trpcBatchPath = (procedure: string, input: unknown) =>
  `/trpc/${procedure}?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: input }))}`;

/** 200 listing filter combinations the storefront sends (category, colours, sort, page…). */
function listingCombinations(): string[] {
  const categories = ['ring', 'necklace', 'earring', 'bangle', 'chain', 'pendant', 'bracelet'];
  const paths: string[] = [];
  for (let i = 0; paths.length < 200; i++) {
    const q = new URLSearchParams();
    if (i % 5 !== 4) q.set('category', categories[i % categories.length]!);
    if (i % 3 === 0) q.set('color', COLORS[i % COLORS.length]!);
    if (i % 4 === 1) q.set('occasion', OCCASIONS[i % OCCASIONS.length]!);
    if (i % 6 === 2) q.set('type', LISTING_TYPES[i % LISTING_TYPES.length]!);
    if (i % 7 === 3) {
      q.set('minPrice', String(5000 * (i % 5)));
      q.set('maxPrice', String(50_000 + 10_000 * (i % 9)));
    }
    q.set('sort', SORT_VALUES[i % 2]!);
    q.set('pageNumber', String(1 + (i % 4)));
    paths.push(`/api/products?${q}`);
  }
  return paths;
}

/**
 * Listings whose facet counts are not shared: each has a price range of its own, the
 * key of the facets' grouped scan, so a path is a miss of that scan the first time it is asked
 * (2,000 of them: a 5-second run rarely asks one twice).
 */
function facetCombinations(): string[] {
  const categories = ['ring', 'necklace', 'earring', 'bangle', 'chain', 'pendant', 'bracelet'];
  return Array.from({ length: 2000 }, (_, i) => {
    const q = new URLSearchParams({
      category: categories[i % categories.length]!,
      minPrice: String(1000 + 7 * i),
      maxPrice: String(150_000 + 13 * i),
    });
    if (i % 3 === 0) q.set('color', COLORS[i % COLORS.length]!);
    return `/api/products?${q}`;
  });
}

const SEARCHES = [
  'gold ring',
  'ear',
  'neklace',
  'diamond',
  'braclet',
  'rose gold',
  'jhumka',
  'bangle',
  'chain',
  'pendant',
  'platinum band',
  'silver',
  'earing',
  'mangal sutra',
  'stud',
  'drop',
  'bridal',
  'white gold ring',
  'gemstone',
  'nose pin',
  'kada',
  'anklet',
  'diamnd',
  'solitaire',
  'hoop',
  'emerald',
  'ruby',
  'couple ring',
  'office wear',
  'g',
].map((q) => `/api/products/search?q=${encodeURIComponent(q)}`);

function row(
  scenario: string,
  m: Awaited<ReturnType<typeof run>>,
  ceiling: { name: string; rps: number } | null,
  target: string,
): Row {
  if ('error' in m)
    return {
      scenario,
      'req/s': '—',
      'p50 ms': '—',
      'p99 ms': '—',
      ceiling: '',
      target,
      note: m.error!,
    };
  return {
    scenario,
    'req/s': m.rps,
    'p50 ms': m.p50,
    'p99 ms': m.p99,
    ceiling: ceiling ? `${((100 * m.rps) / ceiling.rps).toFixed(1)}% of ${ceiling.name}` : '',
    target,
    note: m.non2xx ? `${m.non2xx} non-2xx` : '',
  };
}

async function customerToken(origin: string, productId: string) {
  const login = await fetch(`${origin}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(SEED_ACCOUNTS.customer),
  });
  const { jwt } = (await login.json()) as { jwt: string };
  const product = (await (await fetch(`${origin}/api/products/id/${productId}`)).json()) as {
    sizes: { weight: string; stock: number }[];
  };
  const size = product.sizes.find((s) => s.stock > 0);
  if (size)
    await fetch(`${origin}/api/cart/add`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
      body: JSON.stringify({ productId, weight: size.weight }),
    });
  return jwt;
}

const loadAverage = () => Math.round(os.loadavg()[0]! * 100) / 100;
const loadBefore = loadAverage();
const load = LOAD > 0 ? startCpuLoad(LOAD) : null;
if (load)
  console.log(
    `BENCH_LOAD=${LOAD}: ${LOAD} CPU-burning processes (pids ${load.pids.join(', ')}) for the whole run; load average ${loadBefore} before`,
  );
const startedAt = new Date();
/** The parts that read the seeded catalogue (the clicks walk has a database of its own). */
const needsCatalogue = ALL_PARTS.some((part) => part !== 'clicks' && ONLY.has(part));
const ids = needsCatalogue ? await prepareDatabase() : [];
const rows: Row[] = [];
const memory: Record<string, number> = {};
/** What the goals read (goals.ts): autocannon figures by scenario, and each part's figures. */
const http: Partial<Record<HttpKey, HttpFigure>> = {};
let worker: WorkerThroughput | null = null;
let importWorkerPeakMb: number | null = null;
let importState: string | null = null;
let clicks: ClickFigures | null = null;
let firstLoad: FirstLoad[] | null = null;
const listings = listingCombinations();
const details = ids.map((id) => `/api/products/id/${id}`);
const similar = ids.map((id) => `/api/products/id/${id}/similar`);

const BARE_PORT = Number(process.env.BENCH_BARE_PORT ?? PORT + 10);
// The built web is what the server serves and renders (web/dist, web/dist-ssr) and what the clicks
// walk loads: built first if it is missing.
if (!existsSync(path.join(root, 'web/dist-ssr')) || !existsSync(path.join(root, 'web/dist')))
  spawnSync('pnpm', ['build'], { cwd: root, stdio: 'inherit' });

let bareCeiling: { name: string; rps: number } = { name: 'bare Fastify', rps: 0 };
if (ONLY.has('http')) {
  const bare = await startBareFastify(BARE_PORT);
  try {
    const m = await run(`http://127.0.0.1:${BARE_PORT}`, { paths: ['/'] });
    http.bare = m;
    if ('error' in m) throw new Error(m.error);
    bareCeiling = { name: 'bare Fastify', rps: m.rps };
    rows.push(row('bare Fastify, constant 2 kB JSON (ceiling)', m, null, ''));
  } finally {
    await stop(bare);
  }
}

for (const cache of ONLY.has('http') ? (['on', 'off'] as const) : []) {
  const port = cache === 'on' ? PORT : PORT + 1;
  // Uncached: neither the read cache nor the page cache (every product page is rendered).
  const server = await startServer(
    port,
    cache === 'off' ? { CATALOG_CACHE_MB: '0', PAGE_CACHE_MB: '0' } : {},
  );
  const rss = sampleRss(server);
  const origin = `http://127.0.0.1:${port}`;
  /** A scenario, kept for the goals under `key` (cache on, or the named uncached ones). */
  const measure = async (scenario: Load, key?: { on?: HttpKey; off?: HttpKey }) => {
    const m = await run(origin, scenario);
    const as = key?.[cache];
    if (as) http[as] = m;
    return m;
  };
  try {
    const ping = await measure({ paths: ['/trpc/ping'] }, { on: 'ping' });
    const pingCeiling = 'error' in ping ? null : { name: 'tRPC ping', rps: ping.rps };
    const tag = `cache ${cache}`;
    rows.push(row(`tRPC trivial query (${tag})`, ping, bareCeiling, '≥30% of bare'));
    const fixed: Array<[string, string, HttpKey | undefined]> = [
      ['listing, page 1', '/api/products', 'listing'],
      [
        'listing ring + 2 colours, desc, page 3',
        '/api/products?category=ring&color=rose&color=white&sort=high_to_low&pageNumber=3',
        'listing filtered',
      ],
      ['listing deep page 200', '/api/products?pageNumber=200', undefined],
    ];
    for (const [name, p, key] of fixed)
      rows.push(
        row(
          `${name} (${tag})`,
          await measure({ paths: [p] }, { on: key }),
          bareCeiling,
          key && cache === 'on' ? '≥30% of bare' : '',
        ),
      );
    const warmTarget = cache === 'on' ? '≥30% of bare, p99 ≤ 20 ms' : '';
    rows.push(
      row(
        `listing, 200 rotating filters (${tag})`,
        await measure({ paths: listings, warm: cache === 'on' }, { on: 'listing rotating' }),
        bareCeiling,
        cache === 'on' ? warmTarget : 'p99 ≤ 30 ms',
      ),
    );
    rows.push(
      row(
        `listing with facet counts, 2,000 price ranges, counts not shared (${tag})`,
        await measure(
          { paths: facetCombinations(), warm: cache === 'on' },
          { on: 'listing facets' },
        ),
        bareCeiling,
        cache === 'on' ? '≥30% of bare' : 'p99 ≤ 60 ms',
      ),
    );
    const list = await measure(
      { paths: [trpcPath('catalog.list', { category: 'ring' })] },
      { on: 'catalog.list' },
    );
    const listRow = row(
      `tRPC catalog.list ring (${tag})`,
      list,
      cache === 'on' ? bareCeiling : pingCeiling,
      cache === 'on' ? '≥30% of bare, ≥70% of tRPC ping, p99 ≤ 20 ms' : '',
    );
    // The goal's own ceiling beside the bare one: the same server's trivial tRPC query.
    if (cache === 'on' && pingCeiling && !('error' in list))
      listRow.ceiling += `, ${((100 * list.rps) / pingCeiling.rps).toFixed(1)}% of tRPC ping`;
    rows.push(listRow);
    rows.push(
      row(
        `tRPC catalog.byId batched, 1,000 rotating ids (${tag})`,
        await measure({
          paths: ids.map((id) => trpcBatchPath('catalog.byId', { productId: id })),
          warm: cache === 'on',
        }),
        cache === 'on' ? bareCeiling : pingCeiling,
        cache === 'on' ? '≥30% of bare, p99 ≤ 20 ms' : '',
      ),
    );
    for (const [name, paths] of [
      ['product detail', details],
      ['similar products', similar],
    ] as const)
      rows.push(
        row(
          `${name}, 1,000 rotating ids (${tag})`,
          await measure(
            { paths, warm: cache === 'on' },
            name === 'product detail' ? { on: 'detail', off: 'uncached detail' } : undefined,
          ),
          bareCeiling,
          cache === 'on'
            ? warmTarget
            : name === 'product detail'
              ? '≥3,000 req/s or ≥10% of bare, p99 ≤ 30 ms'
              : '',
        ),
      );
    rows.push(
      row(
        `product page HTML (server-rendered), 1,000 rotating ids (${tag})`,
        await measure(
          {
            paths: ids.map((id) => `/product/${id}`),
            headers: { accept: 'text/html' },
            warm: cache === 'on',
          },
          { off: 'uncached page' },
        ),
        bareCeiling,
        cache === 'on' ? '≥30% of bare' : 'p99 ≤ 100 ms',
      ),
    );
    rows.push(
      row(
        `search, 30 rotating queries with typos (${tag})`,
        await measure({ paths: SEARCHES }, { on: 'search' }),
        bareCeiling,
        cache === 'off' ? 'p99 ≤ 50 ms' : '≥30% of bare',
      ),
    );
    const token = await customerToken(origin, ids[0]!);
    rows.push(
      row(
        `cart of a logged-in customer (${tag})`,
        await run(origin, { paths: ['/api/cart'], headers: { authorization: `Bearer ${token}` } }),
        bareCeiling,
        '',
      ),
    );
  } finally {
    rss.stop();
    memory[`server RSS peak, cache ${cache} (MB)`] = rss.peakMb();
    await stop(server);
  }
}

if (ONLY.has('worker')) {
  worker = await workerThroughput(root, dbUrl.toString(), (env) => startWorker(PORT, env));
  rows.push(...worker.rows);
  if (worker.confirmations)
    memory['worker RSS peak, confirmations (MB)'] = worker.confirmations.workerPeakMb;
}
if (ONLY.has('repricing')) rows.push(...(await repricingRows(dbUrl.toString())));
if (ONLY.has('import') || ONLY.has('export')) {
  const imported = await catalogueImport(
    dbUrl.toString(),
    { importing: ONLY.has('import'), exporting: ONLY.has('export') },
    { startServer, startWorker, sampleRss, stop },
    PORT + 3,
  );
  rows.push(...imported.rows);
  importWorkerPeakMb = imported.workerPeakMb;
  importState = imported.state;
  if (importWorkerPeakMb !== null) memory['worker RSS peak, import (MB)'] = importWorkerPeakMb;
}

// The web as a phone on slow 4G sees it, then Lighthouse, against the cached server over the
// same catalogue; and the first-load JS of each page, summed from the build's manifest.
let web: WebFigures[] = [];
let lighthouse: LighthouseFigures[] = [];
const webSkipped = process.env.BENCH_WEB === '0' || !ONLY.has('web');
if (!webSkipped) {
  firstLoad = firstLoads(path.join(root, 'web/dist'));
  const server = await startServer(PORT + 2);
  const origin = `http://127.0.0.1:${PORT + 2}`;
  try {
    const login = await fetch(`${origin}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(SEED_ACCOUNTS.admin),
    });
    // Without a session /admin is the login screen: measured as the dashboard it would flatter it.
    const session = login.ok ? ((await login.json()) as { jwt?: unknown }) : null;
    if (!session || typeof session.jwt !== 'string' || !session.jwt)
      throw new Error(
        `admin login for the dashboard's cold loads failed: HTTP ${login.status}${session ? ', no jwt' : ''}`,
      );
    const jwt = session.jwt;
    const pages = [
      { name: 'home', path: '/', lcpTargetMs: 2000 },
      { name: 'listing (rings)', path: '/all-jewellery/category/ring', lcpTargetMs: 2000 },
      { name: 'product', path: `/product/${ids[0]}`, lcpTargetMs: 2000 },
    ];
    web = await measureWeb(origin, [
      ...pages,
      {
        name: 'admin dashboard',
        path: '/admin',
        lcpTargetMs: 2500,
        token: jwt,
        // Only the dashboard has it, once its data came (the spec's 10 recent products).
        readySelector: '[data-testid="recent-products"]',
      },
    ]);
    lighthouse = await runLighthouse(origin, pages);
  } finally {
    await stop(server);
  }
}

// Last: each run is a vitest process with its own database, server and browser.
if (ONLY.has('clicks')) clicks = await measureClicks(root);

const loadAfter = loadAverage();
load?.stop();
const loadLine = `${load ? `loaded: BENCH_LOAD=${LOAD} CPU-burning processes` : 'quiet: BENCH_LOAD=0'}; load average ${loadBefore} before, ${loadAfter} at the end`;
console.log(
  needsCatalogue
    ? `\n${PRODUCTS + 340} products, ${CUSTOMERS} customers, ${CONNECTIONS} connections, ${DURATION} s per scenario; server and load generator share this machine's cores; ${loadLine}`
    : `\n${loadLine}`,
);
if (rows.length) console.table(rows);
if (Object.keys(memory).length)
  console.table(
    Object.entries(memory).map(([what, mb]) => ({
      what,
      MB: mb,
      target: what.startsWith('worker') ? '≤ 150 MB' : '≤ 250 MB under load',
    })),
  );
if (webSkipped) console.log('Web and Lighthouse skipped (BENCH_WEB=0 or BENCH_ONLY).');
else {
  console.log(
    `\nWeb: Chromium, 4× CPU slowdown, slow 4G (150 ms, 1.6 Mbps), 412×823, median of ${WEB_LOADS} cold loads`,
  );
  console.table(web);
  console.log(
    `Lighthouse, mobile preset, ${LIGHTHOUSE_RUNS} runs per page (targets: performance ≥ 95 on each, the others 100)`,
  );
  console.table(
    lighthouse.map(({ failing, runs, ...scores }) => ({
      ...scores,
      runs: runs.map((r) => r ?? '—').join(', '),
      failing: failing.join(', '),
    })),
  );
}
const summary = goals({
  clicks,
  firstLoad,
  lighthouse: webSkipped ? null : lighthouse,
  web: webSkipped ? null : web,
  serverPeakMb: memory['server RSS peak, cache on (MB)'] ?? null,
  worker,
  importWorkerPeakMb,
  importState,
  http,
});
console.log(`\nGoals (${loadLine}${ONLY.has('clicks') ? `; clicks: ${CLICK_RUNS} runs` : ''})`);
console.table(summary);
serverCommand?.cleanup();
// A run of some parts (BENCH_ONLY) or with any count below its default (fewer products, runs,
// seconds…) writes beside the whole run's results, not over them, and a loaded run beside the
// quiet one.
const reduced = reducedCounts();
const whole = ALL_PARTS.every((part) => ONLY.has(part)) && !webSkipped && reduced.length === 0;
if (reduced.length) console.log(`Counts below their defaults: ${reduced.join(', ')}.`);
const resultsFile = !whole ? 'results-partial.json' : load ? 'results-loaded.json' : 'results.json';
writeFileSync(
  path.join(root, 'bench', resultsFile),
  `${JSON.stringify(
    {
      at: new Date().toISOString(),
      startedAt: startedAt.toISOString(),
      parts: ALL_PARTS.filter((part) => ONLY.has(part)),
      reducedCounts: reduced,
      load: {
        processes: LOAD,
        loadAverageBefore: loadBefore,
        loadAverageAfter: loadAfter,
        cores: os.availableParallelism(),
      },
      products: PRODUCTS + 340,
      customers: CUSTOMERS,
      connections: CONNECTIONS,
      seconds: DURATION,
      goals: summary,
      rows,
      memory,
      web,
      lighthouse,
      firstLoad: firstLoad?.map(({ page, files, gzipBytes, goal }) => ({
        page,
        files: files.length,
        gzipBytes,
        goal,
      })),
      clicks,
    },
    null,
    2,
  )}\n`,
);
console.log(`Written to bench/${resultsFile}.`);
if (!KEEP && needsCatalogue) await dropDatabase(dbUrl.toString());
