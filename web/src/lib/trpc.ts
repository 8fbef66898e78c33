import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { createTRPCQueryUtils, createTRPCReact } from '@trpc/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@kanak/server';
import { readToken } from '@/features/session/session';

export const trpc = createTRPCReact<AppRouter>();

/** The page's query cache; the server makes one per rendered request (web/src/entry-server.tsx). */
export const newQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
  });

export const queryClient = newQueryClient();

const authorization = (): Record<string, string> => {
  const token = readToken();
  return token ? { authorization: `Bearer ${token}` } : {};
};

/**
 * An EventSource cannot send the token as a header (and a token in a URL ends up in logs): each
 * (re)connection first trades it for a one-use ticket.
 */
async function eventTicket(): Promise<{ ticket: string }> {
  return vanillaClient.live.ticket.mutate();
}

const links = [
  splitLink({
    condition: (op) => op.type === 'subscription',
    true: httpSubscriptionLink({ url: '/trpc', connectionParams: eventTicket }),
    false: httpBatchLink({
      url: '/trpc',
      // The server refuses batches over TRPC_MAX_BATCH_SIZE (25 by default).
      maxItems: 10,
      headers: authorization,
    }),
  }),
];

export const trpcClient = trpc.createClient({ links });
/** Same client for route loaders (outside React) and the event stream's ticket. */
export const vanillaClient: ReturnType<typeof createTRPCClient<AppRouter>> =
  createTRPCClient<AppRouter>({ links });
export const trpcUtils = createTRPCQueryUtils({ queryClient, client: vanillaClient });

export type RouterOutputs = inferRouterOutputs<AppRouter>;
/** A product as every catalogue procedure answers it. */
export type Product = RouterOutputs['catalog']['list']['content'][number];
