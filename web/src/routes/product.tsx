import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { ProductSkeleton } from '@/features/product/ProductSkeleton';
import { SIMILAR_LIMIT } from '@/features/product/product-queries';
import { warmQueries } from '@/lib/warm-queries';
import { requireToken } from './guards';
import { throwNotFoundIfUnknown } from './loader-errors';
import { rootRoute } from './root';

export const productRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'product/$productId',
  loader: async ({ context, params }) => {
    const { productId } = params;
    // Below the fold: the reviews' summary and similar pieces (one server render with them).
    const below = warmQueries(
      context.trpc.catalog.ratingSummary.prefetch({ productId }),
      context.trpc.catalog.similar.prefetch({ productId, limit: SIMILAR_LIMIT }),
    );
    try {
      await context.trpc.catalog.byId.ensureData({ productId });
      await below;
    } catch (error) {
      throwNotFoundIfUnknown(error);
    }
  },
  pendingComponent: ProductSkeleton,
  component: lazyRouteComponent(() => import('@/features/product/ProductPage'), 'ProductPage'),
});

/** /product/{id}/ratrev: the review dialog over the product page; needs a stored jwt. */
export const ratrevRoute = createRoute({
  getParentRoute: () => productRoute,
  path: 'ratrev',
  beforeLoad: requireToken,
  component: lazyRouteComponent(() => import('@/features/product/ReviewDialog'), 'ReviewDialog'),
});
