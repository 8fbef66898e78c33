import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import { notFound } from '../common';
import { requireId } from '../common';

/** The one "product exists" check: a malformed id is a 400, an unknown one a 404; answers the id. */
export async function requireProduct(
  db: Kysely<Database> | Transaction<Database>,
  productId: unknown,
): Promise<string> {
  const id = requireId(productId, 'Product');
  const product = await db
    .selectFrom('products')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!product) throw notFound('Product');
  return id;
}
