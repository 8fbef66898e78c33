import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { listingRedirect, listingToProductQuery } from '@kanak/shared';
import { toListInput, validateListingSearch } from '@/features/listing/listing-search';
import { warmQueries } from '@/lib/warm-queries';
import { rootRoute } from './root';

/** /{levelOne}/{levelTwo}/{levelThree}, also /all-jewellery/category/{category} (spec section 2). */
export const listingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$levelOne/$levelTwo/$levelThree',
  validateSearch: validateListingSearch,
  beforeLoad: ({ params, search }) => {
    const next = listingRedirect([params.levelOne, params.levelTwo, params.levelThree], search);
    if (next) {
      const [levelOne, levelTwo, levelThree] = next.levels;
      throw redirect({
        to: '/$levelOne/$levelTwo/$levelThree',
        params: { levelOne, levelTwo, levelThree },
        search: next.search,
        replace: true,
      });
    }
  },
  loaderDeps: ({ search }) => search,
  // Start the fetch early; in the browser the page shows its spinner until the answer arrives,
  // on the server the page renders once, with it.
  loader: ({ context, params, deps }) =>
    warmQueries(
      context.trpc.catalog.list.prefetch(
        toListInput(listingToProductQuery(params.levelThree, deps)),
      ),
    ),
  component: lazyRouteComponent(() => import('@/features/listing/ListingPage'), 'ListingPage'),
});
