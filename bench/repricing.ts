// Repricing for `pnpm bench`: publishes a new gold rate over the bench's catalogue
// and runs the worker's repricing (core's runRepricing, the code the worker's job runs) in
// process, timing it; meanwhile shoppers' listing reads (core's listProducts, price-sorted and
// price-filtered) run in a loop and their p99 is reported beside the same reads' p99 before.
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import { createDb, type Database } from '@kanak/db';
import { currentRates, listProducts, publishRates, runRepricing } from '@kanak/core';
import { parseProductQuery } from '@kanak/shared';
import type { Row } from './row';

const QUERIES = [
  { sort: 'low_to_high', pageSize: 24 },
  { sort: 'high_to_low', pageSize: 24, minPrice: 20_000, maxPrice: 200_000 },
  { category: 'ring', pageSize: 24, sort: 'low_to_high' },
  { color: 'yellow', pageSize: 24, minPrice: 50_000 },
];

const p = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]! : 0;

/** Listing reads in a loop by `clients` callers until `stop()`; answers their latencies. */
function readListings(db: Kysely<Database>, clients: number) {
  let running = true;
  const times: number[] = [];
  const loops = Array.from({ length: clients }, async (_, c) => {
    for (let i = c; running; i++) {
      const started = performance.now();
      await listProducts(db, parseProductQuery(QUERIES[i % QUERIES.length]!));
      times.push(performance.now() - started);
    }
  });
  return async () => {
    running = false;
    await Promise.all(loops);
    return times.sort((a, b) => a - b);
  };
}

export async function repricingRows(dbUrl: string): Promise<Row[]> {
  const db = createDb(dbUrl, 8);
  try {
    const metal = await db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('pricing_basis', '=', 'metal')
      .executeTakeFirstOrThrow();
    const admin = await db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'ADMIN')
      .limit(1)
      .executeTakeFirstOrThrow();
    const stopBefore = readListings(db, 4);
    await new Promise((r) => setTimeout(r, 3000));
    const before = await stopBefore();

    const gold = (await currentRates(db)).rates.find(
      (r) => r.metal === 'gold' && r.purity === '916',
    );
    const next = Math.round((gold?.ratePerGram ?? 12_800) * 1.01 * 100) / 100;
    const stopDuring = readListings(db, 4);
    const started = performance.now();
    const published = await publishRates({ db, relay: { wake: () => {} } }, admin.id, {
      rates: [{ metal: 'gold', purity: '916', ratePerGram: next }],
    });
    const outcome = await runRepricing(db, Number(published.repricing.id));
    const seconds = (performance.now() - started) / 1000;
    const during = await stopDuring();
    console.log(
      `  repriced ${Number(metal.n)} metal-priced products (${outcome.repriced} changed) in ${seconds.toFixed(1)} s`,
    );
    const fmt = (ms: number) => Math.round(ms * 10) / 10;
    return [
      {
        scenario: `repricing ${Number(metal.n).toLocaleString('en-US')} metal-priced products`,
        'req/s': '',
        'p50 ms': '',
        'p99 ms': '',
        ceiling: '',
        target: '≤ 20 s for 100,000',
        note: `${seconds.toFixed(1)} s (${outcome.repriced} products changed price)`,
      },
      {
        scenario: 'listing reads (core) before repricing',
        'req/s': Math.round(before.length / 3),
        'p50 ms': fmt(p(before, 0.5)),
        'p99 ms': fmt(p(before, 0.99)),
        ceiling: '',
        target: '',
        note: '4 callers, price-sorted and price-filtered listings',
      },
      {
        scenario: 'listing reads (core) during repricing',
        'req/s': Math.round(during.length / seconds),
        'p50 ms': fmt(p(during, 0.5)),
        'p99 ms': fmt(p(during, 0.99)),
        ceiling: '',
        target: 'p99 within its usual figure',
        note: 'same reads, while the batches commit',
      },
    ];
  } finally {
    await db.destroy();
  }
}

// `tsx bench/repricing.ts <database url>`: this part alone, against a seeded catalogue.
if (process.argv[1]?.endsWith('repricing.ts') && process.argv[2]) {
  console.table(await repricingRows(process.argv[2]));
}
