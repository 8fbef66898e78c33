import { createRouter } from '@tanstack/react-router';
import { queryClient, trpcUtils } from '@/lib/trpc';
import { adminRouteTree } from './routes/admin';
import { rootRoute } from './routes/root';
import { storefrontRoutes } from './routes/storefront';

const routeTree = rootRoute.addChildren([...storefrontRoutes, adminRouteTree]);

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
