import { addToCart, getCart, mergeCart, removeCartItem, updateCartItem } from '@kanak/core';
import {
  addToCartInput,
  cartItemIdInput,
  cartQuantityInput,
  cartView,
  guestCartInput,
  updateCartItemInput,
} from '@kanak/shared';
import { mutation, noInput, query } from '../api/use-case';

export const cartApi = {
  get: query({
    summary: "The shopper's cart with its totals",
    access: 'customer',
    input: noInput,
    output: cartView,
    run: ({ services, user }) => getCart(services.db, user.id),
    rest: [{ method: 'GET', path: '/api/cart' }],
  }),
  add: mutation({
    summary: 'Adds a size row of a product; answers the whole cart',
    access: 'customer',
    input: addToCartInput,
    output: cartView,
    run: ({ services, user }, input) => addToCart(services.db, user.id, input),
    rest: [{ method: 'PUT', path: '/api/cart/add' }],
  }),
  updateItem: mutation({
    summary: "Sets a cart line's quantity",
    access: 'customer',
    input: updateCartItemInput,
    output: cartView,
    run: ({ services, user }, input) => updateCartItem(services.db, user.id, input),
    rest: [{ method: 'PUT', path: '/api/cart_item/:cartItemId', request: cartQuantityInput }],
  }),
  removeItem: mutation({
    summary: 'Removes a cart line',
    access: 'customer',
    input: cartItemIdInput,
    output: cartView,
    run: ({ services, user }, input) => removeCartItem(services.db, user.id, input.cartItemId),
    rest: [{ method: 'DELETE', path: '/api/cart_item/:cartItemId' }],
  }),
  merge: mutation({
    summary: 'Merges the cart a visitor kept in the browser into the account cart after login',
    access: 'customer',
    input: guestCartInput,
    output: cartView,
    run: ({ services, user }, input) => mergeCart(services.db, user.id, input),
    rest: [{ method: 'POST', path: '/api/cart/merge' }],
  }),
};
