import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ADMIN_ONLY_MESSAGE,
  authenticate,
  bearerToken,
  isAdmin,
  scopedTokenExpiry,
  signScopedToken,
  type AuthUser,
  type TokenScope,
} from '@kanak/core';
import { appCsp, cspHeader } from '../http/security-headers';
import type { AppServices } from '../services';

export const QUEUE_BOARD_PATH = '/admin/queues';
const COOKIE = 'kanak_queue_board';
/**
 * The board's cookie holds a token of its own: good for the board only, for 15 minutes, renewed
 * while the admin uses the board (or keeps the System page open). The admin's API token, good
 * for every admin use case for days, never sits in a cookie.
 */
const BOARD_SCOPE: TokenScope = { audience: 'queue-board', expiresIn: '15m' };
const BOARD_TOKEN_SECONDS = 15 * 60;

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

/** The board's token as a cookie scoped to its path (cleared with `maxAge` 0). */
function setBoardCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAge: number,
) {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${COOKIE}=${encodeURIComponent(token)}; Path=${QUEUE_BOARD_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}`,
  );
}

/**
 * The admin a request comes from, or a 401 / 403 sent: an API token in the bearer header (the
 * admin area, tools), or the board's own token in its cookie (an API token there is refused).
 */
async function guard(
  services: AppServices,
  request: FastifyRequest,
  reply: FastifyReply,
  credential: { bearer: string | null; cookie?: string | null },
): Promise<AuthUser | null> {
  const { bearer, cookie } = credential;
  const user = bearer
    ? await authenticate(services.db, { settings: services.tokens, token: bearer }).catch(
        () => null,
      )
    : cookie
      ? await authenticate(services.db, {
          settings: services.tokens,
          token: cookie,
          audience: BOARD_SCOPE.audience,
        }).catch(() => null)
      : null;
  if (!user) {
    await reply.status(401).send({
      error: 'UNAUTHORIZED',
      message: 'Please log in as an administrator to see the queues',
    });
    return null;
  }
  if (!isAdmin(user)) {
    await reply.status(403).send({ error: 'FORBIDDEN', message: ADMIN_ONLY_MESSAGE });
    return null;
  }
  return user;
}

/**
 * bull-board for admins at /admin/queues. A browser cannot send the bearer header when it
 * navigates, so the admin area first calls POST /admin/queues/session with it: a board-only token
 * is put in an HttpOnly cookie scoped to this path (never in a URL, where logs would keep it).
 */
export async function registerQueueBoard(app: FastifyInstance, services: AppServices) {
  app.post(`${QUEUE_BOARD_PATH}/session`, async (request, reply) => {
    const admin = await guard(services, request, reply, {
      bearer: bearerToken(request.headers.authorization),
    });
    if (!admin) return reply;
    const token = await signScopedToken(services.db, {
      settings: services.tokens,
      user: admin,
      scope: BOARD_SCOPE,
    });
    setBoardCookie(request, reply, token, BOARD_TOKEN_SECONDS);
    return reply.status(204).send();
  });

  // Logout: the board's cookie goes with the token, so the next person at a shared computer
  // cannot open the board. Needs no token (the one in the browser may already be gone).
  app.delete(`${QUEUE_BOARD_PATH}/session`, async (request, reply) => {
    setBoardCookie(request, reply, '', 0);
    return reply.status(204).send();
  });

  await app.register(async (scope) => {
    const csp = queueBoardCsp(services.config);
    // Runs after the app-wide security headers: this header replaces their CSP.
    scope.addHook('onRequest', async (_request, reply) => {
      reply.header('content-security-policy', csp);
    });
    scope.addHook('onRequest', async (request, reply) => {
      const bearer = bearerToken(request.headers.authorization);
      const cookie = cookieToken(request);
      const admin = await guard(services, request, reply, { bearer, cookie });
      if (!admin) return reply;
      // In use: a board token past half its life is renewed, so an admin at work is not cut off.
      if (!bearer && cookie) {
        const expiresAt = await scopedTokenExpiry(services.tokens, cookie, BOARD_SCOPE.audience);
        if (expiresAt !== null && expiresAt - Date.now() < (BOARD_TOKEN_SECONDS * 1000) / 2) {
          const token = await signScopedToken(services.db, {
            settings: services.tokens,
            user: admin,
            scope: BOARD_SCOPE,
          });
          setBoardCookie(request, reply, token, BOARD_TOKEN_SECONDS);
        }
      }
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
