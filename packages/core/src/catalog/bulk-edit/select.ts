import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { BULK_EDIT_SCOPE_MESSAGE, type BulkEditSelection } from '@kanak/shared';
import { badRequest } from '../../common';
import { adminProductsMatching } from '../admin-products';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The ids of the products a bulk edit covers, in id order: the picked rows or the table's search. */
export async function bulkEditProductIds(
  db: Kysely<Database>,
  selection: BulkEditSelection,
): Promise<string[]> {
  if ('productIds' in selection) {
    const wrong = selection.productIds.find((id) => !UUID.test(id));
    if (wrong !== undefined)
      throw badRequest(`productIds holds ${wrong}, which is not a product id`);
    const ids = [...new Set(selection.productIds.map((id) => id.toLowerCase()))];
    const rows = await db
      .selectFrom('products')
      .select('id')
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    if (rows.length < ids.length)
      throw badRequest(`${ids.length - rows.length} of the selected products no longer exist`);
    return rows.map((r) => r.id);
  }
  const { q, status, all } = selection.filter;
  // The whole catalogue only when asked for by name: an empty filter is not a scope.
  if (!q?.trim() && !status && all !== true)
    throw badRequest(BULK_EDIT_SCOPE_MESSAGE, { field: 'selection.filter' });
  let query = await adminProductsMatching(db, q);
  if (status) query = query.where('products.status', '=', status);
  const rows = await query.select('products.id').orderBy('products.id').execute();
  return rows.map((r) => r.id);
}
