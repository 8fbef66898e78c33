import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { validateListingSearch } from '@/features/listing/listing-search';
import { searchPageInput } from '@/features/search/search-input';
import { searchText } from '@/lib/search-params';
import { warmQueries } from '@/lib/warm-queries';
import { rootRoute } from './root';

/** /search?q=…: every match of the header search, with the listing's filters, sort and pages. */
export const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'search',
  validateSearch: (search: Record<string, unknown>) => {
    const q = searchText(search.q);
    return { ...validateListingSearch(search), ...(q === undefined ? {} : { q }) };
  },
  loaderDeps: ({ search }) => search,
  // The results, so the server renders the page once with them.
  loader: ({ context, deps: { q, ...search } }) =>
    q?.trim()
      ? warmQueries(context.trpc.catalog.searchPage.prefetch(searchPageInput(search, q)))
      : undefined,
  component: lazyRouteComponent(() => import('@/features/search/SearchPage'), 'SearchPage'),
});
