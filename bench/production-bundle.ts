// The server the bench measures is the one production runs: the bundles (`pnpm build:bundles`)
// beside a production node_modules laid out as the image lays it out (Dockerfile: `pnpm deploy`),
// so its memory and speed are not tsx's (an in-process TypeScript loader on its own thread: about
// 100 MB of RSS). BENCH_SERVER=source runs server/src/main.ts under tsx instead.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface ServerCommand {
  cwd: string;
  args: string[];
  /** The worker from the same build (dist/worker/main.js; worker/src/main.ts under tsx). */
  workerArgs: string[];
  cleanup(): void;
}

function run(root: string, command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${result.status})`);
}

/** Builds the bundles and a production install; the command that starts the server from them. */
export function productionServer(root: string): ServerCommand {
  if (process.env.BENCH_SERVER === 'source')
    return {
      cwd: root,
      args: ['--import', 'tsx', 'server/src/main.ts'],
      workerArgs: ['--import', 'tsx', 'worker/src/main.ts'],
      cleanup: () => {},
    };
  const app = mkdtempSync(path.join(os.tmpdir(), 'kanak-bench-app-'));
  run(root, 'pnpm', ['build:bundles']);
  run(root, 'pnpm', [
    '--filter',
    '@kanak/server',
    'deploy',
    '--prod',
    '--offline',
    '--config.node-linker=hoisted',
    '--config.inject-workspace-packages=true',
    app,
  ]);
  // As in the image: the workspace packages are inlined in the bundles, not installed.
  rmSync(path.join(app, 'node_modules/@kanak'), { recursive: true, force: true });
  cpSync(path.join(root, 'dist'), path.join(app, 'dist'), { recursive: true });
  mkdirSync(path.join(app, 'web'), { recursive: true });
  for (const built of ['dist', 'dist-ssr'])
    symlinkSync(path.join(root, 'web', built), path.join(app, 'web', built));
  return {
    cwd: app,
    // As the image starts them: no --enable-source-maps (docs/adr/0007-memory.md).
    args: ['dist/server/main.js'],
    workerArgs: ['dist/worker/main.js'],
    cleanup: () => rmSync(app, { recursive: true, force: true }),
  };
}
