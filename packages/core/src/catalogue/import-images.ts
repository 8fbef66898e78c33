import { createHash } from 'node:crypto';
import { unzipSync } from 'fflate';
import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { badRequest, DomainError } from '../common/errors';
import type { ImageStore } from '../uploads/image-store';
import { storeUpload, UPLOAD_URL_PREFIX } from '../uploads/uploads';

/** A file name the images column may give: a plain name (no folders) with an image's extension. */
export const IMAGE_FILE_NAME = /^[\w][\w .()-]{0,150}\.(jpe?g|png|webp|gif|svg)$/i;
const MAX_ZIP_ENTRIES = 5000;
/** One image as unpacked, and all of a zip's images: a zip bomb is refused before it inflates. */
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const MAX_UNZIPPED_BYTES = 256 * 1024 * 1024;

/** The images of an uploaded zip, by file name (folders inside the zip are ignored). */
export function readImageZip(bytes: Buffer | null): Map<string, Uint8Array> {
  const images = new Map<string, Uint8Array>();
  if (!bytes) return images;
  let entries: Record<string, Uint8Array>;
  try {
    let seen = 0;
    let unzipped = 0;
    entries = unzipSync(bytes, {
      filter: (file) => {
        seen += 1;
        if (seen > MAX_ZIP_ENTRIES)
          throw badRequest(`The zip holds more than ${MAX_ZIP_ENTRIES} files`);
        const wanted =
          !file.name.endsWith('/') && IMAGE_FILE_NAME.test(file.name.split('/').pop() ?? '');
        if (!wanted) return false;
        // fflate inflates an entry into a buffer of its declared size, so these bound memory.
        if (file.originalSize > MAX_IMAGE_BYTES)
          throw badRequest(`${file.name} is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`);
        unzipped += file.originalSize;
        if (unzipped > MAX_UNZIPPED_BYTES)
          throw badRequest(
            `The zip's images come to more than ${MAX_UNZIPPED_BYTES / 1024 / 1024} MB unpacked`,
          );
        return true;
      },
    });
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw badRequest('The images file is not a zip that can be read');
  }
  for (const [path, data] of Object.entries(entries)) images.set(path.split('/').pop()!, data);
  return images;
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
