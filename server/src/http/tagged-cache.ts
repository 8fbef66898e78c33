import { LRUCache } from 'lru-cache';
import type { CatalogChange } from '@kanak/core';

/** Ids arrive as clients typed them (any case) and as stored (lower case): one spelling here. */
const sameId = (id: string) => id.toLowerCase();

export interface TaggedCacheOptions<V> {
  maxBytes: number;
  ttlMs: number;
  /** Bytes an entry holds, counted up front. */
  sizeOf: (value: V, key: string) => number;
  onEvict?: () => void;
}

/**
 * A byte-bounded LRU whose entries carry the ids of what they show (tags), so that a catalogue
 * change drops exactly the entries that showed a changed product: the rule the read cache and the
 * page cache share.
 */
export class TaggedCache<V extends { tags: readonly string[] }> {
  private readonly entries: LRUCache<string, V>;
  private readonly keysByTag = new Map<string, Set<string>>();

  constructor(options: TaggedCacheOptions<V>) {
    this.entries = new LRUCache<string, V>({
      maxSize: Math.max(1, Math.floor(options.maxBytes)),
      ttl: options.ttlMs,
      sizeCalculation: options.sizeOf,
      dispose: (value, key, reason) => {
        if (reason === 'evict') options.onEvict?.();
        for (const tag of value.tags.map(sameId)) {
          const keys = this.keysByTag.get(tag);
          keys?.delete(key);
          if (keys?.size === 0) this.keysByTag.delete(tag);
        }
      },
    });
  }

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  /** No recency update. */
  peek(key: string): V | undefined {
    return this.entries.peek(key);
  }

  set(key: string, value: V) {
    this.entries.set(key, value);
    if (!this.entries.has(key)) return; // larger than the whole cache
    for (const tag of value.tags.map(sameId)) {
      let keys = this.keysByTag.get(tag);
      if (!keys) this.keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  /** Drops what the change touched: every entry, or those tagged with a changed product. */
  drop(change: CatalogChange) {
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
