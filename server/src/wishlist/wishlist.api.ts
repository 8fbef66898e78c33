import * as z from 'zod/mini';
import { addToWishlist, getWishlist, removeFromWishlist, wishlistProductIds } from '@kanak/core';
import { productRefInput, wishItemView, wishlistRemoval, wishlistView } from '@kanak/shared';
import { mutation, noInput, query } from '../api/use-case';

export const wishlistApi = {
  get: query({
    summary: "The shopper's wishlist, newest first",
    access: 'customer',
    input: noInput,
    output: wishlistView,
    run: ({ services, user }) => getWishlist(services.db, user.id),
    rest: [{ method: 'GET', path: '/api/wish' }],
  }),
  productIds: query({
    summary: 'Ids of the wished products, so hearts start filled',
    access: 'customer',
    input: noInput,
    output: z.array(z.string()),
    run: ({ services, user }) => wishlistProductIds(services.db, user.id),
    rest: [{ method: 'GET', path: '/api/wish/product-ids' }],
  }),
  add: mutation({
    summary: 'Adds a product (adding twice keeps one); answers the wish item',
    access: 'customer',
    input: productRefInput,
    output: wishItemView,
    run: ({ services, user }, input) => addToWishlist(services.db, user.id, input.productId),
    rest: [{ method: 'PUT', path: '/api/wish/add' }],
  }),
  remove: mutation({
    summary: 'Removes a product from the wishlist (by product id, not wish item id)',
    access: 'customer',
    input: productRefInput,
    output: wishlistRemoval,
    run: ({ services, user }, input) => removeFromWishlist(services.db, user.id, input.productId),
    rest: [{ method: 'DELETE', path: '/api/wish/:productId' }],
  }),
};
