import { Outlet, createRootRouteWithContext, useRouterState } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Footer } from '@/components/layout/Footer';
import { Header } from '@/components/layout/Header';
import { NavigationProgress } from '@/components/layout/NavigationProgress';
import { AuthModalHost } from '@/features/auth/AuthModalHost';
import { LiveOrders } from '@/features/orders/live-orders';
import { useToken } from '@/features/session/use-session';
import { useToasterWanted } from '@/lib/toast';
import type { trpcUtils } from '@/lib/trpc';
import { SHOP_INFO_STALE_MS } from '@/components/layout/shop-info';
import { warmQueries } from '@/lib/warm-queries';
import { RouterErrorScreen } from './error-screen';
import { NotFoundPage } from './not-found';

// Loaded with the first toast (see lib/toast).
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

export interface RouterContext {
  queryClient: QueryClient;
  trpc: typeof trpcUtils;
}

function RootLayout() {
  // The admin area has its own menu and layout: the storefront's header and footer (and their
  // focusable links) stay out of it. A refused /admin shows the storefront 404 with them.
  const inAdmin = useRouterState({
    select: (s) => s.matches.some((m) => m.routeId === '/admin' && m.status === 'success'),
  });
  const toasterWanted = useToasterWanted();
  // The page on screen is leaving: dimmed until the next one shows (never under a new URL unmarked).
  const leaving = useRouterState({ select: (s) => s.status === 'pending' });
  const token = useToken();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-card focus:p-2"
      >
        Skip to content
      </a>
      <NavigationProgress />
      {!inAdmin && <Header />}
      <div id="main" className="flex-1" aria-busy={leaving || undefined}>
        <Outlet />
      </div>
      {!inAdmin && <Footer />}
      <AuthModalHost />
      {token && <LiveOrders key={token} />}
      {toasterWanted && (
        <Suspense>
          <Toaster position="top-center" richColors closeButton />
        </Suspense>
      )}
    </div>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  // The footer's shop details, on every page (components/layout/shop-info).
  loader: ({ context }) =>
    warmQueries(context.trpc.pages.shopInfo.prefetch(undefined, { staleTime: SHOP_INFO_STALE_MS })),
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RouterErrorScreen,
});
