import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { badRequest } from '../common/errors';
import { detectImageType, IMAGE_TYPES, type ImageExtension } from './image-type';
import type { ImageStore } from './image-store';
import { sanitizeSvg } from './sanitize-svg';

export const UPLOAD_URL_PREFIX = '/media/uploads/';
/** Stored names are random, so a URL can never be guessed or collide, and never changes. */
const STORED_NAME = /^[0-9a-f]{32}\.(jpg|png|webp|gif|svg)$/;

export const UNSUPPORTED_IMAGE = 'Only JPEG, PNG, WebP, GIF or SVG images can be uploaded';

/**
 * Checks the bytes are an image and stores them under a random name; answers that name. Raster
 * images are stored as sent; an SVG is stored as sanitizeSvg re-serialized it, or refused.
 */
export async function storeUpload(store: ImageStore, bytes: Uint8Array): Promise<string> {
  if (bytes.length === 0) throw badRequest('The uploaded file is empty');
  const ext = detectImageType(bytes);
  if (!ext) throw badRequest(UNSUPPORTED_IMAGE);
  const stored = ext === 'svg' ? await sanitizeSvg(bytes) : bytes;
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  await store.put(name, stored, IMAGE_TYPES[ext]);
  return name;
}

/**
 * A stored image's bytes and content type (from its name, which only storeUpload gave), or null
 * for a name storeUpload could not have given or one with nothing stored under it.
 */
export async function openUpload(
  store: ImageStore,
  name: string,
): Promise<{ body: Readable; contentType: string } | null> {
  const match = STORED_NAME.exec(name);
  if (!match) return null;
  const body = await store.get(name);
  return body && { body, contentType: IMAGE_TYPES[match[1] as ImageExtension] };
}
