import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { badRequest } from '../shared/errors';
import { detectImageType, IMAGE_TYPES, type ImageExtension } from './image-type';
import { sanitizeSvg } from './sanitize-svg';

export const UPLOAD_URL_PREFIX = '/media/uploads/';
/** Stored names are random, so a URL can never be guessed or collide, and never changes. */
const STORED_NAME = /^[0-9a-f]{32}\.(jpg|png|webp|gif|svg)$/;

export const UNSUPPORTED_IMAGE = 'Only JPEG, PNG, WebP, GIF or SVG images can be uploaded';

/**
 * Checks the bytes are an image and stores them under a random name; answers that name. Raster
 * images are stored as sent; an SVG is stored as sanitizeSvg re-serialized it, or refused.
 */
export async function storeUpload(uploadDir: string, bytes: Uint8Array): Promise<string> {
  if (bytes.length === 0) throw badRequest('The uploaded file is empty');
  const ext = detectImageType(bytes);
  if (!ext) throw badRequest(UNSUPPORTED_IMAGE);
  const stored = ext === 'svg' ? await sanitizeSvg(bytes) : bytes;
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  await mkdir(uploadDir, { recursive: true });
  await writeFile(path.join(uploadDir, name), stored, { flag: 'wx' });
  return name;
}

/** The file of a stored name and its content type, or null for anything we did not store. */
export function storedUpload(
  uploadDir: string,
  name: string,
): { file: string; contentType: string } | null {
  const match = STORED_NAME.exec(name);
  if (!match) return null;
  return { file: path.join(uploadDir, name), contentType: IMAGE_TYPES[match[1] as ImageExtension] };
}
