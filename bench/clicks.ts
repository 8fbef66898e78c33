// Clicks lost before hydration for `pnpm bench`: the browser walk of the marked controls
// (web/e2e/click-before-hydration.test.ts: the bundle held, each control pressed on the server's
// HTML, its effect checked once React runs) as BENCH_CLICK_RUNS full runs (5), each its own vitest
// process with its own database copy, server and Chromium. A walk that fails is a click whose
// effect did not come (or a walk that could not be made): counted, never retried.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { JsonTestResults } from 'vitest/reporters';
import { kill, track } from './children';
import { benchCount } from './counts';

export const CLICK_RUNS = benchCount('BENCH_CLICK_RUNS', 5);
/** A run that has not ended by then is killed (its whole process group) and counted failed. */
const RUN_TIMEOUT_MS = Number(process.env.BENCH_CLICK_TIMEOUT_MS ?? 180_000);
const FILE = 'web/e2e/click-before-hydration.test.ts';

export interface ClickFigures {
  runs: number;
  /** Runs with any walk failed, or that did not finish. */
  failedRuns: number;
  /** Walks over all runs, and those that did not pass. */
  walks: number;
  failedWalks: number;
  /** Why each failed run failed (the failing walks' names, or the exit). */
  failures: string[];
}

/** The part of vitest's JSON report read here (its jest-compatible summary). */
type Report = Pick<JsonTestResults, 'numTotalTests' | 'numPassedTests' | 'testResults'>;

/** The report vitest wrote, or null when it wrote none (a run that did not get that far). */
function readReport(file: string): Report | null {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8')) as Partial<Report>;
    return typeof report.numTotalTests === 'number' &&
      typeof report.numPassedTests === 'number' &&
      Array.isArray(report.testResults)
      ? (report as Report)
      : null;
  } catch {
    return null;
  }
}

async function oneRun(root: string, run: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'kanak-clicks-'));
  const out = path.join(dir, 'report.json');
  try {
    let timedOut = false;
    const code = await new Promise<number | null>((resolve, reject) => {
      // Detached: it leads its own process group, so a hung run is killed with everything it
      // started (pnpm, vitest, its server).
      const child = track(
        spawn(
          'pnpm',
          [
            'exec',
            'vitest',
            'run',
            '--project',
            'e2e',
            FILE,
            '--reporter=dot',
            '--reporter=json',
            `--outputFile.json=${out}`,
          ],
          { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], detached: true },
        ),
        { group: true },
      );
      const timer = setTimeout(() => {
        timedOut = true;
        kill(child);
      }, RUN_TIMEOUT_MS);
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.on('exit', (exitCode) => {
        clearTimeout(timer);
        resolve(exitCode);
      });
    });
    if (timedOut)
      return {
        walks: 0,
        passed: 0,
        why: `run ${run}: did not end within ${RUN_TIMEOUT_MS} ms (BENCH_CLICK_TIMEOUT_MS), killed`,
      };
    const report = readReport(out);
    if (!report)
      return { walks: 0, passed: 0, why: `run ${run}: no report (vitest exited ${code})` };
    const failing = report.testResults.flatMap((file) => [
      ...(file.message ? [file.message.split('\n')[0]!] : []),
      ...file.assertionResults.filter((t) => t.status !== 'passed').map((t) => t.title),
    ]);
    const clean =
      code === 0 && report.numTotalTests > 0 && report.numPassedTests === report.numTotalTests;
    return {
      walks: report.numTotalTests,
      passed: report.numPassedTests,
      why: clean ? null : `run ${run}: ${failing.join('; ') || `vitest exited ${code}`}`,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The walk `runs` times, one run after another. Needs the built web (`pnpm build`). */
export async function measureClicks(root: string, runs = CLICK_RUNS): Promise<ClickFigures> {
  const figures: ClickFigures = { runs, failedRuns: 0, walks: 0, failedWalks: 0, failures: [] };
  for (let run = 1; run <= runs; run++) {
    console.log(`  clicks before hydration: run ${run} of ${runs}`);
    const { walks, passed, why } = await oneRun(root, run);
    figures.walks += walks;
    figures.failedWalks += walks - passed;
    if (why) {
      figures.failedRuns += 1;
      figures.failures.push(why);
    }
  }
  return figures;
}
