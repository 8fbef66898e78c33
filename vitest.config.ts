import { defineConfig } from 'vitest/config';

const E2E_WORKERS = Number(process.env.KANAK_E2E_WORKERS ?? 2);
const INTEGRATION_WORKERS = Number(process.env.KANAK_INTEGRATION_WORKERS ?? 2);

// vitest 4 ignores vitest.workspace.ts: the projects are declared here.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // Projects run one after another (unit, integration, e2e): each has its own
          // worker count.
          sequence: { groupOrder: 0 },
          include: [
            'packages/*/src/**/*.test.ts',
            'server/src/**/*.test.ts',
            'worker/src/**/*.test.ts',
            'web/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          // Pure code: the files share one module graph per worker instead of importing it anew
          // each (imports were ~90% of the project's time). Files stay independent: none keeps
          // state between files (a changed environment variable is put back).
          isolate: false,
          // A ceiling only a hung test reaches: reading the whole PIN directory took 5.9 s at
          // load 40 on 2 cores, past vitest's 5 s default.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          sequence: { groupOrder: 1 },
          include: [
            'server/test/**/*.test.ts',
            'worker/test/**/*.test.ts',
            'packages/*/test/**/*.test.ts',
          ],
          globalSetup: ['packages/testkit/src/global-setup.ts'],
          setupFiles: ['packages/testkit/src/file-cleanup.ts'],
          // Ceilings only a hung test reaches, on a loaded 2-core machine too: a test's waits are
          // events (eventually(), a mail received), each with a 60 s ceiling of its own.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          maxWorkers: INTEGRATION_WORKERS,
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['web/e2e/**/*.test.ts'],
          globalSetup: ['packages/testkit/src/global-setup.ts'],
          setupFiles: ['packages/testkit/src/file-cleanup.ts'],
          // Ceilings only a hung walk reaches, with two walks at once on a loaded 2-core machine
          // too (a payment confirmed, an event heard, a page hydrated): the tests' own waits use
          // these, not shorter ceilings of their own (at load 35 a refund took past 60 s to settle).
          expect: { poll: { timeout: 120_000 } },
          testTimeout: 300_000,
          hookTimeout: 300_000,
          // Two files at a time (KANAK_E2E_WORKERS sets another count). Each file has its own
          // database copy, port, queue prefix, mail sink and Chromium. Much of a walk is spent
          // waiting on its server, worker and browser, so two at a time halve the project's wall
          // time on 2 cores; the walks' waits are events with the ceilings above, not short bounds.
          maxWorkers: E2E_WORKERS,
          // The files of a worker share one module graph (server, worker, testkit), as in the
          // integration project: importing it anew took a fifth of each file's time.
          isolate: false,
        },
      },
    ],
  },
});
