// Catalogue import and export for `pnpm bench` (issue 32): a 10,000-row file of 3 sizes each is
// dry-run and applied (core's dryRunImport and runImportApply: the code the server's route and
// the worker's job run) in process, while shoppers' listing reads run (BENCH_ONLY=import); then
// the whole catalogue is exported as CSV (BENCH_ONLY=export). Times and this process's peak RSS
// are printed beside the targets.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import { createDb, type Database } from '@kanak/db';
import {
  catalogueCsv,
  dryRunImport,
  listProducts,
  localImageStore,
  runImportApply,
} from '@kanak/core';
import { catalogueColumns, parseProductQuery } from '@kanak/shared';
import type { Row } from './row';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);

const p99 = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]! : 0;
};

/** Listing reads by 2 callers until stopped; answers their latencies. */
function readListings(db: Kysely<Database>) {
  let running = true;
  const times: number[] = [];
  const loops = [0, 1].map(async (c) => {
    for (let i = c; running; i++) {
      const started = performance.now();
      await listProducts(
        db,
        parseProductQuery({ sort: 'low_to_high', pageSize: 24, pageNumber: i % 5 }),
      );
      times.push(performance.now() - started);
    }
  });
  return async () => {
    running = false;
    await Promise.all(loops);
    return times;
  };
}

/** Peak resident memory of this process while `work` runs. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ value: T; mb: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  try {
    const value = await work();
    return { value, mb: Math.round(peak / 1024 / 1024) };
  } finally {
    clearInterval(timer);
  }
}

export function importFile(rows: number, run: string): Buffer {
  const columns = catalogueColumns(3);
  const lines = [columns.join(',')];
  for (let i = 0; i < rows; i++) {
    const sku = `BENCH-${run}-${i}`;
    const metal = i % 2 === 0;
    const cells: Record<string, string> = {
      sku,
      title: `Bench Import Ring ${i}`,
      brand: 'Kanak',
      collection: 'new-arrival',
      category: 'gold > rings > ring',
      metal: 'gold',
      color: 'yellow',
      occasion: 'casual',
      description: 'A bench ring.',
      details: 'Hallmarked.',
      quantity: '1',
      pricing: metal ? 'metal' : 'fixed',
      price_metal: metal ? 'gold' : '',
      purity: metal ? '916' : '',
      making_kind: metal ? 'percent' : '',
      making_value: metal ? '12' : '',
      making_discount: metal ? '0' : '',
      stones_value: metal ? '0' : '',
      price: metal ? '' : '30000',
      discounted_price: metal ? '' : '28000',
      hallmark: '22K916',
      images: '/media/art/ring.svg',
    };
    for (let s = 1; s <= 3; s++) {
      cells[`size_${s}_sku`] = `${sku}-${s + 3}G`;
      cells[`size_${s}_weight`] = `${s + 3} g`;
      cells[`size_${s}_size`] = `${14 + s} MM`;
      cells[`size_${s}_net_weight`] = String(s + 2.5);
      cells[`size_${s}_stock`] = String(s);
    }
    lines.push(columns.map((c) => cells[c] ?? '').join(','));
  }
  return Buffer.from(lines.join('\r\n'));
}

/** The import (dry run and apply) and the export: each can be run alone (BENCH_ONLY). */
export async function catalogueImportRows(
  dbUrl: string,
  parts: { importing: boolean; exporting: boolean },
): Promise<Row[]> {
  const db = createDb(dbUrl, 8);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kanak-bench-import-'));
  try {
    const admin = await db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'ADMIN')
      .limit(1)
      .executeTakeFirstOrThrow();
    const fmt = (n: number) => Math.round(n * 10) / 10;
    const blank = { 'req/s': '', 'p50 ms': '', ceiling: '' };
    const rows: Row[] = [];
    if (parts.importing) {
      const stopBefore = readListings(db);
      await new Promise((r) => setTimeout(r, 3000));
      const before = p99(await stopBefore());

      const file = importFile(ROWS, Date.now().toString(36).toUpperCase());
      const stopDuring = readListings(db);
      let started = performance.now();
      const dry = await peakRss(() =>
        dryRunImport({ db, images: localImageStore(dir) }, admin.id, {
          fileName: 'bench.csv',
          file,
          images: null,
        }),
      );
      const drySeconds = (performance.now() - started) / 1000;
      started = performance.now();
      const applied = await peakRss(() => runImportApply(db, dry.value.id));
      const applySeconds = (performance.now() - started) / 1000;
      const during = p99(await stopDuring());
      console.log(
        `  import of ${ROWS} rows × 3 sizes: dry run ${drySeconds.toFixed(1)} s (${dry.value.summary.new} new, ${dry.value.summary.errors} refused), apply ${applySeconds.toFixed(1)} s (${applied.value.applied} applied, ${applied.value.state})`,
      );
      rows.push(
        {
          scenario: `import dry run, ${ROWS.toLocaleString('en-US')} rows × 3 sizes`,
          ...blank,
          'p99 ms': '',
          target: '≤ 15 s, RSS ≤ 300 MB',
          note: `${fmt(drySeconds)} s, peak RSS ${dry.mb} MB`,
        },
        {
          scenario: `import apply, ${ROWS.toLocaleString('en-US')} rows × 3 sizes`,
          ...blank,
          'p99 ms': fmt(during),
          target: '≤ 90 s, RSS ≤ 300 MB; listing p99 within 20 %',
          note: `${fmt(applySeconds)} s (${Math.round(ROWS / applySeconds)} rows/s), peak RSS ${applied.mb} MB; listing p99 ${fmt(before)} ms before, ${fmt(during)} ms during`,
        },
      );
    }

    if (parts.exporting) {
      const total = await db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const started = performance.now();
      const exported = await peakRss(async () => {
        let bytes = 0;
        for await (const chunk of await catalogueCsv(db, {})) bytes += (chunk as Buffer).length;
        return bytes;
      });
      const exportSeconds = (performance.now() - started) / 1000;
      rows.push({
        scenario: `export CSV, ${Number(total.n).toLocaleString('en-US')} products`,
        ...blank,
        'p99 ms': '',
        target: '100,000 in ≤ 60 s, constant memory',
        note: `${fmt(exportSeconds)} s, ${Math.round(exported.value / 1024 / 1024)} MB written, peak RSS ${exported.mb} MB`,
      });
    }
    return rows;
  } finally {
    await db.destroy();
    await rm(dir, { recursive: true, force: true });
  }
}
