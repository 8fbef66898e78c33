import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { AppServices } from '../services';

/** The request and the shared services; who the caller is, is resolved per use case (api/caller.ts). */
export function createContext(services: AppServices, { req, info }: CreateFastifyContextOptions) {
  // connectionParams: what an EventSource (which cannot send headers) carries, e.g. the token.
  return { services, req, connectionParams: info.connectionParams };
}
export type Context = ReturnType<typeof createContext>;
