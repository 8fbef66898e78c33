import { brotliCompressSync, brotliDecompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { TaggedCache } from '../http/tagged-cache';
import type { CatalogChange } from '@kanak/core';
import { BROTLI_QUALITY } from '../http/compression';

/** One server-rendered page for visitors, with the tags of every answer it shows. */
export interface RenderedPage {
  status: number;
  html: string;
  tags: readonly string[];
}

/**
 * A page as the cache keeps it: brotli-compressed only (a product page's 90 kB of HTML, twice
 * that as a JavaScript string with a ₹ in it, is about 12 kB), so a megabyte holds ten times
 * the pages. Browsers ask for brotli; any other client gets it decompressed (and gzipped).
 */
export interface CachedPage {
  status: number;
  tags: readonly string[];
  br: Buffer;
}

/**
 * One finished render as its requests share it: the page as kept (compressed when first asked
 * for) for the requests that waited, and for the request that rendered it (which streamed the
 * document's head at once) the rest of the document after that head.
 */
export interface SharedRender {
  page: () => CachedPage;
  rest: string;
}

export interface PageCacheOptions {
  maxBytes: number;
  /** The share of maxBytes that variant pages (queries, made-up listing paths) may hold. */
  variantShare?: number;
  ttlMs: number;
  /** False while invalidations cannot be heard (Redis subscription down): keep nothing. */
  listening: () => boolean;
}

/** Variant pages hold at most a quarter of the page cache. */
export const DEFAULT_VARIANT_SHARE = 0.25;

export interface KeepPageOptions {
  rendered: RenderedPage;
  mark: number;
  variant?: boolean;
}

/**
 * The storefront's HTML as visitors get it, per URL. It follows the catalogue read cache's rules
 * (api/read-cache.ts): dropped by the same changes (this process's at once, others' over Redis),
 * and a page rendered while a change arrived is sent but never stored.
 */
export class PageCache {
  /** Home, product, content and menu listing pages. */
  private readonly entries: TaggedCache<CachedPage>;
  /**
   * Filtered, searched and made-up listing pages, apart: however many a client asks for twice,
   * they push out only each other, never a page of `entries`.
   */
  private readonly variants: TaggedCache<CachedPage>;
  private generation = 0;

  constructor(private readonly options: PageCacheOptions) {
    const share = options.variantShare ?? DEFAULT_VARIANT_SHARE;
    const sizeOf = (page: CachedPage, key: string) => page.br.length + key.length + 200;
    this.entries = new TaggedCache<CachedPage>({
      maxBytes: options.maxBytes * (1 - share),
      ttlMs: options.ttlMs,
      sizeOf,
    });
    this.variants = new TaggedCache<CachedPage>({
      maxBytes: options.maxBytes * share,
      ttlMs: options.ttlMs,
      sizeOf,
    });
  }

  get enabled() {
    return this.options.maxBytes > 0 && this.options.listening();
  }

  get(key: string): CachedPage | undefined {
    return this.enabled ? (this.entries.get(key) ?? this.variants.get(key)) : undefined;
  }

  /** The generation to hand back to `set`: a change heard in between keeps the page out. */
  get mark() {
    return this.generation;
  }

  /** Keeps the page (unless a change was heard since `mark`); answers it compressed either way. */
  set(key: string, { rendered, mark, variant = false }: KeepPageOptions): CachedPage {
    const page = compressedPage(rendered);
    if (mark !== this.generation || !this.enabled) return page;
    (variant ? this.variants : this.entries).set(key, page);
    return page;
  }

  invalidate(change: CatalogChange) {
    this.generation += 1;
    this.entries.drop(change);
    this.variants.drop(change);
  }

  get size() {
    return this.entries.size + this.variants.size;
  }

  /** Entries among variants (queries, made-up listing paths). */
  get variantSize() {
    return this.variants.size;
  }
}

export function compressedPage({ status, tags, html }: RenderedPage): CachedPage {
  const br = brotliCompressSync(html, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
    },
  });
  return { status, tags, br };
}

/** A kept page's body in the encoding the client takes (null: none). */
export function encodedPage(page: CachedPage, encoding: 'br' | 'gzip' | null): Buffer {
  if (encoding === 'br') return page.br;
  const html = brotliDecompressSync(page.br);
  return encoding === 'gzip' ? gzipSync(html, { level: 6 }) : html;
}
