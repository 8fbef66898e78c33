// A setup file of the integration and e2e projects: when a test file ends, after its own afterAll
// hooks have closed its servers and workers, the Redis keys under the queue prefixes it made are
// removed, so a run leaves nothing in the shared Redis.
import { afterAll } from 'vitest';
import { TEST_REDIS_URL } from './env';
import { removeMadePrefixes } from './prefixes';

// Registered before any of the file's own hooks: vitest runs afterAll hooks last-registered
// first, so this one runs after them.
afterAll(async () => {
  await removeMadePrefixes(TEST_REDIS_URL);
});
