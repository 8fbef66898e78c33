import { localImageStore, type ImageStore } from '@kanak/core';
import type { Config } from '../config';
import { LONG_CACHE } from '../media/media.rest';
import { s3ImageStore } from './s3-image-store';

/** S3 when S3_BUCKET is set (several servers), else the local UPLOAD_DIR (one machine). */
export function createImageStore(config: Config): ImageStore {
  if (!config.S3_BUCKET) return localImageStore(config.UPLOAD_DIR);
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
  return s3ImageStore({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    timeoutMs: config.S3_TIMEOUT_MS,
    cacheControl: LONG_CACHE,
  });
}
