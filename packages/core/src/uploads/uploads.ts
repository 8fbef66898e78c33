import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { badRequest } from '../common';
import { detectImageType, IMAGE_TYPES } from './image-type';
import type { ImageStore } from './image-store';
import { sanitizeSvg } from './sanitize-svg';

export const UPLOAD_URL_PREFIX = '/media/uploads/';
/** Stored names are random, so a URL can never be guessed or collide, and never changes. */
const STORED_NAME = /^[0-9a-f]{32}\.(jpg|png|webp|gif|svg|pdf)$/;

export const UNSUPPORTED_IMAGE = 'Only JPEG, PNG, WebP, GIF or SVG images can be uploaded';
export const UNSUPPORTED_CERTIFICATE =
  'A certificate can be a PDF or a JPEG, PNG, WebP, GIF or SVG image';

/** What an upload is for: a product image, or a stone's certificate (a PDF is accepted too). */
export type UploadKind = 'image' | 'certificate';
const UPLOAD_TYPES = { ...IMAGE_TYPES, pdf: 'application/pdf' } as const;
type UploadExtension = keyof typeof UPLOAD_TYPES;
const isPdf = (bytes: Uint8Array) =>
  bytes.length >= 5 && new TextDecoder().decode(bytes.subarray(0, 5)) === '%PDF-';

/**
 * Checks the bytes are an image (or, for a certificate, a PDF) and stores them under a random
 * name; answers that name. Raster images and PDFs are stored as sent; an SVG is stored as
 * sanitizeSvg re-serialized it, or refused.
 */
export async function storeUpload(
  store: ImageStore,
  bytes: Uint8Array,
  kind: UploadKind = 'image',
): Promise<string> {
  if (bytes.length === 0) throw badRequest('The uploaded file is empty');
  const ext: UploadExtension | null =
    detectImageType(bytes) ?? (kind === 'certificate' && isPdf(bytes) ? 'pdf' : null);
  if (!ext) throw badRequest(kind === 'certificate' ? UNSUPPORTED_CERTIFICATE : UNSUPPORTED_IMAGE);
  const stored = ext === 'svg' ? await sanitizeSvg(bytes) : bytes;
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  await store.put(name, stored, UPLOAD_TYPES[ext]);
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
  return body && { body, contentType: UPLOAD_TYPES[match[1] as UploadExtension] };
}
