// `pnpm test:profile [vitest arguments]`: runs vitest (all projects, or what the arguments pick)
// with its usual output, then prints each file's time from vitest's own per-file diagnostics,
// slowest first, and the totals. It runs only vitest: no typecheck, lint or build (the e2e
// project needs `pnpm build` first). Exits with vitest's exit code.
import path from 'node:path';
import { parseCLI, startVitest, type Reporter, type TestModule } from 'vitest/node';

interface FileTime {
  file: string;
  project: string;
  /** Environment, runner and setup files, the file's imports (collect), its tests and hooks. */
  wallMs: number;
  /** Importing the file and everything it imports, and running its describe callbacks. */
  importMs: number;
  testsMs: number;
  tests: number;
  failed: number;
}

const rows: FileTime[] = [];

const profiler: Reporter = {
  onTestModuleEnd(module: TestModule) {
    const d = module.diagnostic();
    const cases = [...module.children.allTests()];
    rows.push({
      file: path.relative(process.cwd(), module.moduleId),
      project: module.project.name,
      wallMs:
        d.environmentSetupDuration +
        d.prepareDuration +
        d.setupDuration +
        d.collectDuration +
        d.duration,
      importMs: d.collectDuration,
      testsMs: d.duration,
      tests: cases.length,
      failed: cases.filter((c) => c.result().state === 'failed').length,
    });
  },
};

const seconds = (ms: number) => (ms / 1000).toFixed(1).padStart(7);

function printProfile(runMs: number) {
  rows.sort((a, b) => b.wallMs - a.wallMs);
  const width = Math.max(4, ...rows.map((r) => r.file.length));
  const line = (cells: string[]) => cells.join('  ');
  const out = [
    '',
    'Time per test file, slowest first (seconds; wall = setup + import + tests):',
    line(['file'.padEnd(width), 'project'.padEnd(11), '   wall', ' import', '  tests', 'cases']),
    ...rows.map((r) =>
      line([
        r.file.padEnd(width),
        r.project.padEnd(11),
        seconds(r.wallMs),
        seconds(r.importMs),
        seconds(r.testsMs),
        `${r.tests}${r.failed ? ` (${r.failed} failed)` : ''}`,
      ]),
    ),
  ];
  const sum = (pick: (r: FileTime) => number) => rows.reduce((s, r) => s + pick(r), 0);
  out.push(
    '',
    `${rows.length} files, ${sum((r) => r.tests)} tests: wall ${seconds(sum((r) => r.wallMs)).trim()} s summed over files, ` +
      `import ${seconds(sum((r) => r.importMs)).trim()} s, tests ${seconds(sum((r) => r.testsMs)).trim()} s; ` +
      `the run took ${seconds(runMs).trim()} s (files run in parallel).`,
  );
  console.log(out.join('\n'));
}

const { filter, options } = parseCLI(['vitest', ...process.argv.slice(2)]);
const started = Date.now();
const vitest = await startVitest('test', filter, {
  ...options,
  run: true,
  watch: false,
  reporters: ['default', profiler],
});
printProfile(Date.now() - started);
await vitest.close();
process.exit(process.exitCode ?? 0);
