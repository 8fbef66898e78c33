import { createRouter } from '@tanstack/react-router';
import { queryClient, trpcUtils } from '@/lib/trpc';
import { homeRoute } from './routes/home';
import { rootRoute } from './routes/root';

const routeTree = rootRoute.addChildren([homeRoute]);

export const router = createRouter({
  routeTree,
  context: { queryClient, trpc: trpcUtils },
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
