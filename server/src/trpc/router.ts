import { toProcedure, toRouters, type ProcedureOf } from '../api/trpc-router';
import { useCases } from '../api/use-case-registry';
import { ping } from '../health/ping.api';
import { liveRouter } from '../orders/order-events.trpc';
import { router } from './trpc';

/** The web's API: one router per domain, built from the same declarations as the REST paths. */
export const appRouter = router({
  ping: toProcedure('ping', ping) as ProcedureOf<typeof ping>,
  ...toRouters(useCases),
  live: liveRouter,
});
export type AppRouter = typeof appRouter;
