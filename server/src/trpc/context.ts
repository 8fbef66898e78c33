import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { AppServices } from '../services';

/** The request and the shared services; who the caller is, is resolved per use case (api/caller.ts). */
export function createContext(services: AppServices, { req }: CreateFastifyContextOptions) {
  return { services, req };
}
export type Context = ReturnType<typeof createContext>;
