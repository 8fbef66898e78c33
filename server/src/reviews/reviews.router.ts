import { createRating, createReview, ratingsByProduct, reviewsByProduct } from '@kanak/core';
import { productRefInput, ratingInput, reviewInput } from '@kanak/shared';
import { authedProcedure, publicProcedure, router } from '../trpc/trpc';

export const reviewsRouter = router({
  create: authedProcedure
    .input(reviewInput)
    .mutation(({ ctx, input }) =>
      createReview(ctx.services.db, ctx.user.id, input, ctx.services.limits),
    ),
  byProduct: publicProcedure
    .input(productRefInput)
    .query(({ ctx, input }) => reviewsByProduct(ctx.services.db, input.productId)),
});

export const ratingsRouter = router({
  create: authedProcedure
    .input(ratingInput)
    .mutation(({ ctx, input }) =>
      createRating(ctx.services.db, ctx.user.id, input, ctx.services.limits),
    ),
  byProduct: publicProcedure
    .input(productRefInput)
    .query(({ ctx, input }) => ratingsByProduct(ctx.services.db, input.productId)),
});
