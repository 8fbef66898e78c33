import { addWish, getWishlist, removeWish, wishProductIds } from '@kanak/core';
import { wishProductInput } from '@kanak/shared';
import { authedProcedure, router } from '../trpc/trpc';

export const wishlistRouter = router({
  get: authedProcedure.query(({ ctx }) => getWishlist(ctx.services.db, ctx.user.id)),
  productIds: authedProcedure.query(({ ctx }) => wishProductIds(ctx.services.db, ctx.user.id)),
  add: authedProcedure
    .input(wishProductInput)
    .mutation(({ ctx, input }) => addWish(ctx.services.db, ctx.user.id, input.productId)),
  remove: authedProcedure
    .input(wishProductInput)
    .mutation(({ ctx, input }) => removeWish(ctx.services.db, ctx.user.id, input.productId)),
});
