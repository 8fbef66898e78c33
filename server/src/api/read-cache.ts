import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import { TaggedCache } from '../http/tagged-cache';
import type { CatalogChange } from '@kanak/core';
import { BROTLI_QUALITY } from '../http/compression';

/** A body's ETag and the compressed forms made on first demand, then reused. */
export interface Compressed {
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

/** A body as sent: its JSON, ETag and compressed forms. */
export interface EncodedBody extends Compressed {
  json: string;
}

/**
 * One cached answer: its JSON, ETag and compressed bodies (REST sends them as they are; tRPC
 * wraps the JSON in its envelope, trpc/direct-trpc-queries.ts). The parsed result is not kept:
 * it cost several times the JSON's memory, and only a call outside both fast paths needs it.
 */
export interface CachedAnswer extends EncodedBody {
  /** The products this answer shows: a change to any of them drops it. */
  tags: readonly string[];
  /**
   * The tRPC answer of this one query, alone (`{"result":…}`) and as a batch of one (`[…]`):
   * only its ETag and compressed forms (the text is put together when sent).
   */
  trpc?: Compressed;
  trpcBatch?: Compressed;
}

/** URLs remembered with the keys they were answered from (about 300 bytes each). */
const MAX_REMEMBERED_URLS = 5000;
/**
 * Longer URLs go the whole way each time: padded with a dropped parameter or spaces in tRPC's
 * input, 5,000 of them at 16 kB would hold 80 MB.
 */
const MAX_REMEMBERED_URL_CHARS = 1024;

export interface ReadCacheOptions {
  maxBytes: number;
  ttlMs: number;
  /** False while invalidations cannot be heard (Redis subscription down): read through, keep nothing. */
  listening: () => boolean;
}

export interface Loaded {
  result: unknown;
  tags: readonly string[];
}

/** Weak: the same validator stands for the identity, br and gzip bodies of one answer. */
export const etagOf = (json: string) =>
  `W/"${createHash('sha1').update(json).digest('base64url')}"`;

function toAnswer({ result, tags }: Loaded): CachedAnswer {
  const json = JSON.stringify(result);
  return { json, etag: etagOf(json), tags };
}

/**
 * The catalogue read cache of one server process: answers of public, caller-independent queries
 * keyed by use case and normalized input. Every committed catalogue write reaches `invalidate`
 * (this process's own at once, others' over Redis pub/sub), and an answer whose read began before
 * an invalidation is handed out but never stored, so a later read never sees data older than
 * the last change it could have heard of.
 */
export class ReadCache {
  private readonly entries: TaggedCache<CachedAnswer>;
  /**
   * A visitor's GET URL → the keys of the answers it was sent from. A URL reads as the same
   * input every time (its path and query are all a public read's input), so a repeat is answered
   * from these keys without parsing, validating or normalizing it again. Only a key's entry
   * answers: a URL whose entry a change dropped goes the whole way again.
   */
  private readonly urls = new Map<string, readonly string[]>();
  /** Concurrent misses of one key share one load. */
  private readonly loading = new Map<string, Promise<CachedAnswer>>();
  private generation = 0;
  /** Counted for the metrics (hit ratio, memory pressure). */
  readonly stats = { hits: 0, misses: 0, evictions: 0 };

  constructor(private readonly options: ReadCacheOptions) {
    this.entries = new TaggedCache<CachedAnswer>({
      maxBytes: options.maxBytes,
      ttlMs: options.ttlMs,
      // The JSON (two bytes a character at worst) and the compressed bodies made later for REST
      // and tRPC (a fraction of it each, counted up front).
      sizeOf: (answer, key) => answer.json.length * 3 + key.length + 300,
      onEvict: () => (this.stats.evictions += 1),
    });
  }

  get enabled() {
    return this.options.maxBytes > 0 && this.options.listening();
  }

  /** The entry now stored under `key`, if any (no load, no recency update). */
  peek(key: string): CachedAnswer | undefined {
    return this.entries.peek(key);
  }

  /** Callers check `enabled` first: a disabled cache has nothing to answer from. */
  async answer(key: string, load: () => Promise<Loaded>): Promise<CachedAnswer> {
    const hit = this.entries.get(key);
    if (hit) {
      this.stats.hits += 1;
      return hit;
    }
    this.stats.misses += 1;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const loaded = load()
      .then((value) => {
        const answer = toAnswer(value);
        if (generation === this.generation && this.enabled) this.entries.set(key, answer);
        return answer;
      })
      .finally(() => {
        if (this.loading.get(key) === loaded) this.loading.delete(key);
      });
    this.loading.set(key, loaded);
    return loaded;
  }

  /** The answers a URL was last sent from, when every one is still stored (a hit each). */
  answersFor(url: string): { keys: readonly string[]; answers: CachedAnswer[] } | undefined {
    if (!this.enabled) return undefined;
    const keys = this.urls.get(url);
    if (!keys) return undefined;
    const answers: CachedAnswer[] = [];
    for (const key of keys) {
      const answer = this.entries.get(key);
      if (!answer) return undefined;
      answers.push(answer);
    }
    this.stats.hits += answers.length;
    return { keys, answers };
  }

  /** Remembers the keys a visitor's URL was answered from (the oldest URL makes room). */
  rememberUrl(url: string, keys: readonly string[]) {
    if (!this.enabled || url.length > MAX_REMEMBERED_URL_CHARS || this.urls.has(url)) return;
    if (this.urls.size >= MAX_REMEMBERED_URLS) this.urls.delete(this.urls.keys().next().value!);
    this.urls.set(url, keys);
  }

  invalidate(change: CatalogChange) {
    this.generation += 1;
    this.loading.clear();
    this.entries.drop(change);
  }

  get size() {
    return this.entries.size;
  }
}

const encodings = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] });

/** br over gzip when both are accepted (Accept-Encoding with its q-values); null when neither is. */
export function preferredEncoding(header: string | undefined): 'br' | 'gzip' | null {
  return header ? encodings.negotiate(header) : null;
}

/** The body for an encoding, compressed once per cached answer (brotli at the quality of live answers). */
export function encodedBody(answer: EncodedBody, encoding: 'br' | 'gzip'): Buffer {
  return compressedBody(answer, answer.json, encoding);
}

/** `text` compressed, made once and kept on `kept`. */
export function compressedBody(kept: Compressed, text: string, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'br')
    return (kept.br ??= brotliCompressSync(text, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.BROTLI_PARAM_SIZE_HINT]: text.length,
      },
    }));
  return (kept.gzip ??= gzipSync(text, { level: 6 }));
}

/** If-None-Match holds this ETag (or `*`). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}
