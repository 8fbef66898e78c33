import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_ONLY_MESSAGE, authenticate, bearerToken, isAdmin } from '@kanak/core';
import { appCsp, cspHeader } from '../http/security-headers';
import type { AppServices } from '../services';

export const QUEUE_BOARD_PATH = '/admin/queues';
const COOKIE = 'kanak_queue_board';

function cookieToken(request: FastifyRequest): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === COOKIE) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/**
 * bull-board's own page, under this prefix only: the shop's policy plus the Google Fonts
 * stylesheet and font files its HTML links. Its inline loading placeholder uses style attributes,
 * which the shop's style-src already allows; its scripts are files of its own.
 */
function queueBoardCsp(config: AppServices['config']): string {
  const shop = appCsp(config);
  return cspHeader({
    ...shop,
    'style-src': [...shop['style-src'], 'https://fonts.googleapis.com'],
    'font-src': [...shop['font-src'], 'https://fonts.gstatic.com'],
  });
}

/** 401 / 403 unless the bearer header or the board's cookie belongs to an admin. */
async function guard(
  services: AppServices,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string | null,
) {
  const user = token
    ? await authenticate(services.db, services.tokens, token).catch(() => null)
    : null;
  if (!user)
    return reply.status(401).send({
      error: 'UNAUTHORIZED',
      message: 'Please log in as an administrator to see the queues',
    });
  if (!isAdmin(user))
    return reply.status(403).send({ error: 'FORBIDDEN', message: ADMIN_ONLY_MESSAGE });
  return null;
}

/**
 * bull-board for admins at /admin/queues. A browser cannot send the bearer header when it
 * navigates, so the admin area first calls POST /admin/queues/session with it: the token is put in
 * an HttpOnly cookie scoped to this path (never in a URL, where logs would keep it).
 */
export async function registerQueueBoard(app: FastifyInstance, services: AppServices) {
  app.post(`${QUEUE_BOARD_PATH}/session`, async (request, reply) => {
    const token = bearerToken(request.headers.authorization);
    if (await guard(services, request, reply, token)) return reply;
    const secure = request.protocol === 'https' ? '; Secure' : '';
    reply.header(
      'set-cookie',
      `${COOKIE}=${encodeURIComponent(token!)}; Path=${QUEUE_BOARD_PATH}; HttpOnly; SameSite=Strict${secure}`,
    );
    return reply.status(204).send();
  });

  // Logout: the board's cookie goes with the token, so the next person at a shared computer
  // cannot open the board. Needs no token (the one in the browser may already be gone).
  app.delete(`${QUEUE_BOARD_PATH}/session`, async (request, reply) => {
    const secure = request.protocol === 'https' ? '; Secure' : '';
    reply.header(
      'set-cookie',
      `${COOKIE}=; Path=${QUEUE_BOARD_PATH}; HttpOnly; SameSite=Strict; Max-Age=0${secure}`,
    );
    return reply.status(204).send();
  });

  await app.register(async (scope) => {
    const csp = queueBoardCsp(services.config);
    // Runs after the app-wide security headers: this header replaces their CSP.
    scope.addHook('onRequest', async (_request, reply) => {
      reply.header('content-security-policy', csp);
    });
    scope.addHook('onRequest', async (request, reply) => {
      if (
        await guard(
          services,
          request,
          reply,
          bearerToken(request.headers.authorization) ?? cookieToken(request),
        )
      )
        return reply;
      return undefined;
    });
    const serverAdapter = new FastifyAdapter();
    createBullBoard({
      queues: [
        new BullMQAdapter(services.pipeline.payments),
        new BullMQAdapter(services.pipeline.moves),
      ],
      // @bull-board/fastify 9.10.1 brings its own copy of @bull-board/api 9.10.1 beside ours (9.10.2):
      // same shape, but TypeScript sees two declarations of a private field.
      serverAdapter: serverAdapter as unknown as Parameters<
        typeof createBullBoard
      >[0]['serverAdapter'],
      options: { uiConfig: { boardTitle: 'Kanak queues' } },
    });
    serverAdapter.setBasePath(QUEUE_BOARD_PATH);
    await scope.register(serverAdapter.registerPlugin(), { prefix: QUEUE_BOARD_PATH });
  });
}
