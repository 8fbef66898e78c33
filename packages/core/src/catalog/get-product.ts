import type { Kysely } from 'kysely';
import { PREPARED, type Database } from '@kanak/db';
import { notFound } from '../common/errors';
import { requireId } from '../common/ids';
import { PRODUCT_COLUMNS, toProductViews, type ProductView } from './product-view';

/**
 * One product as clients read it. Shoppers (the default) never see a draft: it answers 404 as if
 * it did not exist; an archived piece keeps its page, marked `status: 'archived'` (issue 32). The
 * back office (`drafts: true`) sees every state.
 */
export async function getProduct(
  db: Kysely<Database>,
  productId: unknown,
  options: { drafts?: boolean } = {},
): Promise<ProductView> {
  const id = requireId(productId, 'Product');
  const row = await db
    .selectFrom('products')
    .select([...PRODUCT_COLUMNS])
    .where('id', '=', id)
    .modifyEnd(PREPARED)
    .executeTakeFirst();
  if (!row || (row.status === 'draft' && !options.drafts)) throw notFound('Product');
  const [view] = await toProductViews(db, [row]);
  return view!;
}

/** The back office's read of a product: drafts included. */
export const adminGetProduct = (db: Kysely<Database>, productId: unknown) =>
  getProduct(db, productId, { drafts: true });
