import * as z from 'zod/mini';
import {
  adminListProducts,
  createProduct,
  getProduct,
  listProducts,
  ratingSummary,
  removeProduct,
  searchProducts,
  similarProducts,
  updateProduct,
} from '@kanak/core';
import {
  adminProductListInput,
  parseProductQuery,
  productIdInput,
  productInput,
  productListInput,
  productSearchInput,
  productUpdateInput,
  ratingSummaryInput,
  similarProductsInput,
} from '@kanak/shared';
import { adminProcedure, publicProcedure, router } from '../trpc/trpc';

export const catalogRouter = router({
  list: publicProcedure
    .input(productListInput)
    .query(({ ctx, input }) => listProducts(ctx.services.db, parseProductQuery(input))),
  byId: publicProcedure
    .input(productIdInput)
    .query(({ ctx, input }) => getProduct(ctx.services.db, input.id)),
  similar: publicProcedure
    .input(similarProductsInput)
    .query(({ ctx, input }) => similarProducts(ctx.services.db, input.id, input.limit)),
  search: publicProcedure
    .input(productSearchInput)
    .query(({ ctx, input }) => searchProducts(ctx.services.db, input.q, input.limit)),
  ratingSummary: publicProcedure
    .input(ratingSummaryInput)
    .query(({ ctx, input }) => ratingSummary(ctx.services.db, input.productId)),
  adminList: adminProcedure
    .input(z.optional(adminProductListInput))
    .query(({ ctx, input }) => adminListProducts(ctx.services.db, input ?? {})),
  create: adminProcedure
    .input(productInput)
    .mutation(({ ctx, input }) => createProduct(ctx.services.db, input)),
  update: adminProcedure
    .input(productUpdateInput)
    .mutation(({ ctx, input }) => updateProduct(ctx.services.db, input.id, input.product)),
  remove: adminProcedure
    .input(productIdInput)
    .mutation(({ ctx, input }) => removeProduct(ctx.services.db, input.id)),
});
