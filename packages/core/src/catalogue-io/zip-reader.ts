import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { badRequest } from '../common';
import { ZIP_WORKER_SOURCE } from './zip-worker-source';

/** All of a zip's contents unpacked; past it, or past 100 times the zip's size, it is refused. */
export const MAX_UNZIPPED_BYTES = 256 * 1024 * 1024;
export const MAX_ZIP_RATIO = 100;
const MAX_ZIP_ENTRIES = 5000;

const fflate = createRequire(import.meta.url).resolve('fflate');

export interface ZipReadOptions {
  /** What the zip is, in messages ("The images zip", "The XLSX file"). */
  what: string;
  /** Files kept by their base name; absent: every file is inflated and counted, none kept. */
  keep?: RegExp;
  /** At most this much per kept file. */
  maxEntryBytes?: number;
}

type Answer =
  | { ok: true; total: number; files: [string, Uint8Array][] }
  | { ok: false; refusal: 'entries' | 'entry' | 'total' | 'ratio' | 'broken'; name: string | null };

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * A zip read in a worker thread with a running count of the bytes it unpacks: a zip bomb is
 * refused (400) once it passes the cap, whatever its headers claim, and the server's event loop
 * (health checks, every other request) never waits on the inflating.
 */
export async function readZipOffThread(
  bytes: Uint8Array,
  options: ZipReadOptions,
): Promise<{ total: number; files: Map<string, Uint8Array> }> {
  const maxEntry = options.maxEntryBytes ?? MAX_UNZIPPED_BYTES;
  const copy = new Uint8Array(bytes); // its own buffer, moved to the worker
  const worker = new Worker(ZIP_WORKER_SOURCE, {
    eval: true,
    workerData: {
      fflate,
      bytes: copy,
      maxTotal: MAX_UNZIPPED_BYTES,
      maxEntry,
      maxEntries: MAX_ZIP_ENTRIES,
      keep: options.keep ? { source: options.keep.source, flags: options.keep.flags } : null,
    },
    transferList: [copy.buffer],
  });
  const answer = await new Promise<Answer>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`zip worker exited with code ${code}`)));
  }).finally(() => void worker.terminate());
  if (answer.ok) return { total: answer.total, files: new Map(answer.files) };
  switch (answer.refusal) {
    case 'entries':
      throw badRequest(`${options.what} holds more than ${MAX_ZIP_ENTRIES} files`);
    case 'entry':
      throw badRequest(`${answer.name ?? 'A file'} is larger than ${mb(maxEntry)} unpacked`);
    case 'total':
      throw badRequest(
        `${options.what} unpacks to more than ${mb(MAX_UNZIPPED_BYTES)}: it is refused (a zip bomb?)`,
      );
    case 'ratio':
      throw badRequest(
        `${options.what} unpacks to more than ${MAX_ZIP_RATIO} times its size: it is refused (a zip bomb?)`,
      );
    default:
      throw badRequest(`${options.what} is not a zip that can be read`);
  }
}
