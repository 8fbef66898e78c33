// The home page's offers (spec section 2: hero slides 20 %, 40 % and 10 % off; hover banners
// Featured Bangles 20 %, New Designs 20 %, Bestsellings 10 %). Each offer names the listing it
// opens, and that listing's discount filter starts at the offer, so the page honours the promise;
// its "From ₹" figure is read from the same listing (core's offerPrices).
import {
  DISCOUNT_BOUNDS,
  listingToProductQuery,
  type ListingSearch,
  type ProductFilter,
} from './listing';

export interface HomeOffer {
  id: string;
  /** Percent off the offer promises: the listing shows only pieces at least this far off. */
  percent: number;
  /** The listing's path levels as the browser finally shows them (no redirect in between). */
  levels: readonly [string, string, string];
  /** Filters besides the discount (the type a metal path names, an occasion). */
  filters: Omit<ListingSearch, 'discount' | 'page' | 'sort' | 'price'>;
}

export const HOME_OFFERS = [
  {
    id: 'kundan-jhumka',
    percent: 20,
    levels: ['gold', 'earrings', 'jhumka'],
    filters: { type: 'gold' },
  },
  {
    id: 'solitaire-rings',
    percent: 40,
    // 'engagement' in a path is the occasion (spec section 2 redirects it): the ring category.
    levels: ['diamond', 'rings', 'eangagement-ring'],
    filters: { type: 'diamond' },
  },
  {
    id: 'temple-necklaces',
    percent: 10,
    levels: ['all-jewellery', 'category', 'necklace'],
    filters: { type: 'gold' },
  },
  {
    id: 'featured-bangles',
    percent: 20,
    levels: ['all-jewellery', 'category', 'bangle'],
    filters: {},
  },
  { id: 'new-designs', percent: 20, levels: ['all-jewellery', 'category', 'pendant'], filters: {} },
  {
    id: 'bestsellings',
    percent: 10,
    levels: ['best-sellers', 'category', 'bracelet'],
    filters: {},
  },
] as const satisfies readonly HomeOffer[];

export type HomeOfferId = (typeof HOME_OFFERS)[number]['id'];

/** The listing URL's query of an offer: its filters and a discount from the offer up. */
export function offerSearch(offer: HomeOffer): ListingSearch {
  return { ...offer.filters, discount: `${offer.percent},${DISCOUNT_BOUNDS.max}` };
}

/** The product filter the offer's listing runs (its first page, cheapest first). */
export function offerFilter(offer: HomeOffer): ProductFilter {
  return listingToProductQuery(offer.levels[2], offerSearch(offer));
}
