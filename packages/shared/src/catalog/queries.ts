import * as z from 'zod/mini';
import { dbSafeText, int32, textField } from '../validation/db-values';
import { PRODUCT_STATUSES, productInput } from './product-input';

/** Ids are checked (and refused with a clear 400) by the services, so any string passes here. */
const id = (label: string) =>
  textField(`${label} is required`).check(z.maxLength(100, `${label} is not valid`));

const limit = (max: number) =>
  z.optional(
    int32({
      type: 'limit must be a number',
      whole: 'limit must be a whole number',
      min: [1, 'limit must be at least 1'],
      max: [max, `limit must be at most ${max}`],
    }),
  );

export const SEARCH_MAX_LENGTH = 200;

/** Free text typed into a search box: storable in PostgreSQL, at most SEARCH_MAX_LENGTH long. */
const searchText = (required?: string) =>
  z
    .string(required)
    .check(
      dbSafeText,
      z.maxLength(SEARCH_MAX_LENGTH, `Search text must be at most ${SEARCH_MAX_LENGTH} characters`),
    );

/**
 * A listing filter as a client sends it (a repeated query parameter is a list); parseProductQuery
 * reads it and defaults what it cannot, so a listing never refuses its filters (spec section 5).
 */
// Read filters are cleaned like the listing URL (listing.ts), not refused: a NUL matches nothing.
const filterText = z.string().check(dbSafeText);
const rawFilter = z.optional(z.union([filterText, z.number(), z.array(filterText)]));

/** Input of catalog.list: the filters of GET /api/products, as strings or numbers. */
export const productListInput = z.object({
  category: rawFilter,
  color: rawFilter,
  type: rawFilter,
  occasion: rawFilter,
  minPrice: rawFilter,
  maxPrice: rawFilter,
  minDiscount: rawFilter,
  maxDiscount: rawFilter,
  sort: rawFilter,
  pageNumber: rawFilter,
  pageSize: rawFilter,
  collection: rawFilter,
  /** natural or laboratory-grown: products with stones of that origin. */
  origin: rawFilter,
});
export type ProductListInput = z.infer<typeof productListInput>;

/** One product, named the same way in every input: `productId`. */
export const productRefInput = z.object({ productId: id('productId') });
export type ProductRefInput = z.infer<typeof productRefInput>;
export const similarProductsInput = z.object({ productId: id('productId'), limit: limit(24) });

/** Header search box: free text, ranked full-text search with a prefix fallback. */
export const productSearchInput = z.object({ q: searchText('q is required'), limit: limit(50) });
export type ProductSearchInput = z.infer<typeof productSearchInput>;

/** The search results page: the text and the listing's filters, page and order. */
export const searchListingInput = z.extend(productListInput, { q: searchText('q is required') });
export type SearchListingInput = z.infer<typeof searchListingInput>;

export const ADMIN_PAGE_SIZE = 20;

export const adminProductListInput = z.object({
  q: z.optional(searchText()),
  /** Only products in this state (the table's state filter). */
  status: z.optional(z.enum(PRODUCT_STATUSES, 'status must be draft, live or archived')),
  page: z.optional(
    int32({
      type: 'page must be a number',
      whole: 'page must be a whole number',
      min: [1, 'page must be at least 1'],
      max: [1_000_000, 'page is too large'],
    }),
  ),
  pageSize: z.optional(
    int32({
      type: 'pageSize must be a number',
      whole: 'pageSize must be a whole number',
      min: [1, 'pageSize must be at least 1'],
      max: [100, 'pageSize must be at most 100'],
    }),
  ),
});
export type AdminProductListInput = z.infer<typeof adminProductListInput>;

export const productUpdateInput = z.object({ productId: id('productId'), product: productInput });

/** Header autocomplete: the text typed so far (a few letters are enough). */
export const productSuggestInput = z.object({ q: searchText('q is required'), limit: limit(10) });
export type ProductSuggestInput = z.infer<typeof productSuggestInput>;
