// Small helpers shared by tests and the bench (no server import: the bench loads this alone).
import type { Redis } from 'ioredis';

/** Runs `work` over `items`, at most `limit` at a time; results in the items' order. */
export async function inBatches<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]!);
      }
    }),
  );
  return results;
}

/**
 * Deletes every key under `prefix:` (a run's queues, limits and jobs) from a shared Redis; UNLINK
 * frees the memory in the background.
 */
export async function deleteKeysUnder(redis: Redis, prefix: string) {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    if (keys.length) await redis.unlink(...keys);
    cursor = next;
  } while (cursor !== '0');
}
