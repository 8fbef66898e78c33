import * as z from 'zod/mini';
import { RATING_BANDS } from '../reviews/schemas';
import { ratingView, reviewView } from '../reviews/views';
import { priceBreakup, productPricingView } from '../pricing/schemas';

/** One size row: display strings with units, its stock and its own price. */
export const sizeView = z.object({
  /** The size's own SKU; optional in the schema for older fixtures, always filled. */
  sku: z.optional(z.string()),
  weight: z.string(),
  size: z.string(),
  stock: z.number(),
  /** Grams of metal, for metal pricing; null when not given. */
  // Optional in the schema so answers built before metal pricing (and test fixtures) still fit; the
  // product view always fills them.
  netWeight: z.optional(z.nullable(z.number())),
  price: z.optional(z.number()),
  discountedPrice: z.optional(z.number()),
  /** How the price is made (metal pricing); null for fixed prices. */
  priceBreakup: z.optional(z.nullable(priceBreakup)),
});
export type SizeView = z.infer<typeof sizeView>;
import { productStoneView } from '../stones/stones';

/** A product as clients read it (spec section 3; design.md: `category` an object, two images at least). */
export const productView = z.object({
  _id: z.string(),
  /** Design number; optional in the schema for older fixtures, always filled. */
  sku: z.optional(z.string()),
  /** `live` (listed and sold), `archived` (page kept, no longer sold) or `draft` (admin only). */
  status: z.optional(z.enum(['draft', 'live', 'archived'])),
  title: z.string(),
  brand: z.string(),
  color: z.string(),
  price: z.number(),
  discountedPrice: z.number(),
  discountPercent: z.number(),
  description: z.string(),
  details: z.string(),
  occasion: z.string(),
  quantity: z.number(),
  collectionName: z.string(),
  type: z.string(),
  imageUrls: z.array(z.object({ imageUrl: z.string() })),
  /** Display strings with units: `{ weight: "5 g", size: "16 MM", stock }`. */
  sizes: z.array(sizeView),
  /** `{ basis: 'fixed' }` or metal pricing (metal, purity, making, stones, making discount). */
  pricing: z.optional(productPricingView),
  category: z.object({ name: z.string() }),
  topLevelCategory: z.string(),
  secondLevelCategory: z.string(),
  thirdLevelCategory: z.string(),
  reviews: z.array(reviewView),
  ratings: z.array(ratingView),
  numRatings: z.number(),
  averageRating: z.nullable(z.number()),
  createdAt: z.string(),
  /**
   * When an admin last saved the product (stock taken by payments does not move it): the edit
   * form sends it back as `loadedUpdatedAt` so a save cannot undo someone else's.
   */
  updatedAt: z.string(),
  /** BIS hallmark purity mark (22K916…) of a gold piece; null otherwise. */
  hallmark: z.optional(z.nullable(z.string())),
  /** Its diamonds and gemstones with their certificates. */
  stones: z.optional(z.array(productStoneView)),
});
export type ProductView = z.infer<typeof productView>;

/** A listing page (GET /api/products) and the back office's product table. */
/** The cheapest and dearest discounted price a listing holds, whatever its price filter. */
export const priceRange = z.object({ min: z.number(), max: z.number() });
export type PriceRange = z.infer<typeof priceRange>;

/** One value of a listing filter and how many live pieces choosing it would leave. */
export const facetCount = z.object({ value: z.string(), count: z.number() });
export type FacetCount = z.infer<typeof facetCount>;

/**
 * Per filter of GET /api/products (`type` is the metal, `category` the third level), each value's
 * count under the request's OTHER filters. Always exact: one grouped scan of the live products
 * (list-products.ts); values no live piece has are absent (a count of 0).
 */
export const listingFacets = z.object({
  color: z.array(facetCount),
  occasion: z.array(facetCount),
  type: z.array(facetCount),
  category: z.array(facetCount),
});
export type ListingFacets = z.infer<typeof listingFacets>;
export const FACET_NAMES = ['color', 'occasion', 'type', 'category'] as const;
export type FacetName = (typeof FACET_NAMES)[number];

export const productPage = z.object({
  content: z.array(productView),
  totalPages: z.number(),
  currentPage: z.number(),
  totalElements: z.number(),
  /** The listing's own price span (its other filters applied, not the price): the slider's range. */
  priceRange: z.optional(z.nullable(priceRange)),
  /** GET /api/products and catalog.list only: additive, absent elsewhere. */
  facets: z.optional(listingFacets),
});
export type ProductPage = z.infer<typeof productPage>;

/** /search's page: the matches as a listing page; when none, searches that do find something. */
export const searchPage = z.extend(productPage, { alternatives: z.array(z.string()) });
export type SearchPage = z.infer<typeof searchPage>;
export const adminProductPage = productPage;

export const searchResult = z.object({ content: z.array(productView), total: z.number() });
export type SearchResult = z.infer<typeof searchResult>;

export const ratingSummaryView = z.object({
  average: z.nullable(z.number()),
  count: z.number(),
  breakdown: z.array(z.object({ label: z.enum(RATING_BANDS), count: z.number() })),
});
export type RatingSummary = z.infer<typeof ratingSummaryView>;

export const productRemoval = z.object({ message: z.string() });

/** Header autocomplete: top product titles and listing pages (menu categories) for the typed text. */
export const suggestions = z.object({
  products: z.array(
    z.object({
      _id: z.string(),
      title: z.string(),
      imageUrl: z.nullable(z.string()),
      discountedPrice: z.number(),
    }),
  ),
  categories: z.array(z.object({ label: z.string(), path: z.string() })),
});
export type Suggestions = z.infer<typeof suggestions>;
