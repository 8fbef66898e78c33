// A test file's queue prefixes are removed when it ends: removeMadePrefixes deletes the keys under
// each prefix this file made, and nothing else in the shared Redis.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, expect, it } from 'vitest';
import { TEST_REDIS_URL } from '../src/env';
import { removeMadePrefixes, uniquePrefix } from '../src/prefixes';

const redis = new Redis(TEST_REDIS_URL);
afterAll(() => redis.quit());

const keysUnder = async (prefix: string) => {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    found.push(...keys);
    cursor = next;
  } while (cursor !== '0');
  return found;
};

it("deletes every key under the file's prefixes, and no one else's", async () => {
  const mine = [uniquePrefix('q'), uniquePrefix('dash')];
  // A prefix this file did not make (another file's, another run's), and one that merely starts
  // with the same characters.
  const other = `test-other-${randomBytes(4).toString('hex')}`;
  const lookalike = `${mine[0]}x`;
  for (const prefix of [...mine, other, lookalike]) {
    const writes = redis.pipeline();
    for (let i = 0; i < 1500; i++) writes.set(`${prefix}:job:${i}`, 'x');
    writes.zadd(`${prefix}:orders:failed`, 1, 'a');
    await writes.exec();
  }

  expect(await removeMadePrefixes(TEST_REDIS_URL)).toBe(2);
  for (const prefix of mine) expect(await keysUnder(prefix)).toEqual([]);
  expect(await keysUnder(other)).toHaveLength(1501);
  expect(await keysUnder(lookalike)).toHaveLength(1501);
  // Forgotten once removed: the file's own cleanup has nothing left to do.
  expect(await removeMadePrefixes(TEST_REDIS_URL)).toBe(0);

  await redis.unlink(...(await keysUnder(other)), ...(await keysUnder(lookalike)));
});
