import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { AppServices } from '../services';

export async function createContext(services: AppServices, { req }: CreateFastifyContextOptions) {
  return { services, headers: req.headers, ip: req.ip };
}
export type Context = Awaited<ReturnType<typeof createContext>>;
