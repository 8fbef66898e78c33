// Catalogue import and export for `pnpm bench`. Import (BENCH_ONLY=import): a
// 10,000-row file of 3 sizes each is dry-run by the real server process (POST
// /api/admin/catalogue/imports?dryRun=true, as the admin page uploads it) and applied by the real
// worker process (POST …/{id}/apply, then GET …/{id} until it is applied or failed), while two
// shoppers read listings from the same server over HTTP; each process's RSS is sampled from
// /proc apart. Export (BENCH_ONLY=export): the whole catalogue as CSV, in this process. Times,
// peak RSS per process and listing p99 before and during are printed beside the targets.
import type { ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { createDb, SEED_ACCOUNTS } from '@kanak/db';
import { catalogueCsv } from '@kanak/core';
import { catalogueColumns } from '@kanak/shared';
import type { Row } from './row';
import { benchCount } from './counts';

const ROWS = benchCount('BENCH_IMPORT_ROWS', 10_000);
/** How long an apply may take before the bench gives up on it (well past the 90 s target). */
const APPLY_TIMEOUT_MS = Number(process.env.BENCH_IMPORT_TIMEOUT_MS ?? 15 * 60_000);

/** What run.ts starts and samples: the production server and worker, as it runs them. */
export interface BenchProcesses {
  startServer(port: number): Promise<ChildProcess>;
  /** A worker on the queues of the server at `port` (its QUEUE_PREFIX). */
  startWorker(port: number): ChildProcess;
  sampleRss(child: ChildProcess): { peakMb(): number; stop(): void };
  stop(child: ChildProcess): Promise<void>;
}

const p99 = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]! : 0;
};

/** Listing reads over HTTP by 2 callers (rotating pages) until stopped; answers their latencies. */
function readListings(origin: string) {
  let running = true;
  const times: number[] = [];
  let failures = 0;
  const loops = [0, 1].map(async (c) => {
    for (let i = c; running; i++) {
      const started = performance.now();
      const response = await fetch(
        `${origin}/api/products?sort=low_to_high&pageSize=24&pageNumber=${1 + (i % 5)}`,
      );
      await response.arrayBuffer();
      if (response.ok) times.push(performance.now() - started);
      else failures += 1;
    }
  });
  return async () => {
    running = false;
    await Promise.all(loops);
    if (failures) console.warn(`  ${failures} listing reads failed`);
    return times;
  };
}

/** Peak RSS of each process while `work` runs. */
async function peaks<T>(
  processes: BenchProcesses,
  children: ChildProcess[],
  work: () => Promise<T>,
): Promise<{ value: T; mb: number[] }> {
  const samplers = children.map((c) => processes.sampleRss(c));
  try {
    const value = await work();
    return { value, mb: samplers.map((s) => s.peakMb()) };
  } finally {
    for (const s of samplers) s.stop();
  }
}

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface ImportStatus {
  state: 'validated' | 'applying' | 'applied' | 'failed';
  progress: number;
  summary: { new: number; changed: number; unchanged: number; archived: number; errors: number };
  message: string | null;
}

