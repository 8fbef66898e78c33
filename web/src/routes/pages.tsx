import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { throwNotFoundIfUnknown } from './loader-errors';
import { rootRoute } from './root';

/** /pages/{slug}: Shipping & Returns, Privacy, Terms, About Us, Contact — public. */
export const policyPageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'pages/$slug',
  loader: async ({ context, params }) => {
    try {
      await context.trpc.pages.bySlug.ensureData({ slug: params.slug });
    } catch (error) {
      throwNotFoundIfUnknown(error);
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
