import { LRUCache } from 'lru-cache';
import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';

/**
 * Listing totals, cached briefly per database: counting every match is the one part of a
 * listing page that grows with the catalogue (≈20 ms at 50k products), and shoppers page
 * through the same filters. Product writes clear it; other server instances see new totals
 * within the TTL.
 */
const caches = new WeakMap<Kysely<Database>, LRUCache<string, number>>();

function cacheFor(db: Kysely<Database>) {
  let cache = caches.get(db);
  if (!cache) {
    cache = new LRUCache<string, number>({ max: 2000, ttl: 30_000 });
    caches.set(db, cache);
  }
  return cache;
}

export async function cachedCount(
  db: Kysely<Database>,
  key: string,
  count: () => Promise<number>,
): Promise<number> {
  const cache = cacheFor(db);
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const value = await count();
  cache.set(key, value);
  return value;
}

export function clearListingCounts(db: Kysely<Database>) {
  caches.get(db)?.clear();
}
