import { authRouter } from '../auth/auth.router';
import { catalogRouter } from '../catalog/catalog.router';
import { publicProcedure, router } from './trpc';

export const appRouter = router({
  ping: publicProcedure.query(() => 'pong' as const),
  auth: authRouter,
  catalog: catalogRouter,
});
export type AppRouter = typeof appRouter;
