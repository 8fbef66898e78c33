import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../services';
import { loadServerRender } from './ssr';

const API_PREFIXES = ['/api/', '/trpc/', '/auth/', '/media/'];

/**
 * Serves the built web: storefront pages rendered on the server (web/ssr.ts), other client-side
 * routes fall back to index.html.
 */
export async function registerWeb(app: FastifyInstance, webDist: string, services: AppServices) {
  const index = path.join(webDist, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn({ webDist }, 'web build not found: run `pnpm build` to serve the storefront');
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // The .br/.gz files `pnpm build` writes beside each asset, chosen by Accept-Encoding.
    preCompressed: true,
    setHeaders(res, filePath) {
      // Vite puts a content hash in every asset name: those never change.
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  const serveStorefront = await loadServerRender(services, webDist, app.log);
  app.get('/*', async (request, reply) => {
    const url = request.url.split('?')[0]!;
    if (API_PREFIXES.some((p) => url.startsWith(p))) {
      return reply
        .status(404)
        .send({ error: 'NOT_FOUND', message: `No route for ${request.method} ${url}` });
    }
    const file = path.join(webDist, path.normalize(url).replace(/^(\.\.(\/|\\|$))+/, ''));
    if (
      url !== '/' &&
      file.startsWith(webDist) &&
      fs.existsSync(file) &&
      fs.statSync(file).isFile()
    ) {
      return reply.sendFile(path.relative(webDist, file));
    }
    if (serveStorefront && (await serveStorefront(request, reply))) return reply;
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
