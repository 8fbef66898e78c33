// One fault at a time, each followed by a recovery window: PostgreSQL cut or frozen at the proxy,
// Redis killed (and started again on its append-only file) or paused, a worker or a server
// SIGKILLed and started again, the mail server down.
import { sleep } from '../server/test/process-support';
import type { SoakEnvironment, Slot } from './environment';

export const FAULT_KINDS = [
  'pg-cut',
  'pg-frozen',
  'redis-killed',
  'redis-paused',
  'worker-killed',
  'server-killed',
  'smtp-down',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultRecord {
  kind: FaultKind;
  at: string;
  /** How long the fault lasted, ms (until the restore began). */
  ms: number;
  /** How long the restore took (a process restart), ms. */
  restoreMs: number;
  detail: string;
  error?: string;
}

/** A server or worker that exited without the soak stopping it; the supervisor started it again. */
export interface UnexpectedExit {
  name: string;
  at: string;
  code: number | null;
  signal: string | null;
  /** Its last lines of output. */
  lastLines: string[];
}

export interface FaultOptions {
  /** A fault lasts a random time in [min, max] ms. */
  faultMs: [number, number];
  /** Quiet time after each restore, [min, max] ms. */
  recoveryMs: [number, number];
  /** Kinds to inject (all by default). */
  kinds?: readonly FaultKind[];
}

const between = ([min, max]: [number, number]) => min + Math.random() * (max - min);
const shuffle = <T>(items: readonly T[]) =>
  items
    .map((item) => ({ item, key: Math.random() }))
    .sort((a, b) => a.key - b.key)
    .map((x) => x.item);

/** Starts injecting; `stop()` ends the current fault, restores everything and resolves. */
export function startFaults(env: SoakEnvironment, options: FaultOptions) {
  const injected: FaultRecord[] = [];
  const exits: UnexpectedExit[] = [];
  /** Slots a fault has killed (the fault starts them again, not the supervisor). */
  const faulted = new Set<Slot>();
  /** Slots the supervisor is starting again. */
  const supervising = new Set<Slot>();
  let running = true;
  let wake: (() => void) | null = null;
  /** Sleeps `ms`, or less when stop() is called. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  const restartSlot = async (slot: Slot) => {
    // A start can fail while something else is still recovering: try again a few times.
    for (let attempt = 0; ; attempt++) {
      try {
        await slot.start();
        slot.restarts++;
        return;
      } catch (error) {
        if (attempt >= 3) throw error;
        await sleep(2000);
      }
    }
  };

  /** Injects one fault; answers what undoes it and a description. */
  async function inject(kind: FaultKind): Promise<{ detail: string; restore(): Promise<void> }> {
    switch (kind) {
      case 'pg-cut':
        await env.proxy.cut();
        return {
          detail: 'proxy refuses and resets connections',
          restore: () => env.proxy.restore(),
        };
      case 'pg-frozen':
        env.proxy.freeze();
        return { detail: 'proxy forwards no byte', restore: () => env.proxy.restore() };
      case 'redis-killed':
        await env.redis.kill();
        return {
          detail: 'SIGKILL; started again on the same port from its append-only file',
          restore: () => env.redis.start(),
        };
      case 'redis-paused':
        env.redis.pause();
        return {
          detail: 'SIGSTOP, then SIGCONT',
          restore: async () => env.redis.resume(),
        };
      case 'worker-killed':
      case 'server-killed': {
        // Not one the supervisor is starting again: both would start it.
        const slots = (kind === 'worker-killed' ? env.workers : env.servers).filter(
          (s) => !supervising.has(s),
        );
        const slot = slots[Math.floor(Math.random() * slots.length)];
        if (!slot)
          return {
            detail: 'every process of that kind is being restarted: skipped',
            restore: async () => {},
          };
        faulted.add(slot);
        await slot.kill();
        return {
          detail: `${slot.name} SIGKILLed, started again`,
          restore: async () => {
            try {
              await restartSlot(slot);
            } finally {
              faulted.delete(slot);
            }
          },
        };
      }
      case 'smtp-down':
        await env.smtp.stop();
        return {
          detail: 'mail server stopped, started again on the same port',
          restore: () => env.smtp.start(),
        };
    }
  }

  // The supervisor (systemd, Kubernetes): a process that exited by itself is started again.
  const supervisor = setInterval(() => {
    for (const slot of [...env.servers, ...env.workers]) {
      const child = slot.current;
      if (!child?.exited() || faulted.has(slot) || supervising.has(slot)) continue;
      supervising.add(slot);
      void (async () => {
        const { code, signal } = await child.exit;
        exits.push({
          name: slot.name,
          at: new Date().toISOString(),
          code,
          signal,
          lastLines: child.output.slice(-5).map((l) => l.slice(0, 300)),
        });
        console.info(`soak: ${slot.name} exited by itself (code ${code}, signal ${signal})`);
        if (slot.current === child) slot.current = null;
        try {
          await restartSlot(slot);
        } catch (error) {
          // Never an unhandled rejection (it would end the soak without stopping its children).
          exits.push({
            name: slot.name,
            at: new Date().toISOString(),
            // Counted as a crash (report.ts): a process that cannot be started again fails the run.
            code: -1,
            signal: null,
            lastLines: [`could not be started again: ${String(error).slice(0, 300)}`],
          });
        } finally {
          supervising.delete(slot);
        }
      })();
    }
  }, 1000);

  const kinds = options.kinds ?? FAULT_KINDS;
  const loop = (async () => {
    await pause(between(options.recoveryMs));
    let cycle: FaultKind[] = [];
    while (running) {
      // Each kind once per cycle, in a random order: a short run still sees every kind.
      if (!cycle.length) cycle = shuffle(kinds);
      const kind = cycle.shift()!;
      const record: FaultRecord = {
        kind,
        at: new Date().toISOString(),
        ms: 0,
        restoreMs: 0,
        detail: '',
      };
      const started = Date.now();
      try {
        const fault = await inject(kind);
        record.detail = fault.detail;
        await pause(between(options.faultMs));
        record.ms = Date.now() - started;
        const restoring = Date.now();
        await fault.restore();
        record.restoreMs = Date.now() - restoring;
      } catch (error) {
        record.error = (error as Error).message.slice(0, 300);
      }
      injected.push(record);
      console.info(
        `soak: ${record.at} ${kind} ${record.ms} ms (restore ${record.restoreMs} ms)${record.error ? ` ERROR ${record.error}` : ''}`,
      );
      if (running) await pause(between(options.recoveryMs));
    }
  })();

  return {
    injected,
    exits,
    /** Ends the current fault (its restore runs) and makes sure everything is back. */
    async stop() {
      running = false;
      wake?.();
      await loop;
      clearInterval(supervisor);
      while (supervising.size) await sleep(200);
      if (env.proxy.mode() !== 'open') await env.proxy.restore();
      env.redis.resume();
      if (env.redis.pid() === null) await env.redis.start();
      for (const slot of [...env.servers, ...env.workers])
        if (!slot.current || slot.current.exited()) await restartSlot(slot);
    },
  };
}
