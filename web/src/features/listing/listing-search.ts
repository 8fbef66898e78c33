import type { ListingSearch, ProductFilter } from '@kanak/shared';
// Relative, so the unit tests (which have no '@' alias) can load this module.
import { searchText as text } from '../../lib/search-params';

/** validateSearch of the listing route: the seven query parameters of spec section 2 as text (page as a number). */
export function validateListingSearch(search: Record<string, unknown>): ListingSearch {
  const page = text(search.page);
  const out: ListingSearch = {
    color: text(search.color),
    price: text(search.price),
    discount: text(search.discount),
    sort: text(search.sort),
    // A non-numeric page becomes 1 (spec section 5).
    page:
      page === undefined ? undefined : /^\d+$/.test(page) && Number(page) >= 1 ? Number(page) : 1,
    type: text(search.type),
    occasion: text(search.occasion),
    origin: text(search.origin),
  };
  return Object.fromEntries(
    Object.entries(out).filter(([, v]) => v !== undefined),
  ) as ListingSearch;
}

/** The catalog.list input for a parsed listing filter. */
export function toListInput(filter: ProductFilter) {
  return {
    category: filter.category,
    color: filter.colors.join(','),
    type: filter.types.join(','),
    occasion: filter.occasions.join(','),
    ...(filter.origin ? { origin: filter.origin } : {}),
    minPrice: filter.minPrice,
    maxPrice: filter.maxPrice,
    minDiscount: filter.minDiscount,
    maxDiscount: filter.maxDiscount,
    sort: filter.sort,
    pageNumber: filter.pageNumber,
    pageSize: filter.pageSize,
  };
}

/** "traditional-ethenic" → "Traditional Ethenic". */
export const titleCase = (slug: string) =>
  slug
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
