import { sql, type Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import type { ProductInput } from '@kanak/shared';
import { badRequest } from '../common/errors';

const skuTaken = (sku: string, title: string) =>
  badRequest(`SKU ${sku} is already used by "${title}"`);
const sizeSkuTaken = (sku: string, holder: { title: string; weight: string }) =>
  badRequest(`Size SKU ${sku} is already used by "${holder.title}" (${holder.weight})`);

/**
 * SKUs a save asks for (issue 32): the product's design number and each size's. Unique in the
 * shop whatever the case; one already used by another product or size is a 400 naming it, checked
 * before writing so the answer says which. An absent SKU is kept on an edit and generated on a
 * create (migration 021's triggers: `<metal><category>-<id>` and `<product SKU>-<weight>`).
 */
export async function checkSkusFree(
  trx: Transaction<Database>,
  productId: string | null,
  input: ProductInput,
): Promise<void> {
  if (input.sku) {
    const other = await trx
      .selectFrom('products')
      .select(['id', 'title'])
      .where((eb) => eb(eb.fn('upper', ['sku']), '=', input.sku!.toUpperCase()))
      .executeTakeFirst();
    if (other && other.id !== productId) throw skuTaken(input.sku, other.title);
  }
  for (const size of input.sizes) {
    if (!size.sku) continue;
    const other = await trx
      .selectFrom('product_sizes')
      .innerJoin('products', 'products.id', 'product_sizes.product_id')
      .select(['product_sizes.product_id', 'product_sizes.weight', 'products.title'])
      .where((eb) => eb(eb.fn('upper', ['product_sizes.sku']), '=', size.sku!.toUpperCase()))
      .executeTakeFirst();
    // Ours is fine when it is this very size, or the size holding it is dropped or given
    // another SKU in this same save (two sizes may trade SKUs).
    const ours = other !== undefined && other.product_id === productId;
    const holder = ours ? input.sizes.find((s) => s.weight === other.weight) : undefined;
    const free =
      !other ||
      (ours &&
        (other.weight === size.weight ||
          !holder ||
          (holder.sku !== undefined && holder.sku !== size.sku)));
    if (other && !free) throw sizeSkuTaken(size.sku, other);
  }
}

/**
 * checkSkusFree for products about to be inserted (they hold no SKU yet, so any holder is
 * another product): one query for the products' SKUs and one for their sizes', however many.
 */
export async function checkNewSkusFree(
  trx: Transaction<Database>,
  inputs: readonly ProductInput[],
): Promise<void> {
  const skus = new Map(inputs.flatMap((i) => (i.sku ? [[i.sku.toUpperCase(), i.sku]] : [])));
  if (skus.size > 0) {
    const other = await trx
      .selectFrom('products')
      .select(['sku', 'title'])
      .where((eb) => eb(eb.fn('upper', ['sku']), 'in', [...skus.keys()]))
      .limit(1)
      .executeTakeFirst();
    if (other) throw skuTaken(skus.get(other.sku.toUpperCase()) ?? other.sku, other.title);
  }
  const sizeSkus = new Map(
    inputs.flatMap((i) => i.sizes.flatMap((s) => (s.sku ? [[s.sku.toUpperCase(), s.sku]] : []))),
  );
  if (sizeSkus.size > 0) {
    const other = await trx
      .selectFrom('product_sizes')
      .innerJoin('products', 'products.id', 'product_sizes.product_id')
      .select(['product_sizes.sku', 'product_sizes.weight', 'products.title'])
      .where((eb) => eb(eb.fn('upper', ['product_sizes.sku']), 'in', [...sizeSkus.keys()]))
      .limit(1)
      .executeTakeFirst();
    if (other) throw sizeSkuTaken(sizeSkus.get(other.sku.toUpperCase()) ?? other.sku, other);
  }
}

/** Writes the SKUs the save gave; absent ones stay as stored (or as the trigger made them). */
export async function writeSizeSkus(
  trx: Transaction<Database>,
  productId: string,
  input: ProductInput,
): Promise<void> {
  const given = input.sizes.filter((s) => s.sku);
  if (given.length === 0) return;
  // Moved aside first, so two sizes can trade SKUs within one save.
  await trx
    .updateTable('product_sizes')
    .set({ sku: sql<string>`sku || '~' || id::text` })
    .where('product_id', '=', productId)
    .where(
      'weight',
      'in',
      given.map((s) => s.weight),
    )
    .execute();
  for (const size of given)
    await trx
      .updateTable('product_sizes')
      .set({ sku: size.sku! })
      .where('product_id', '=', productId)
      .where('weight', '=', size.weight)
      .execute();
}

/** A unique-index refusal the checks above could not foresee (a concurrent save): a 400 too. */
export function skuClash(error: unknown): Error | null {
  const e = error as { code?: string; constraint?: string };
  if (e.code !== '23505') return null;
  if (e.constraint === 'products_sku_key')
    return badRequest('That SKU is already used by another product');
  if (e.constraint === 'product_sizes_sku_key')
    return badRequest('A size SKU is already used by another size');
  return null;
}
