import * as z from 'zod/mini';
import { getProduct, listProducts } from '@kanak/core';
import { parseProductQuery } from '@kanak/shared';
import { publicProcedure, router } from '../trpc/trpc';

const rawValue = z.optional(z.union([z.string(), z.number()]));
const listInput = z.object({
  category: rawValue,
  color: rawValue,
  type: rawValue,
  occasion: rawValue,
  minPrice: rawValue,
  maxPrice: rawValue,
  minDiscount: rawValue,
  maxDiscount: rawValue,
  sort: rawValue,
  pageNumber: rawValue,
  pageSize: rawValue,
  collection: z.optional(z.string().check(z.maxLength(60))),
});

export const catalogRouter = router({
  list: publicProcedure.input(listInput).query(({ ctx, input }) =>
    listProducts(ctx.services.db, { ...parseProductQuery(input), collection: input.collection }),
  ),
  byId: publicProcedure
    .input(z.object({ id: z.string() }))
    .query(({ ctx, input }) => getProduct(ctx.services.db, input.id)),
});
