import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect } from 'react';
import { SiteOriginContext } from '@/lib/site-origin';
import { trpc } from '@/lib/trpc';
import type { createAppRouter } from './router';

/**
 * Marks the page live once React has taken over the server's markup: the click replay
 * (hydration/replay-clicks.ts) then presses again what it held, and browser tests wait for it.
 */
function ReadyMark() {
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return null;
}

/** The app as both the browser and the server render it (same tree, so hydration matches). */
export function AppRoot(props: {
  router: ReturnType<typeof createAppRouter>;
  queryClient: QueryClient;
  trpcClient: ReturnType<typeof trpc.createClient>;
  /** The request's origin on the server; the browser uses its own. */
  origin?: string;
}) {
  return (
    <StrictMode>
      <SiteOriginContext.Provider value={props.origin ?? null}>
        <trpc.Provider client={props.trpcClient} queryClient={props.queryClient}>
          <QueryClientProvider client={props.queryClient}>
            <RouterProvider router={props.router} />
            <ReadyMark />
          </QueryClientProvider>
        </trpc.Provider>
      </SiteOriginContext.Provider>
    </StrictMode>
  );
}
