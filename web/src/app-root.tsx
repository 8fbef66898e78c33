import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { trpc } from '@/lib/trpc';
import type { createAppRouter } from './router';

/** The app as both the browser and the server render it (same tree, so hydration matches). */
export function AppRoot(props: {
  router: ReturnType<typeof createAppRouter>;
  queryClient: QueryClient;
  trpcClient: ReturnType<typeof trpc.createClient>;
}) {
  return (
    <StrictMode>
      <trpc.Provider client={props.trpcClient} queryClient={props.queryClient}>
        <QueryClientProvider client={props.queryClient}>
          <RouterProvider router={props.router} />
        </QueryClientProvider>
      </trpc.Provider>
    </StrictMode>
  );
}
