import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { queryClient, trpcUtils } from '@/lib/trpc';
import { adminRouteTree } from './routes/admin';
import { rootRoute, type RouterContext } from './routes/root';
import { storefrontRoutes } from './routes/storefront';

const routeTree = rootRoute.addChildren([...storefrontRoutes, adminRouteTree]);

/** The browser's router, or (with a memory history and the request's own clients) the server's. */
export const createAppRouter = (context: RouterContext, history?: RouterHistory) =>
  createRouter({
    routeTree,
    context,
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    // Not in the server render (its history is a memory one): there it writes an inline script,
    // which the CSP (script-src 'self') refuses.
    scrollRestoration: !history,
  });

export const router = createAppRouter({ queryClient, trpc: trpcUtils });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