/** The import through the server and the worker, listing reads running against the server. */
async function importThroughProcesses(
  processes: BenchProcesses,
  port: number,
): Promise<{ rows: Row[]; workerPeakMb: number; state: ImportStatus['state'] }> {
  const origin = `http://127.0.0.1:${port}`;
  const server = await processes.startServer(port);
  const worker = processes.startWorker(port);
  try {
    const { jwt } = await json<{ jwt: string }>(
      await fetch(`${origin}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(SEED_ACCOUNTS.admin),
      }),
      'admin login',
    );
    const authorization = `Bearer ${jwt}`;
    // Both processes settle (connections, first reads) before anything is measured.
    await new Promise((r) => setTimeout(r, 2000));
    const stopBefore = readListings(origin);
    await new Promise((r) => setTimeout(r, 5000));
    const before = await stopBefore();

    const file = importFile(ROWS, Date.now().toString(36).toUpperCase());
    const stopDuring = readListings(origin);
    let started = performance.now();
    const dry = await peaks(processes, [server, worker], async () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), 'bench.csv');
      return json<ImportStatus & { id: string }>(
        await fetch(`${origin}/api/admin/catalogue/imports?dryRun=true`, {
          method: 'POST',
          headers: { authorization },
          body: form,
        }),
        'dry run',
      );
    });
    const drySeconds = (performance.now() - started) / 1000;
    const duringDry = await stopDuring();

    const stopApply = readListings(origin);
    started = performance.now();
    const applied = await peaks(processes, [server, worker], async () => {
      const at = `${origin}/api/admin/catalogue/imports/${dry.value.id}`;
      await json(
        await fetch(`${at}/apply`, { method: 'POST', headers: { authorization } }),
        'apply',
      );
      for (;;) {
        if (worker.exitCode !== null) throw new Error(`the worker exited (${worker.exitCode})`);
        if (performance.now() - started > APPLY_TIMEOUT_MS)
          throw new Error(`the apply did not finish in ${APPLY_TIMEOUT_MS / 1000} s`);
        const status = await json<ImportStatus>(
          await fetch(at, { headers: { authorization } }),
          'import status',
        );
        if (status.state === 'applied' || status.state === 'failed') return status;
        await new Promise((r) => setTimeout(r, 250));
      }
    });
    const applySeconds = (performance.now() - started) / 1000;
    const duringApply = await stopApply();

    const fmt = (n: number) => Math.round(n * 10) / 10;
    const change = (during: number[]) =>
      `${p99(during) >= p99(before) ? '+' : ''}${Math.round((100 * (p99(during) - p99(before))) / p99(before))} %`;
    const rss = (mb: number[]) => `server ${mb[0]} MB, worker ${mb[1]} MB`;
    console.log(
      `  import of ${ROWS} rows × 3 sizes: dry run ${drySeconds.toFixed(1)} s (${dry.value.summary.new} new, ${dry.value.summary.errors} refused; peak RSS ${rss(dry.mb)}), apply ${applySeconds.toFixed(1)} s (${applied.value.state}${applied.value.message ? `: ${applied.value.message}` : ''}; peak RSS ${rss(applied.mb)}); listing p99 ${fmt(p99(before))} ms before (${before.length} reads), ${fmt(p99(duringDry))} ms during the dry run, ${fmt(p99(duringApply))} ms during the apply`,
    );
    const blank = { 'req/s': '', 'p50 ms': '', ceiling: '' };
    const rows: Row[] = [
      {
        scenario: `import dry run (server), ${ROWS.toLocaleString('en-US')} rows × 3 sizes`,
        ...blank,
        'p99 ms': fmt(p99(duringDry)),
        target: '≤ 15 s; server and worker RSS ≤ 300 MB; listing p99 within 20 %',
        note: `${fmt(drySeconds)} s; peak RSS ${rss(dry.mb)}; listing p99 ${fmt(p99(before))} ms before, ${fmt(p99(duringDry))} ms during (${change(duringDry)})`,
      },
      {
        scenario: `import apply (worker), ${ROWS.toLocaleString('en-US')} rows × 3 sizes`,
        ...blank,
        'p99 ms': fmt(p99(duringApply)),
        target: '≤ 90 s; server and worker RSS ≤ 300 MB; listing p99 within 20 %',
        note: `${fmt(applySeconds)} s (${Math.round(ROWS / applySeconds)} rows/s, ${applied.value.state}); peak RSS ${rss(applied.mb)}; listing p99 ${fmt(p99(before))} ms before, ${fmt(p99(duringApply))} ms during (${change(duringApply)})`,
      },
    ];
    return {
      rows,
      workerPeakMb: Math.max(dry.mb[1]!, applied.mb[1]!),
      state: applied.value.state,
    };
  } finally {
    await processes.stop(worker);
    await processes.stop(server);
  }
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

/**
 * The import (dry run and apply) and the export: each can be run alone (BENCH_ONLY). With the
 * import, the worker's peak RSS over its dry run and apply (null without it).
 */
export async function catalogueImport(
  dbUrl: string,
  parts: { importing: boolean; exporting: boolean },
  processes: BenchProcesses,
  port: number,
): Promise<{ rows: Row[]; workerPeakMb: number | null; state: ImportStatus['state'] | null }> {
  const rows: Row[] = [];
  let workerPeakMb: number | null = null;
  let state: ImportStatus['state'] | null = null;
  if (parts.importing) {
    const imported = await importThroughProcesses(processes, port);
    rows.push(...imported.rows);
    workerPeakMb = imported.workerPeakMb;
    state = imported.state;
  }
  if (!parts.exporting) return { rows, workerPeakMb, state };
  const db = createDb(dbUrl, 2);
  try {
    const fmt = (n: number) => Math.round(n * 10) / 10;
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
      'req/s': '',
      'p50 ms': '',
      ceiling: '',
      'p99 ms': '',
      target: '100,000 in ≤ 60 s, constant memory',
      note: `${fmt(exportSeconds)} s, ${Math.round(exported.value / 1024 / 1024)} MB written, peak RSS ${exported.mb} MB (this process)`,
    });
    return { rows, workerPeakMb, state };
  } finally {
    await db.destroy();
  }
}
