import * as z from 'zod/mini';
import * as core from '@kanak/core';
import * as shared from '@kanak/shared';
import { mutation, noInput, query } from '../api/declare-use-case';

export const wishlistApi = {
  get: query('customer', {
    input: noInput,
    output: shared.wishlistView,
    summary: "The shopper's wishlist, newest first",
    run: ({ services, user }) => core.getWishlist(services.db, user.id),
    rest: [{ method: 'GET', path: '/api/wish' }],
  }),
  productIds: query('customer', {
    input: noInput,
    output: z.array(z.string()),
    summary: 'Ids of the wished products, so hearts start filled',
    run: ({ services, user }) => core.wishlistProductIds(services.db, user.id),
    rest: [{ method: 'GET', path: '/api/wish/product-ids' }],
  }),
  remove: mutation('customer', {
    input: shared.productRefInput,
    output: shared.wishlistRemoval,
    summary: 'Removes a product from the wishlist (by product id, not wish item id)',
    run: ({ services, user }, input) =>
      core.removeFromWishlist(services.db, user.id, input.productId),
    rest: [{ method: 'DELETE', path: '/api/wish/:productId' }],
  }),
  add: mutation('customer', {
    input: shared.productRefInput,
    output: shared.wishItemView,
    summary: 'Adds a product (adding twice keeps one); answers the wish item',
    run: ({ services, user }, input) => core.addToWishlist(services.db, user.id, input.productId),
    rest: [{ method: 'PUT', path: '/api/wish/add' }],
  }),
};
