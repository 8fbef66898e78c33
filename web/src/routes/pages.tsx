import { createRoute, lazyRouteComponent, notFound } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import { rootRoute } from './root';

/** /pages/{slug}: Shipping & Returns, Privacy, Terms, About Us, Contact — public. */
export const policyPageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'pages/$slug',
  loader: async ({ context, params }) => {
    try {
      await context.trpc.pages.bySlug.ensureData({ slug: params.slug });
    } catch (error) {
      // An unknown page is the 404 page, not the error screen.
      if (
        error instanceof TRPCClientError &&
        ['NOT_FOUND', 'BAD_REQUEST'].includes(String(error.data?.code))
      )
        throw notFound();
      throw error;
    }
  },
  component: lazyRouteComponent(() => import('@/features/pages/PolicyPage'), 'PolicyPage'),
});

/** /old-gold: the old-gold exchange calculator and request; public. */
export const oldGoldRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'old-gold',
  component: lazyRouteComponent(() => import('@/features/exchange/OldGoldPage'), 'OldGoldPage'),
});
