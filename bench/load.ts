// BENCH_LOAD=<n>: n child processes that only burn CPU for the whole bench, so the same command
// measures a quiet and a loaded machine. Each is stopped by its pid when the bench ends, fails or
// is interrupted.
import { spawn, type ChildProcess } from 'node:child_process';

export interface CpuLoad {
  /** Burning processes asked for (BENCH_LOAD). */
  processes: number;
  pids: number[];
  stop(): void;
}

export function startCpuLoad(processes: number): CpuLoad {
  const children: ChildProcess[] = [];
  for (let i = 0; i < processes; i++)
    children.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  const stop = () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null && child.pid) {
        try {
          process.kill(child.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
  };
  // Synchronous, so it also runs when the bench exits on an error.
  process.once('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      stop();
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  return { processes, pids: children.map((c) => c.pid!), stop };
}
