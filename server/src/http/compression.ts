import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * brotli or gzip for JSON, HTML, SVG and other text answers over 1 kB. Answers that arrive
 * compressed already pass through untouched: cached catalogue reads (compressed once per entry,
 * api/read-cache.ts) and the web's assets (.br/.gz made by `pnpm build`, web/static.ts).
 * brotli at quality 4: most of its gain over gzip for a fraction of the default quality 11's CPU
 * (at 11 a 20 kB listing costs milliseconds per answer, which capped uncached reads and tRPC).
 */
/** Shared with the read cache, which compresses its answers once itself. */
export const BROTLI_QUALITY = 4;

export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: 6 },
  });
}
