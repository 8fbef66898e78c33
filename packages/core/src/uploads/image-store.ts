import type { Readable } from 'node:stream';

/**
 * Where uploaded images are kept: a local directory (one machine, the default) or S3-compatible
 * object storage (any number of servers). What may be stored and under which name is decided by
 * storeUpload and openUpload (uploads.ts); a store only keeps bytes.
 */
export interface ImageStore {
  /** For logs: "directory /data/uploads", "S3 bucket kanak-uploads". */
  readonly description: string;
  /** Stores a new image; names are random, so an existing one is never overwritten. */
  put(name: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The stored bytes as a stream, or null when nothing is stored under `name`. */
  get(name: string): Promise<Readable | null>;
  /** Releases connections; safe to call twice. */
  close(): void;
}
