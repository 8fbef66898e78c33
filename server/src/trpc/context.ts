import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import { authenticate, bearerToken, type AuthUser } from '@kanak/core';
import type { AppServices } from '../services';

export async function createContext(services: AppServices, { req }: CreateFastifyContextOptions) {
  const token = bearerToken(req.headers.authorization);
  // Resolved lazily so public procedures never pay for (or fail on) a bad token.
  let user: Promise<AuthUser> | null = null;
  return {
    services,
    ip: req.ip,
    req,
    hasToken: token !== null,
    getUser: () => (token ? (user ??= authenticate(services.db, services.tokens, token)) : null),
  };
}
export type Context = Awaited<ReturnType<typeof createContext>>;
