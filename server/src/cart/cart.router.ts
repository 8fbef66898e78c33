import { addToCart, getCart, mergeCart, removeCartItem, updateCartItem } from '@kanak/core';
import {
  addToCartInput,
  cartItemIdInput,
  guestCartInput,
  updateCartItemInput,
} from '@kanak/shared';
import { authedProcedure, router } from '../trpc/trpc';

export const cartRouter = router({
  get: authedProcedure.query(({ ctx }) => getCart(ctx.services.db, ctx.user.id)),
  add: authedProcedure
    .input(addToCartInput)
    .mutation(({ ctx, input }) => addToCart(ctx.services.db, ctx.user.id, input)),
  updateItem: authedProcedure
    .input(updateCartItemInput)
    .mutation(({ ctx, input }) => updateCartItem(ctx.services.db, ctx.user.id, input)),
  removeItem: authedProcedure
    .input(cartItemIdInput)
    .mutation(({ ctx, input }) => removeCartItem(ctx.services.db, ctx.user.id, input.cartItemId)),
  merge: authedProcedure
    .input(guestCartInput)
    .mutation(({ ctx, input }) => mergeCart(ctx.services.db, ctx.user.id, input)),
});
