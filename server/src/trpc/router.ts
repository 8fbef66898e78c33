import { toRouters } from '../api/trpc-router';
import { useCases } from '../api/use-case-registry';
import { liveRouter } from '../orders/order-events.trpc';
import { publicProcedure, router } from './trpc';

/** The web's API: one router per domain, built from the same declarations as the REST paths. */
export const appRouter = router({
  ping: publicProcedure.query(() => 'pong' as const),
  ...toRouters(useCases),
  live: liveRouter,
});
export type AppRouter = typeof appRouter;
