import type { Kysely } from 'kysely';
import { PREPARED, type Database } from '@kanak/db';
import { notFound } from '../common/errors';
import { requireId } from '../common/ids';
import { PRODUCT_COLUMNS, toProductViews, type ProductView } from './product-view';

export async function getProduct(db: Kysely<Database>, productId: unknown): Promise<ProductView> {
  const id = requireId(productId, 'Product');
  const row = await db
    .selectFrom('products')
    .select([...PRODUCT_COLUMNS])
    .where('id', '=', id)
    .modifyEnd(PREPARED)
    .executeTakeFirst();
  if (!row) throw notFound('Product');
  const [view] = await toProductViews(db, [row]);
  return view!;
}
