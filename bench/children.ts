// Every process the bench starts (server, worker, bare Fastify, vitest, Lighthouse, CPU burners),
// in one registry: killed by pid when the bench exits, fails or is interrupted, so an interrupted
// run (whose `finally` blocks never run after process.exit) leaves nothing behind.
import type { ChildProcess } from 'node:child_process';

interface Tracked {
  /** It leads its own process group (spawned detached): the whole group is killed. */
  group?: boolean;
  /** SIGKILL unless named: Lighthouse is sent SIGINT, on which it closes its own Chrome. */
  signal?: NodeJS.Signals;
}

const children = new Map<ChildProcess, Tracked>();

/** Keeps `child` until it exits. */
export function track<T extends ChildProcess>(child: T, how: Tracked = {}): T {
  children.set(child, how);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Kills one child (its group when it leads one) by pid; nothing if it is already gone. */
export function kill(child: ChildProcess, how: Tracked = children.get(child) ?? {}) {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  try {
    process.kill(how.group ? -child.pid : child.pid, how.signal ?? 'SIGKILL');
  } catch {
    // Already gone.
  }
}

export function killAll() {
  for (const [child, how] of children) kill(child, how);
}

// Synchronous, so it also runs when the bench exits on an error.
process.once('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    killAll();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
