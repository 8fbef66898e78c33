import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { CatalogChange } from '@kanak/core';
import { BROTLI_QUALITY } from '../http/compression';

/** One server-rendered page for visitors, with the tags of every answer it shows. */
export interface CachedPage {
  status: number;
  html: string;
  tags: readonly string[];
  /** Made on the first request that accepts each encoding, then reused. */
  br?: Buffer;
  gzip?: Buffer;
}

export interface PageCacheOptions {
  maxBytes: number;
  ttlMs: number;
  /** False while invalidations cannot be heard (Redis subscription down): keep nothing. */
  listening: () => boolean;
}

const sameId = (id: string) => id.toLowerCase();

/**
 * The storefront's HTML as visitors get it, per URL. It follows the catalogue read cache's rules
 * (api/read-cache.ts): dropped by the same changes (this process's at once, others' over Redis),
 * and a page rendered while a change arrived is sent but never stored.
 */
export class PageCache {
  private readonly entries: LRUCache<string, CachedPage>;
  private readonly keysByTag = new Map<string, Set<string>>();
  private generation = 0;

  constructor(private readonly options: PageCacheOptions) {
    this.entries = new LRUCache<string, CachedPage>({
      maxSize: Math.max(1, Math.floor(options.maxBytes)),
      ttl: options.ttlMs,
      // The HTML (UTF-16 in memory) and its compressed copies (a fraction, counted up front).
      sizeCalculation: (page, key) => page.html.length * 3 + key.length + 200,
      dispose: (page, key) => {
        for (const tag of page.tags.map(sameId)) {
          const keys = this.keysByTag.get(tag);
          keys?.delete(key);
          if (keys?.size === 0) this.keysByTag.delete(tag);
        }
      },
    });
  }

  get enabled() {
    return this.options.maxBytes > 0 && this.options.listening();
  }

  get(key: string): CachedPage | undefined {
    return this.enabled ? this.entries.get(key) : undefined;
  }

  /** The generation to hand back to `set`: a change heard in between keeps the page out. */
  get mark() {
    return this.generation;
  }

  set(key: string, page: CachedPage, mark: number) {
    if (mark !== this.generation || !this.enabled) return;
    this.entries.set(key, page);
    if (!this.entries.has(key)) return; // larger than the whole cache
    for (const tag of page.tags.map(sameId)) {
      let keys = this.keysByTag.get(tag);
      if (!keys) this.keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  invalidate(change: CatalogChange) {
    this.generation += 1;
    if (change.scope === 'all') {
      this.entries.clear();
      this.keysByTag.clear();
      return;
    }
    for (const id of change.productIds.map(sameId))
      for (const key of [...(this.keysByTag.get(id) ?? [])]) this.entries.delete(key);
  }

  get size() {
    return this.entries.size;
  }
}

/** A page's body in an encoding, compressed once per cached page. */
export function encodedPage(page: CachedPage, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'br')
    return (page.br ??= brotliCompressSync(page.html, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(page.html),
      },
    }));
  return (page.gzip ??= gzipSync(page.html, { level: 6 }));
}
