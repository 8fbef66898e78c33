import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { notFound } from '../common';
import { requireId } from '../common';
import { productWithParts, viewOf, type ProductView } from './product-view';

/**
 * One product as clients read it. Shoppers (the default) never see a draft: it answers 404 as if
 * it did not exist; an archived piece keeps its page, marked `status: 'archived'`. The
 * back office (`drafts: true`) sees every state.
 */
export async function getProduct(
  db: Kysely<Database>,
  productId: unknown,
  options: { drafts?: boolean } = {},
): Promise<ProductView> {
  const id = requireId(productId, 'Product');
  // The row and its parts in one statement: an uncached product page is one round trip.
  const row = await productWithParts(db, id);
  if (!row || (row.status === 'draft' && !options.drafts)) throw notFound('Product');
  return viewOf(row, row);
}

/** The back office's read of a product: drafts included. */
export const adminGetProduct = (db: Kysely<Database>, productId: unknown) =>
  getProduct(db, productId, { drafts: true });
