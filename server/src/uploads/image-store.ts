import { localImageStore, type ImageStore } from '@kanak/core';
import type { Config } from '../config';
import { LONG_CACHE } from '../media/media.rest';
import type { S3ImageStoreOptions } from './s3-image-store';

/**
 * The AWS SDK (about 20 MB resident) is loaded only when S3 is configured: a single-machine shop
 * never pays for it.
 */
function lazyS3ImageStore(options: S3ImageStoreOptions): ImageStore {
  const store = import('./s3-image-store').then((m) => m.s3ImageStore(options));
  return {
    description: `S3 bucket ${options.bucket}${options.endpoint ? ` at ${options.endpoint}` : ''}`,
    put: async (name, bytes, contentType) => (await store).put(name, bytes, contentType),
    get: async (name) => (await store).get(name),
    close: () => void store.then((s) => s.close()),
  };
}

/** S3 when S3_BUCKET is set (several servers), else the local UPLOAD_DIR (one machine). */
export function createImageStore(config: Config): ImageStore {
  if (!config.S3_BUCKET) return localImageStore(config.UPLOAD_DIR);
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
  return lazyS3ImageStore({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    timeoutMs: config.S3_TIMEOUT_MS,
    cacheControl: LONG_CACHE,
  });
}
