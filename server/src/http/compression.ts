import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * brotli or gzip for JSON, HTML, SVG and other text answers over 1 kB. Answers that arrive
 * compressed already pass through untouched: cached catalogue reads (compressed once per entry,
 * api/read-cache.ts) and the web's assets (.br/.gz made by `pnpm build`, web/static.ts).
 * brotli at quality 4: most of its gain over gzip for a fraction of quality 11's CPU.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
}
