import { mkdir, open, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { ImageStore } from './image-store';

/** Images as files in one directory (UPLOAD_DIR): the single-machine default. */
export function localImageStore(directory: string): ImageStore {
  return {
    description: `directory ${directory}`,
    async put(name, bytes) {
      await mkdir(directory, { recursive: true });
      await writeFile(path.join(directory, name), bytes, { flag: 'wx' });
    },
    async get(name): Promise<Readable | null> {
      const handle = await open(path.join(directory, name), 'r').catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      });
      if (!handle) return null;
      // Checked and read through one handle: nothing can swap the file in between.
      const isFile = await handle.stat().then(
        (stats) => stats.isFile(),
        () => false,
      );
      if (isFile) return handle.createReadStream();
      await handle.close();
      return null;
    },
    close() {},
  };
}
