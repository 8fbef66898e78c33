import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticate, bearerToken } from '@kanak/core';
import type { AppServices } from '../services';

export const QUEUE_BOARD_PATH = '/admin/queues';
const COOKIE = 'kanak_queue_board';

function cookieToken(request: FastifyRequest): string | null {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === COOKIE) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/**
 * bull-board for admins at /admin/queues. A browser cannot send the bearer header on navigation,
 * so the admin area opens `/admin/queues?token=<jwt>` once: the token moves into an HttpOnly
 * cookie scoped to this path and the URL is cleaned by a redirect.
 */
export async function registerQueueBoard(app: FastifyInstance, services: AppServices) {
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const url = new URL(request.url, 'http://local');
      const fromQuery = url.searchParams.get('token');
      const token = bearerToken(request.headers.authorization) ?? fromQuery ?? cookieToken(request);
      const user = token ? await authenticate(services.db, services.tokens, token).catch(() => null) : null;
      if (!user) return reply.status(401).send({ error: 'UNAUTHORIZED', message: 'Please log in as an administrator to see the queues' });
      if (user.role !== 'ADMIN') return reply.status(403).send({ error: 'FORBIDDEN', message: 'Only administrators can do this' });
      if (fromQuery) {
        url.searchParams.delete('token');
        const secure = request.protocol === 'https' ? '; Secure' : '';
        reply.header('set-cookie', `${COOKIE}=${encodeURIComponent(fromQuery)}; Path=${QUEUE_BOARD_PATH}; HttpOnly; SameSite=Strict${secure}`);
        return reply.redirect(`${url.pathname}${url.search}`, 303);
      }
      return undefined;
    });
    const serverAdapter = new FastifyAdapter();
    createBullBoard({
      queues: [new BullMQAdapter(services.pipeline.payments), new BullMQAdapter(services.pipeline.transitions)],
      // @bull-board/fastify 9.10.1 brings its own copy of @bull-board/api 9.10.1 beside ours (9.10.2):
      // same shape, but TypeScript sees two declarations of a private field.
      serverAdapter: serverAdapter as unknown as Parameters<typeof createBullBoard>[0]['serverAdapter'],
      options: { uiConfig: { boardTitle: 'Kanak queues' } },
    });
    serverAdapter.setBasePath(QUEUE_BOARD_PATH);
    await scope.register(serverAdapter.registerPlugin(), { prefix: QUEUE_BOARD_PATH });
  });
}

