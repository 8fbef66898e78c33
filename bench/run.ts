import { randomBytes } from 'node:crypto';
// `pnpm bench`: seeds a large catalogue into its own database, starts the real server as a
// child process and measures the hot storefront reads with autocannon. Prints a table of figures.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import {
  createDb,
  dropDatabase,
  ensureDatabase,
  migrateToLatest,
  seedBulkProducts,
  seedCatalogue,
} from '@kanak/db';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 3950);
const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbUrl = new URL(base);
dbUrl.pathname = '/kanak_bench';
const url = `http://127.0.0.1:${PORT}`;

async function prepareDatabase() {
  await dropDatabase(dbUrl.toString());
  await ensureDatabase(dbUrl.toString());
  const db = createDb(dbUrl.toString(), 4);
  const started = performance.now();
  await migrateToLatest(db);
  await seedCatalogue(db);
  await seedBulkProducts(db, PRODUCTS);
  await sql`ANALYZE`.execute(db);
  const seconds = (performance.now() - started) / 1000;
  await db.destroy();
  console.log(
    `seeded ${PRODUCTS + 340} products in ${seconds.toFixed(1)} s (${Math.round(PRODUCTS / seconds)} products/s)`,
  );
}

async function startServer() {
  const child = spawn('tsx', ['server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl.toString(),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Production refuses development secrets and the sandbox without an opt-in.
      JWT_SECRET: randomBytes(32).toString('hex'),
      PAYMENT_SANDBOX_SECRET: randomBytes(32).toString('hex'),
      ALLOW_SANDBOX_PAYMENTS: 'true',
      QUEUE_PREFIX: 'bench',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('server did not start');
}

const trpcInput = (input: unknown) => encodeURIComponent(JSON.stringify(input));

async function firstProductId(): Promise<string> {
  const page = (await (await fetch(`${url}/api/products?pageSize=1`)).json()) as {
    content: { _id: string }[];
  };
  return page.content[0]!._id;
}

async function measure(name: string, path: string) {
  const status = (await fetch(`${url}${path}`)).status;
  if (status !== 200)
    return { name, 'req/s': '—', 'p50 ms': '—', 'p99 ms': '—', note: `HTTP ${status}, skipped` };
  const result = await autocannon({
    url: `${url}${path}`,
    connections: CONNECTIONS,
    duration: DURATION,
  });
  return {
    name,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    note: result.non2xx ? `${result.non2xx} non-2xx` : '',
  };
}

await prepareDatabase();
const server = await startServer();
try {
  const id = await firstProductId();
  const scenarios: [string, string][] = [
    ['health (PostgreSQL + Redis ping)', '/api/health'],
    ['tRPC trivial ping (ceiling)', '/trpc/ping'],
    ['REST listing, all, page 1', '/api/products'],
    [
      'REST listing, ring + 2 colours, desc, page 3',
      '/api/products?category=ring&color=rose,white&sort=high_to_low&pageNumber=3',
    ],
    [
      'REST listing, gold + bridal + price/discount',
      '/api/products?type=gold&occasion=bridal&minPrice=10000&maxPrice=200000&minDiscount=10&maxDiscount=40',
    ],
    ['REST listing, deep page 200', '/api/products?pageNumber=200'],
    ['tRPC catalog.list, ring', `/trpc/catalog.list?input=${trpcInput({ category: 'ring' })}`],
    ['REST product detail', `/api/products/id/${id}`],
    ['REST search "gold ring"', '/api/products/search?q=gold%20ring'],
    ['REST search prefix "ear"', '/api/products/search?q=ear'],
  ];
  const rows = [];
  for (const [name, path] of scenarios) rows.push(await measure(name, path));
  console.log(
    `\n${PRODUCTS + 340} products, ${CONNECTIONS} connections, ${DURATION} s per scenario, 2 cores shared by server and load generator`,
  );
  console.table(rows);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await dropDatabase(dbUrl.toString());
}
