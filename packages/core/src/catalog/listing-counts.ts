import { LRUCache } from 'lru-cache';
import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';

/**
 * Listing totals, cached briefly per database: counting every match is the one part of a
 * listing page that grows with the catalogue (≈20 ms at 50k products), and shoppers page
 * through the same filters. Product writes clear it; other server instances see new totals
 * within the TTL.
 */
interface Counts {
  /** Counts, and the price ranges of listing-ranges (boxed: LRUCache holds no null). */
  values: LRUCache<string, { value: unknown }>;
  /** Bumped by every clear: a count begun before it is answered but not kept. */
  generation: number;
}

const caches = new WeakMap<Kysely<Database>, Counts>();

function cacheFor(db: Kysely<Database>): Counts {
  let cache = caches.get(db);
  if (!cache) {
    cache = {
      values: new LRUCache<string, { value: unknown }>({ max: 2000, ttl: 30_000 }),
      generation: 0,
    };
    caches.set(db, cache);
  }
  return cache;
}

export function cachedCount(
  db: Kysely<Database>,
  key: string,
  count: () => Promise<number>,
): Promise<number> {
  return cachedListingValue(db, `count:${key}`, count);
}

/** A listing figure (a count, a price range) kept like the counts and cleared with them. */
export async function cachedListingValue<T>(
  db: Kysely<Database>,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  const cache = cacheFor(db);
  const hit = cache.values.get(key);
  if (hit !== undefined) return hit.value as T;
  const generation = cache.generation;
  const value = await load();
  if (generation === cache.generation) cache.values.set(key, { value });
  return value;
}

/**
 * Bumped by every clear of this database's listing figures: what the facet index (facet-index.ts)
 * was loaded under, so the same product writes drop it.
 */
export function listingGeneration(db: Kysely<Database>): number {
  return cacheFor(db).generation;
}

export function clearListingCounts(db: Kysely<Database>) {
  const cache = caches.get(db);
  if (!cache) return;
  cache.generation += 1;
  cache.values.clear();
}
