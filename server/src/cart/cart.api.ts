import * as core from '@kanak/core';
import * as shared from '@kanak/shared';
import { mutation, noInput, query } from '../api/declare-use-case';

export const cartApi = {
  get: query('customer', {
    input: noInput,
    output: shared.cartView,
    summary: "The shopper's cart with its totals",
    run: ({ services, user }) => core.getCart(services.db, user.id),
    rest: [{ method: 'GET', path: '/api/cart' }],
  }),
  add: mutation('customer', {
    input: shared.addToCartInput,
    output: shared.cartView,
    summary: 'Adds a size row of a product; answers the whole cart',
    run: ({ services, user }, input) => core.addToCart(services.db, user.id, input),
    rest: [{ method: 'PUT', path: '/api/cart/add' }],
  }),
  updateItem: mutation('customer', {
    input: shared.updateCartItemInput,
    output: shared.cartView,
    summary: "Sets a cart line's quantity",
    run: ({ services, user }, input) => core.updateCartItem(services.db, user.id, input),
    rest: [
      { method: 'PUT', path: '/api/cart_item/:cartItemId', request: shared.cartQuantityInput },
    ],
  }),
  removeItem: mutation('customer', {
    input: shared.cartItemIdInput,
    output: shared.cartView,
    summary: 'Removes a cart line',
    run: ({ services, user }, input) => core.removeCartItem(services.db, user.id, input.cartItemId),
    rest: [{ method: 'DELETE', path: '/api/cart_item/:cartItemId' }],
  }),
  merge: mutation('customer', {
    input: shared.guestCartInput,
    output: shared.cartView,
    summary: 'Merges the cart a visitor kept in the browser into the account cart after login',
    run: ({ services, user }, input) => core.mergeCart(services.db, user.id, input),
    rest: [{ method: 'POST', path: '/api/cart/merge' }],
  }),
};
