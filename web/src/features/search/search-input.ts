import {
  ALL_CATEGORIES,
  listingToProductQuery,
  searchSortOf,
  type ListingSearch,
} from '@kanak/shared';
import { toListInput } from '@/features/listing/listing-search';

/** catalog.searchPage's input for the /search URL (the page and its route loader ask the same). */
export function searchPageInput(search: ListingSearch, q: string) {
  const filter = listingToProductQuery(ALL_CATEGORIES, search);
  return { ...toListInput(filter), q: q.trim(), sort: searchSortOf(search.sort) };
}
