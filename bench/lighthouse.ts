// Lighthouse (mobile preset, simulated slow 4G and 4× CPU) on Debian's Chromium through
// CHROME_PATH: the four category scores and the audits that fail. Its CLI launches Chromium itself
// (chrome-launcher) and writes JSON; nothing here downloads a browser.
// Alone: `tsx bench/lighthouse.ts http://127.0.0.1:3000/`.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM, CHROMIUM_ARGS } from '@kanak/testkit/browser';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

interface Report {
  categories: Record<(typeof CATEGORIES)[number], { score: number | null }>;
  audits: Record<
    string,
    { score: number | null; scoreDisplayMode: string; title: string; numericValue?: number }
  >;
}

export interface LighthouseFigures {
  page: string;
  performance: number;
  accessibility: number;
  'best practices': number;
  seo: number;
  'LCP ms': number;
  failing: string[];
}

const bin = path.resolve(import.meta.dirname, '../node_modules/.bin/lighthouse');

async function audit(url: string): Promise<Report> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kanak-lh-'));
  const out = path.join(dir, 'report.json');
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
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

export async function runLighthouse(
  origin: string,
  pages: { name: string; path: string }[],
): Promise<LighthouseFigures[]> {
  const figures: LighthouseFigures[] = [];
  for (const page of pages) {
    const report = await auditWithRetries(`${origin}${page.path}`);
    if (report instanceof Error) {
      // A run Lighthouse itself could not record (NO_NAVSTART, a trace lost) costs its row, not
      // the whole bench's results.
      figures.push({
        page: page.name,
        performance: 0,
        accessibility: 0,
        'best practices': 0,
        seo: 0,
        'LCP ms': 0,
        failing: [`not measured: ${report.message.split('\n')[0]}`],
      });
      continue;
    }
    figures.push({
      page: page.name,
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
        .map(([id]) => id),
    });
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const origin = process.argv[2] ?? 'http://127.0.0.1:3000';
  const pages = (process.argv.slice(3).length ? process.argv.slice(3) : ['/']).map((p) => ({
    name: p,
    path: p,
  }));
  for (const f of await runLighthouse(origin, pages)) console.log(JSON.stringify(f));
}
