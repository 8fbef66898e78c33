// BENCH_LOAD=<n>: n child processes that only burn CPU for the whole bench, so the same command
// measures a quiet and a loaded machine. Each is stopped by its pid when the bench ends, fails or
// is interrupted (children.ts), and stops itself once the bench is gone (a SIGKILLed bench runs
// no handler): it burns in 200 ms chunks and checks its parent between them.
import { spawn, type ChildProcess } from 'node:child_process';
import { kill, track } from './children';

export interface CpuLoad {
  /** Burning processes asked for (BENCH_LOAD). */
  processes: number;
  pids: number[];
  stop(): void;
}

const BURNER = `
  const parent = Number(process.argv[1]);
  const alive = () => {
    if (process.ppid !== parent) return false;
    try { process.kill(parent, 0); return true; } catch { return false; }
  };
  const burn = () => {
    const end = Date.now() + 200;
    while (Date.now() < end) {}
    if (alive()) setImmediate(burn); else process.exit(0);
  };
  burn();`;

export function startCpuLoad(processes: number): CpuLoad {
  const children: ChildProcess[] = [];
  for (let i = 0; i < processes; i++)
    children.push(
      track(spawn(process.execPath, ['-e', BURNER, String(process.pid)], { stdio: 'ignore' })),
    );
  const stop = () => {
    for (const child of children) kill(child);
  };
  return { processes, pids: children.map((c) => c.pid!), stop };
}
