import * as z from 'zod/mini';
import { dropNul } from '../auth/text';
import { productInput } from './product-input';

/** Ids are checked (and refused with a clear 400) by the services, so any string passes here. */
const id = (label: string) =>
  z.string(`${label} is required`).check(z.maxLength(100, `${label} is not valid`));

const limit = (max: number) =>
  z.optional(
    z
      .number('limit must be a number')
      .check(
        z.multipleOf(1, 'limit must be a whole number'),
        z.gte(1, 'limit must be at least 1'),
        z.lte(max, `limit must be at most ${max}`),
      ),
  );

export const SEARCH_MAX_LENGTH = 200;

export const productIdInput = z.object({ id: id('Product id') });
export const similarProductsInput = z.object({ id: id('Product id'), limit: limit(24) });
export const ratingSummaryInput = z.object({ productId: id('productId') });

/** Header search box: free text, ranked full-text search with a prefix fallback. */
export const productSearchInput = z.object({
  q: z
    .string('q is required')
    .check(
      dropNul,
      z.maxLength(SEARCH_MAX_LENGTH, `Search text must be at most ${SEARCH_MAX_LENGTH} characters`),
    ),
  limit: limit(50),
});
export type ProductSearchInput = z.infer<typeof productSearchInput>;

export const ADMIN_PAGE_SIZE = 20;

export const adminProductListInput = z.object({
  q: z.optional(
    z
      .string()
      .check(
        dropNul,
        z.maxLength(
          SEARCH_MAX_LENGTH,
          `Search text must be at most ${SEARCH_MAX_LENGTH} characters`,
        ),
      ),
  ),
  page: z.optional(
    z
      .number('page must be a number')
      .check(
        z.multipleOf(1, 'page must be a whole number'),
        z.gte(1, 'page must be at least 1'),
        z.lte(1_000_000, 'page is too large'),
      ),
  ),
  pageSize: z.optional(
    z
      .number('pageSize must be a number')
      .check(
        z.multipleOf(1, 'pageSize must be a whole number'),
        z.gte(1, 'pageSize must be at least 1'),
        z.lte(100, 'pageSize must be at most 100'),
      ),
  ),
});
export type AdminProductListInput = z.infer<typeof adminProductListInput>;

export const productUpdateInput = z.object({ id: id('Product id'), product: productInput });
