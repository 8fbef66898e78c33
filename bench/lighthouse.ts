// Lighthouse (mobile preset, simulated slow 4G and 4× CPU) on Debian's Chromium through
// CHROME_PATH: the four category scores and the audits that fail, BENCH_LIGHTHOUSE_RUNS runs per page
// (3) with each run's performance and their spread. Its CLI launches Chromium itself
// (chrome-launcher) and writes JSON; nothing here downloads a browser.
// Alone: `tsx bench/lighthouse.ts http://127.0.0.1:3000/`.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM, CHROMIUM_ARGS } from '@kanak/testkit/browser';
import { track } from './children';
import { benchCount } from './counts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

interface Report {
  categories: Record<(typeof CATEGORIES)[number], { score: number | null }>;
  audits: Record<
    string,
    {
      score: number | null;
      scoreDisplayMode: string;
      title: string;
      numericValue?: number;
      details?: { items?: Array<{ description?: string; url?: string; source?: string }> };
    }
  >;
}

/** One page over its runs: each run's performance score, their spread, the rest from the median run. */
export interface LighthouseFigures {
  page: string;
  /** Each run's performance score, in run order; null where Lighthouse could not record it. */
  runs: (number | null)[];
  min: number | null;
  median: number | null;
  max: number | null;
  accessibility: number;
  'best practices': number;
  seo: number;
  'LCP ms': number;
  failing: string[];
}

/** Runs per page (BENCH_LIGHTHOUSE_RUNS): the goal is ≥ 95 on each of 3. */
export const LIGHTHOUSE_RUNS = benchCount('BENCH_LIGHTHOUSE_RUNS', 3);

const bin = path.resolve(import.meta.dirname, '../node_modules/.bin/lighthouse');

async function audit(url: string): Promise<Report> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kanak-lh-'));
  const out = path.join(dir, 'report.json');
  try {
    await new Promise<void>((resolve, reject) => {
      const child = track(
        spawn(
          bin,
          [
            url,
            '--output=json',
            `--output-path=${out}`,
            `--only-categories=${CATEGORIES.join(',')}`,
            `--chrome-flags=${FLAGS.join(' ')}`,
            '--quiet',
          ],
          { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'ignore', 'pipe'] },
        ),
        { signal: 'SIGINT' },
      );
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`lighthouse exited ${code}: ${stderr}`)),
      );
    });
    return JSON.parse(readFileSync(out, 'utf8')) as Report;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const score = (s: number | null) => Math.round((s ?? 0) * 100);

/** Lighthouse's own runtime errors (NO_NAVSTART on a busy machine) pass on a second try. */
async function auditWithRetries(url: string, tries = 3): Promise<Report | Error> {
  let last = new Error('not run');
  for (let i = 0; i < tries; i++) {
    try {
      return await audit(url);
    } catch (error) {
      last = error instanceof Error ? error : new Error(String(error));
      console.warn(`  lighthouse ${url}: try ${i + 1} of ${tries} failed: ${last.message.trim()}`);
    }
  }
  return last;
}

interface Run {
  performance: number;
  accessibility: number;
  'best practices': number;
  seo: number;
  'LCP ms': number;
  failing: string[];
}

/** What the browser logged, so a failing "errors in console" says which error it was. */
const consoleErrors = (a: Report['audits'][string]) =>
  (a.details?.items ?? [])
    .map((i) => `${i.source ?? 'console'}: ${i.description ?? ''} ${i.url ?? ''}`.trim())
    .join('; ');

function summary(report: Report): Run {
  return {
    performance: score(report.categories.performance.score),
    accessibility: score(report.categories.accessibility.score),
    'best practices': score(report.categories['best-practices'].score),
    seo: score(report.categories.seo.score),
    'LCP ms': Math.round(report.audits['largest-contentful-paint']?.numericValue ?? 0),
    failing: Object.entries(report.audits)
      .filter(
        ([, a]) =>
          a.score !== null &&
          a.score < 0.9 &&
          (a.scoreDisplayMode === 'binary' || a.scoreDisplayMode === 'metricSavings'),
      )
      .map(([id, a]) => (id === 'errors-in-console' ? `${id} (${consoleErrors(a)})` : id)),
  };
}

/**
 * `runs` rounds over the pages (page after page in each round, so a busy minute of the machine
 * falls on different pages, not on one page's every run).
 */
export async function runLighthouse(
  origin: string,
  pages: { name: string; path: string }[],
  runs = LIGHTHOUSE_RUNS,
): Promise<LighthouseFigures[]> {
  const results = pages.map(() => [] as (Run | Error)[]);
  for (let round = 0; round < runs; round++)
    for (const [i, page] of pages.entries()) {
      const report = await auditWithRetries(`${origin}${page.path}`);
      // A run Lighthouse itself could not record (NO_NAVSTART, a trace lost) is a gap in its
      // page's runs, not the end of the bench.
      results[i]!.push(report instanceof Error ? report : summary(report));
    }
  return pages.map((page, i) => {
    const all = results[i]!;
    const measured = all.filter((r): r is Run => !(r instanceof Error));
    const scores = measured.map((r) => r.performance).sort((a, b) => a - b);
    // The other figures are the median run's (by performance).
    const middle = measured.find((r) => r.performance === scores[Math.floor(scores.length / 2)]);
    const errors = all.filter((r): r is Error => r instanceof Error);
    return {
      page: page.name,
      runs: all.map((r) => (r instanceof Error ? null : r.performance)),
      min: scores[0] ?? null,
      median: scores.length ? scores[Math.floor(scores.length / 2)]! : null,
      max: scores.at(-1) ?? null,
      accessibility: middle?.accessibility ?? 0,
      'best practices': middle?.['best practices'] ?? 0,
      seo: middle?.seo ?? 0,
      'LCP ms': middle?.['LCP ms'] ?? 0,
      failing: [
        ...new Set(measured.flatMap((r) => r.failing)),
        ...errors.map((e) => `not measured: ${e.message.split('\n')[0]}`),
      ],
    };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const origin = process.argv[2] ?? 'http://127.0.0.1:3000';
  const pages = (process.argv.slice(3).length ? process.argv.slice(3) : ['/']).map((p) => ({
    name: p,
    path: p,
  }));
  for (const f of await runLighthouse(origin, pages)) console.log(JSON.stringify(f));
}
