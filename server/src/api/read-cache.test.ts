import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache';

describe("the read cache's remembered URLs", () => {
  const cache = () => new ReadCache({ maxBytes: 1_000_000, ttlMs: 60_000, listening: () => true });
  const load = async () => ({ result: { content: [1, 2, 3] }, tags: ['catalog'] });

  it('answers a remembered URL from its stored entry, and goes the whole way once it is dropped', async () => {
    const c = cache();
    await c.answer('catalog.list:{}', load);
    c.rememberUrl('/api/products?page=0', ['catalog.list:{}']);
    expect(c.answersFor('/api/products?page=0')?.answers[0]?.json).toBe('{"content":[1,2,3]}');
    c.invalidate({ scope: 'all' });
    expect(c.answersFor('/api/products?page=0')).toBeUndefined();
  });

  it('does not remember a padded URL: each long one would hold its length for good', async () => {
    const c = cache();
    await c.answer('catalog.list:{}', load);
    const padded = `/api/products?page=0&_=${'x'.repeat(2000)}`;
    c.rememberUrl(padded, ['catalog.list:{}']);
    expect(c.answersFor(padded)).toBeUndefined();
  });
});
