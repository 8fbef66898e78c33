import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { Footer } from '@/components/layout/Footer';
import { Header } from '@/components/layout/Header';
import { AuthModalHost } from '@/features/auth/AuthModalHost';
import type { trpcUtils } from '@/lib/trpc';
import { RouterErrorScreen } from './error-screen';
import { NotFoundPage } from './not-found';

export interface RouterContext {
  queryClient: QueryClient;
  trpc: typeof trpcUtils;
}

function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-card focus:p-2">Skip to content</a>
      <Header />
      <div id="main" className="flex-1">
        <Outlet />
      </div>
      <Footer />
      <AuthModalHost />
      <Toaster position="top-center" richColors closeButton />
    </div>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RouterErrorScreen,
});
