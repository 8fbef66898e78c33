// `pnpm tsx bench/page-ttfb.ts [checkout…]`: time to first byte and to the last byte of uncached
// server-rendered product pages (PAGE_CACHE_MB=0: every request renders), one server per checkout
// (each built with `pnpm build`, run from source under tsx), all on one seeded database and asked
// in turn, request by request, so they share the machine's minutes. Sequential requests, brotli,
// a new connection each. Pass one asks each product once (the read cache is cold: the page's data
// comes from PostgreSQL); pass two asks them again (read cache warm: the render alone). Prints
// p50/p99 per checkout and pass. Nothing is asserted.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDb, dropDatabase, ensureDatabase, migrateToLatest } from '@kanak/db';
import { seedDemoShop } from '@kanak/core/seed';
import { BENCH_PRODUCTION_ENV } from './production-env';
import { waitFor } from './wait-for';

const PAGES = Number(process.env.BENCH_PAGES ?? 50);
const checkouts = process.argv.slice(2).length
  ? process.argv.slice(2).map((dir) => path.resolve(dir))
  : [path.resolve(import.meta.dirname, '..')];
const pg = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const dbUrl = new URL(pg);
dbUrl.pathname = `/kanak_bench_ttfb_${process.pid}`;

async function startServer(root: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl.toString(),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('hex'),
      PAYMENT_SANDBOX_SECRET: randomBytes(32).toString('hex'),
      ALLOW_SANDBOX_PAYMENTS: 'true',
      ...BENCH_PRODUCTION_ENV,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      QUEUE_PREFIX: `benchttfb${port}`,
      PAGE_CACHE_MB: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${port}/api/health`, child, 300);
  return child;
}

/** Milliseconds to the first byte of the body and to its end. */
function timed(url: string) {
  return new Promise<{ first: number; last: number; text: boolean }>((resolve, reject) => {
    const start = performance.now();
    let first = 0;
    http
      .get(url, { headers: { 'accept-encoding': 'br' }, agent: false }, (response) => {
        response.on('data', () => {
          first ||= performance.now() - start;
        });
        response.on('end', () =>
          resolve({
            first,
            last: performance.now() - start,
            text: response.headers['content-type']?.startsWith('text/html') ?? false,
          }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (value: number) => `${value.toFixed(0)} ms`;

await ensureDatabase(dbUrl.toString());
const db = createDb(dbUrl.toString(), 2);
await migrateToLatest(db);
await seedDemoShop(db);
await db.destroy();

const servers: ChildProcess[] = [];
try {
  const bases: string[] = [];
  for (const [i, root] of checkouts.entries()) {
    const port = 47_310 + i;
    servers.push(await startServer(root, port));
    bases.push(`http://127.0.0.1:${port}`);
  }
  const list = (await (await fetch(`${bases[0]}/api/products?pageSize=${PAGES}`)).json()) as {
    content: { _id: string }[];
  };
  const ids = list.content.map((p) => p._id);
  // One page each first (module loading, the first render's warm-up), not counted.
  for (const base of bases) await timed(`${base}/pages/about`);
  console.log(`${ids.length} product pages per pass, sequential, PAGE_CACHE_MB=0, brotli`);
  console.log('| checkout | pass | TTFB p50 | TTFB p99 | last byte p50 | last byte p99 |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const pass of ['cold read cache', 'warm read cache']) {
    const figures = bases.map(() => ({ first: [] as number[], last: [] as number[] }));
    for (const id of ids)
      for (const [i, base] of bases.entries()) {
        const answer = await timed(`${base}/product/${id}`);
        if (!answer.text) throw new Error(`${base}/product/${id}: not HTML`);
        figures[i]!.first.push(answer.first);
        figures[i]!.last.push(answer.last);
      }
    for (const [i, root] of checkouts.entries()) {
      const { first, last } = figures[i]!;
      console.log(
        `| ${path.basename(root)} | ${pass} | ${ms(percentile(first, 50))} | ${ms(percentile(first, 99))} | ${ms(percentile(last, 50))} | ${ms(percentile(last, 99))} |`,
      );
    }
  }
} finally {
  for (const server of servers) server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1000));
  await dropDatabase(dbUrl.toString());
}
