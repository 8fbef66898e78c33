// Queue prefixes made by this test file, so the file's Redis keys can be removed when it ends
// (see file-cleanup.ts). The registry lives on globalThis: a second copy of this module (another
// import path) still records into the same set.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { deleteKeysUnder } from './helpers';

const REGISTRY = Symbol.for('kanak.testkit.prefixes');
type WithRegistry = typeof globalThis & { [REGISTRY]?: Set<string> };

function registry(): Set<string> {
  const g = globalThis as WithRegistry;
  return (g[REGISTRY] ??= new Set());
}

/** A queue prefix of its own for a test (`test-<label>-<hex>`), removed when the file ends. */
export function uniquePrefix(label: string): string {
  const prefix = `test-${label}-${randomBytes(4).toString('hex')}`;
  registry().add(prefix);
  return prefix;
}

/** Deletes the keys of every prefix this file made (SCAN + UNLINK), then forgets them. */
export async function removeMadePrefixes(redisUrl: string): Promise<number> {
  const prefixes = [...registry()];
  if (!prefixes.length) return 0;
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
  try {
    await redis.connect();
    for (const prefix of prefixes) {
      await deleteKeysUnder(redis, prefix);
      registry().delete(prefix);
    }
  } finally {
    redis.disconnect();
  }
  return prefixes.length;
}
