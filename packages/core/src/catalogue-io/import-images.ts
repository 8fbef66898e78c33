import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { ImageStore } from '../uploads';
import { storeUpload, UPLOAD_URL_PREFIX } from '../uploads';
import { readZipOffThread } from './zip-reader';

/** A file name the images column may give: a plain name (no folders) with an image's extension. */
export const IMAGE_FILE_NAME = /^[\w][\w .()-]{0,150}\.(jpe?g|png|webp|gif|svg)$/i;
/** One image as unpacked (the zip as a whole: zip-reader's caps). */
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** The images of an uploaded zip, by file name (folders inside the zip are ignored). */
export async function readImageZip(bytes: Buffer | null): Promise<Map<string, Uint8Array>> {
  if (!bytes) return new Map();
  const { files } = await readZipOffThread(bytes, {
    what: 'The images zip',
    keep: IMAGE_FILE_NAME,
    maxEntryBytes: MAX_IMAGE_BYTES,
  });
  return files;
}

/**
 * An image of the zip stored as an upload is (sniffed, an SVG sanitised: storeUpload), once per
 * content: the same bytes imported again get the URL they got the first time, so re-importing a
 * file changes nothing.
 */
export async function importedImageUrl(
  db: Kysely<Database>,
  store: ImageStore,
  bytes: Uint8Array,
): Promise<string> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const known = await db
    .selectFrom('catalogue_import_images')
    .select('url')
    .where('sha256', '=', sha256)
    .executeTakeFirst();
  if (known) return known.url;
  const url = `${UPLOAD_URL_PREFIX}${await storeUpload(store, bytes, 'image')}`;
  await db
    .insertInto('catalogue_import_images')
    .values({ sha256, url })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const stored = await db
    .selectFrom('catalogue_import_images')
    .select('url')
    .where('sha256', '=', sha256)
    .executeTakeFirstOrThrow();
  return stored.url;
}
