import { getHeapStatistics } from 'node:v8';

/**
 * What the server's heap holds besides its caches at peak under the bench's load: about 146 MB
 * live (README "Memory": module sources and code, the render bundle, connections and requests in
 * flight), rounded up.
 */
export const HEAP_BESIDES_CACHES_MB = 160;

/**
 * A warning when the caches (CATALOG_CACHE_MB + PAGE_CACHE_MB) leave the rest of the server less
 * than it needs under the V8 heap limit (the image's NODE_OPTIONS --max-old-space-size): past the
 * limit the process stops with "heap out of memory" instead of answering. Null when they fit.
 */
export function heapHeadroomWarning(
  cachesMb: number,
  heapLimitBytes = getHeapStatistics().heap_size_limit,
): string | null {
  const limitMb = Math.floor(heapLimitBytes / 1024 / 1024);
  if (cachesMb + HEAP_BESIDES_CACHES_MB <= limitMb) return null;
  return `CATALOG_CACHE_MB + PAGE_CACHE_MB (${cachesMb} MB) leave less than ${HEAP_BESIDES_CACHES_MB} MB of the heap limit (${limitMb} MB): raise --max-old-space-size in NODE_OPTIONS to at least ${cachesMb + HEAP_BESIDES_CACHES_MB} or lower the caches, or the server may stop with "heap out of memory" under load`;
}
