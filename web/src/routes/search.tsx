import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { validateListingSearch } from '@/features/listing/listing-search';
import { searchText } from '@/lib/search-params';
import { rootRoute } from './root';

/** /search?q=…: every match of the header search, with the listing's filters, sort and pages. */
export const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'search',
  validateSearch: (search: Record<string, unknown>) => {
    const q = searchText(search.q);
    return { ...validateListingSearch(search), ...(q === undefined ? {} : { q }) };
  },
  component: lazyRouteComponent(() => import('@/features/search/SearchPage'), 'SearchPage'),
});
