import { rm, stat, writeFile } from 'node:fs/promises';

/**
 * The worker has no HTTP port, so its container health is a heartbeat file: touched every
 * HEARTBEAT_EVERY_MS, but only after a Redis round trip through the worker's queues succeeded.
 * A fresh file therefore says "the process is running, its event loop is not stuck, and it
 * reaches Redis"; `healthcheck.ts` reads it.
 */
export const HEARTBEAT_EVERY_MS = 10_000;
/** Three missed beats: one slow Redis answer is not enough to call the worker unhealthy. */
export const HEARTBEAT_MAX_AGE_MS = 3 * HEARTBEAT_EVERY_MS;

/** WORKER_HEARTBEAT_FILE: where to beat; unset (local runs, tests) means no heartbeat. */
export function heartbeatFile(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const file = env.WORKER_HEARTBEAT_FILE?.trim();
  return file ? file : undefined;
}

export interface Heartbeat {
  /** Stops beating and removes the file, so a stopping worker no longer reads as healthy. */
  stop(): Promise<void>;
}

export interface StartHeartbeatOptions {
  file: string;
  probe: () => Promise<unknown>;
  log?: (message: string) => void;
  everyMs?: number;
}

export function startHeartbeat({
  file,
  probe,
  log = console.log,
  everyMs = HEARTBEAT_EVERY_MS,
}: StartHeartbeatOptions): Heartbeat {
  let failing = false;
  let stopped = false;
  const beat = async () => {
    try {
      await probe();
      // A beat still in flight when stop() ran must not bring the file back.
      if (stopped) return;
      await writeFile(file, `${new Date().toISOString()}\n`);
      if (failing) log('heartbeat: Redis answers again');
      failing = false;
    } catch (error) {
      // Logged once per outage, not every beat.
      if (!failing) log(`heartbeat paused: ${(error as Error).message}`);
      failing = true;
    }
  };
  void beat();
  const timer = setInterval(() => void beat(), everyMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await rm(file, { force: true });
    },
  };
}

/** How old the last beat is in ms, or null when there is none. */
export async function heartbeatAge(file: string, now = Date.now()): Promise<number | null> {
  try {
    return now - (await stat(file)).mtimeMs;
  } catch {
    return null;
  }
}
