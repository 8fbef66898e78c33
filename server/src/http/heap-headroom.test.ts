import { describe, expect, it } from 'vitest';
import { HEAP_BESIDES_CACHES_MB, heapHeadroomWarning } from './heap-headroom';

const mb = (n: number) => n * 1024 * 1024;

describe('heapHeadroomWarning', () => {
  it('says nothing when the caches leave the server its share of the heap limit', () => {
    // The image's defaults: 32 + 16 MB of caches under --max-old-space-size=256 (a limit of
    // about 256 MB plus the young generation).
    expect(heapHeadroomWarning(48, mb(264))).toBeNull();
    expect(heapHeadroomWarning(256 - HEAP_BESIDES_CACHES_MB, mb(256))).toBeNull();
  });

  it('names the variables and the limit to raise when the caches crowd the heap', () => {
    const warning = heapHeadroomWarning(512, mb(264));
    expect(warning).toMatch(/CATALOG_CACHE_MB \+ PAGE_CACHE_MB \(512 MB\)/);
    expect(warning).toMatch(/--max-old-space-size in NODE_OPTIONS to at least 672/);
  });
});
