import type { FastifyInstance } from 'fastify';
import { parseArtName, renderJewelArt } from '@kanak/shared';

export const LONG_CACHE = 'public, max-age=31536000, immutable';

/** Seed drawings, rendered on request: deterministic, so they can be cached forever. */
export function registerMediaRest(app: FastifyInstance) {
  app.get<{ Params: { name: string } }>('/media/art/:name', async (request, reply) => {
    const art = parseArtName(request.params.name);
    if (!art) return reply.status(404).send({ error: 'NOT_FOUND', message: 'Image not found' });
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', LONG_CACHE)
      .send(renderJewelArt(art.shape, art.finish, art.view));
  });
}
