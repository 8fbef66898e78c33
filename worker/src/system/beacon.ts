import { hostname } from 'node:os';
import type { Redis } from 'ioredis';
import { BEACON_EVERY_MS, beatWorker, forgetWorker } from '@kanak/core';

/** Says in Redis, every 10 s, that this worker is alive (the admin System page reads it). */
export function startWorkerBeacon(
  redis: Redis,
  prefix: string,
): { id: string; stop(): Promise<void> } {
  const id = `${hostname()}:${process.pid}`;
  // A missed beat is just a later "last heard"; the System page shows the age.
  const beat = () => void beatWorker(redis, prefix, id).catch(() => undefined);
  beat();
  const timer = setInterval(beat, BEACON_EVERY_MS);
  timer.unref();
  return {
    id,
    async stop() {
      clearInterval(timer);
      await Promise.race([
        forgetWorker(redis, prefix, id).catch(() => undefined),
        new Promise((r) => setTimeout(r, 500).unref()),
      ]);
    },
  };
}
