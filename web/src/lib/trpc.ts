import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCQueryUtils, createTRPCReact } from '@trpc/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@kanak/server';
import { readToken } from '@/features/session/session';

export const trpc = createTRPCReact<AppRouter>();

export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

const links = [
  httpBatchLink({
    url: '/trpc',
    // The server refuses batches over TRPC_MAX_BATCH_SIZE (25 by default).
    maxItems: 10,
    headers() {
      const token = readToken();
      return token ? { authorization: `Bearer ${token}` } : {};
    },
  }),
];

export const trpcClient = trpc.createClient({ links });
/** Same client for route loaders (outside React). */
export const vanillaClient = createTRPCClient<AppRouter>({ links });
export const trpcUtils = createTRPCQueryUtils({ queryClient, client: vanillaClient });

export type RouterOutputs = inferRouterOutputs<AppRouter>;
/** A product as every catalogue procedure answers it. */
export type Product = RouterOutputs['catalog']['list']['content'][number];
