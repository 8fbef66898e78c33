import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { isUnavailable, lazy, unavailable, type ImageStore } from '@kanak/core';

/** The AWS SDK on first use: a shop on local storage, and every test file, never loads it. */
const awsSdk = lazy(() => import('@aws-sdk/client-s3'));

export const STORAGE_UNAVAILABLE =
  'Image storage cannot be reached right now. Please try again in a moment.';

export interface S3ImageStoreOptions {
  bucket: string;
  region: string;
  /** MinIO, s3rver or another S3-compatible server; AWS itself when absent. */
  endpoint?: string | undefined;
  forcePathStyle: boolean;
  /** Both or neither; neither uses the SDK's default chain (AWS_* variables, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Bound on connecting and on waiting for an answer, per attempt. */
  timeoutMs: number;
  /** Sent with each object, for whoever serves it directly (a CDN in front of the bucket). */
  cacheControl: string;
}

/** Unreachable, too slow, or failing on its side: the same as a database outage for a client. */
function isOutage(error: unknown): boolean {
  if (isUnavailable(error)) return true;
  if (!(error instanceof Error)) return false;
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return true;
  return '$fault' in error && error.$fault === 'server';
}

/** An outage becomes a 503 naming image storage; anything else (access denied, no bucket) stays a fault. */
function asStorageError(error: unknown): unknown {
  if (!isOutage(error)) return error;
  const refusal = unavailable(STORAGE_UNAVAILABLE);
  refusal.cause = error;
  return refusal;
}

/** Images as objects in one S3 bucket (AWS SDK v3), so every server replica reads every image. */
export function s3ImageStore(options: S3ImageStoreOptions): ImageStore {
  let made: S3Client | null = null;
  const client = lazy(async () => {
    const { S3Client } = await awsSdk();
    made = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      // One retry: a request waits at most about twice timeoutMs, not the SDK's three attempts.
      maxAttempts: 2,
      requestHandler: {
        connectionTimeout: options.timeoutMs,
        // Until the answer's headers; without throwOnRequestTimeout it would only log a warning.
        requestTimeout: options.timeoutMs,
        throwOnRequestTimeout: true,
      },
    });
    return made;
  });
  const { bucket } = options;
  return {
    description: `S3 bucket ${bucket}${options.endpoint ? ` at ${options.endpoint}` : ''}`,
    async put(name, bytes, contentType) {
      const { PutObjectCommand } = await awsSdk();
      const s3 = await client();
      await s3
        .send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: name,
            Body: bytes,
            ContentType: contentType,
            CacheControl: options.cacheControl,
          }),
        )
        .catch((error: unknown) => {
          throw asStorageError(error);
        });
    },
    async get(name) {
      try {
        const { GetObjectCommand } = await awsSdk();
        const s3 = await client();
        const { Body } = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: name }));
        // In Node the SDK answers an IncomingMessage; anything else would be a runtime mix-up.
        if (!(Body instanceof Readable)) throw new Error('S3 GetObject answered no Node stream');
        return Body;
      } catch (error) {
        if (error instanceof Error && error.name === 'NoSuchKey') return null;
        throw asStorageError(error);
      }
    },
    close() {
      made?.destroy();
    },
  };
}
