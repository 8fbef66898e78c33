import type { Redis } from 'ioredis';

/** How often a worker says it is alive; the System page calls one silent for 3 beats stale. */
export const BEACON_EVERY_MS = 10_000;
/** Beacons older than this are forgotten (a worker stopped long ago, or its host renamed). */
const FORGET_AFTER_MS = 24 * 3600_000;

const beaconsKey = (prefix: string) => `${prefix}:system:workers`;

/** Records that worker `id` is alive now (a sorted set: member id, score its last beat). */
export async function beatWorker(redis: Redis, prefix: string, id: string): Promise<void> {
  await redis.zadd(beaconsKey(prefix), Date.now(), id);
}

/** Removes a worker that stops cleanly, so it does not read as silent. */
export async function forgetWorker(redis: Redis, prefix: string, id: string): Promise<void> {
  await redis.zrem(beaconsKey(prefix), id);
}

export interface WorkerBeacon {
  id: string;
  lastBeatAt: Date;
}

/** The workers heard from in the last day, newest beat first. */
export async function readWorkerBeacons(redis: Redis, prefix: string): Promise<WorkerBeacon[]> {
  const key = beaconsKey(prefix);
  await redis.zremrangebyscore(key, 0, Date.now() - FORGET_AFTER_MS);
  const flat = await redis.zrevrange(key, 0, 49, 'WITHSCORES');
  const beacons: WorkerBeacon[] = [];
  for (let i = 0; i + 1 < flat.length; i += 2)
    beacons.push({ id: flat[i]!, lastBeatAt: new Date(Number(flat[i + 1])) });
  return beacons;
}
