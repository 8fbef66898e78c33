import * as z from 'zod/mini';
import * as core from '@kanak/core';
import * as shared from '@kanak/shared';
import { mutation, noInput, query } from '../api/declare-use-case';
import { bulkEditsApi } from './bulk-edits.api';

/** The products an answer shows: a stock, review or rating change to one of them drops it. */
const shown = (products: readonly { _id: string }[]) => products.map((p) => p._id);
const everything = () => core.EVERYTHING;

export const catalogApi = {
  list: query('public', shared.productListInput, shared.productPage, {
    summary:
      'A page of the product listing; unreadable filters take their defaults (spec section 5)',
    run: ({ services }, input) =>
      core.listProductsWithFacets(services.db, shared.parseProductQuery(input)),
    cache: { key: shared.parseProductQuery, tags: (_input, page) => shown(page.content) },
    rest: [{ method: 'GET', path: '/api/products' }],
  }),
  byId: query('public', shared.productRefInput, shared.productView, {
    summary:
      "One product with its sizes, images and rating; a draft is a 404, an archived piece answers with `status: 'archived'`",
    run: ({ services }, input) => core.getProduct(services.db, input.productId),
    cache: { tags: (_input, product) => [product._id] },
    rest: [{ method: 'GET', path: '/api/products/id/:productId' }],
  }),
  search: query('public', shared.productSearchInput, shared.searchResult, {
    summary: 'Products matching the header search box',
    run: ({ services }, input) => core.searchProducts(services.db, input.q, input.limit),
    cache: { tags: (_input, found) => shown(found.content) },
    rest: [{ method: 'GET', path: '/api/products/search' }],
  }),
  searchPage: query('public', shared.searchListingInput, shared.searchPage, {
    summary: 'The search results page: every match, with the listing filters, paged and sorted',
    run: ({ services }, input) =>
      core.searchListing(services.db, {
        q: input.q,
        filter: shared.parseProductQuery(input),
        sortText: input.sort,
      }),
    cache: {
      key: (input) => [input.q.trim().toLowerCase(), shared.parseProductQuery(input), input.sort],
      tags: (_input, page) => shown(page.content),
    },
    rest: [{ method: 'GET', path: '/api/products/search/page' }],
  }),
  offers: query('public', noInput, shared.offerPrices, {
    summary: 'The home offers\' "From ₹" figures: the cheapest piece on each offer\'s listing',
    run: ({ services }) => core.offerPrices(services.db),
    // Prices and discounts only: any product write changes them ('all'), stock and reviews do not.
    cache: { key: () => 'offers', tags: () => [] },
    rest: [{ method: 'GET', path: '/api/products/offers' }],
  }),
  suggest: query('public', shared.productSuggestInput, shared.suggestions, {
    summary: 'Header autocomplete: product titles and listing pages for the text typed so far',
    run: ({ services }, input) => core.suggestProducts(services.db, input.q, input.limit),
    // Titles and prices only: any product write changes them ('all'), stock and reviews do not.
    cache: { tags: () => [] },
    rest: [{ method: 'GET', path: '/api/products/suggest' }],
  }),
  ratingSummary: query('public', shared.productRefInput, shared.ratingSummaryView, {
    summary: "A product's rating bands and average",
    run: ({ services }, input) => core.ratingSummary(services.db, input.productId),
    cache: { tags: (input) => [input.productId] },
    rest: [{ method: 'GET', path: '/api/products/id/:productId/rating-summary' }],
  }),
  similar: query('public', shared.similarProductsInput, z.array(shared.productView), {
    summary: "'You May Also Like': other products of the same category",
    run: ({ services }, input) => core.similarProducts(services.db, input.productId, input.limit),
    cache: { tags: (input, products) => [input.productId, ...shown(products)] },
    rest: [{ method: 'GET', path: '/api/products/id/:productId/similar' }],
  }),
  adminList: query('admin', z.optional(shared.adminProductListInput), shared.adminProductPage, {
    summary: 'The back office product table, searchable and paged',
    run: ({ services }, input) => core.adminListProducts(services.db, input ?? {}),
    rest: [{ method: 'GET', path: '/api/admin/products' }],
  }),
  adminById: query('admin', shared.productRefInput, shared.productView, {
    summary: 'One product as the back office edits it, in any state (draft, live or archived)',
    run: ({ services }, input) => core.adminGetProduct(services.db, input.productId),
    rest: [{ method: 'GET', path: '/api/admin/products/id/:productId' }],
  }),
  create: mutation('admin', shared.productInput, shared.productView, {
    summary: 'Adds a product',
    run: ({ services }, input) => core.createProduct(services.db, input),
    changes: everything,
    rest: [{ method: 'POST', path: '/api/admin/products', status: 201 }],
  }),
  update: mutation('admin', shared.productUpdateInput, shared.productView, {
    summary:
      "Replaces a product (all fields, as the product form sends them); with `loadedUpdatedAt` and each size's `loadedStock`, a save that would undo another save or a sale made meanwhile is refused (409)",
    run: ({ services }, input) => core.updateProduct(services.db, input.productId, input.product),
    changes: everything,
    rest: [
      {
        method: 'PUT',
        path: '/api/admin/products/:productId',
        request: shared.productInput,
        input: ({ params, body }) => ({ productId: params.productId, product: body }),
      },
    ],
  }),
  remove: mutation('admin', shared.productRefInput, shared.productRemoval, {
    summary: 'Removes a product',
    run: ({ services }, input) => core.removeProduct(services.db, input.productId),
    changes: everything,
    rest: [{ method: 'DELETE', path: '/api/admin/products/:productId' }],
  }),
  ...bulkEditsApi,
};
