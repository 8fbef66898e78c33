import { catalogRouter } from '../catalog/catalog.router';
import { publicProcedure, router } from './trpc';

export const appRouter = router({
  ping: publicProcedure.query(() => 'pong' as const),
  catalog: catalogRouter,
});
export type AppRouter = typeof appRouter;
