import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { notFound } from '../common';
import { requireId } from '../common';
import { PRODUCT_COLUMNS, toProductViews, type ProductView } from './product-view';

export const SIMILAR_DEFAULT_LIMIT = 8;

/** 'You May Also Like': other products of the same third-level category, newest first. */
export async function similarProducts(
  db: Kysely<Database>,
  productId: unknown,
  limit = SIMILAR_DEFAULT_LIMIT,
): Promise<ProductView[]> {
  const id = requireId(productId, 'Product');
  const product = await db
    .selectFrom('products')
    .select('category_name')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!product) throw notFound('Product');
  // The category as the listing's `category` filter reads it: every product whose third-level
  // category has that name (a ring under Gold and one under Diamond are both rings).
  const rows = await db
    .selectFrom('products')
    .select([...PRODUCT_COLUMNS])
    .where('products.category_name', '=', product.category_name)
    .where('products.id', '!=', id)
    .where('products.status', '=', 'live')
    .orderBy('products.created_at', 'desc')
    .orderBy('products.id', 'desc')
    .limit(limit)
    .execute();
  return toProductViews(db, rows);
}
