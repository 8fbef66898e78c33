import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import type { ProductInput } from '@kanak/shared';
import { badRequest } from '../common';

const skuTaken = (sku: string, title: string) =>
  badRequest(`SKU ${sku} is already used by "${title}"`);
const sizeSkuTaken = (sku: string, holder: { title: string; weight: string }) =>
  badRequest(`Size SKU ${sku} is already used by "${holder.title}" (${holder.weight})`);

/**
 * SKUs a save asks for: the product's design number and each size's. Unique in the
 * shop whatever the case; one already used by another product or size is a 400 naming it, checked
 * before writing so the answer says which. An absent SKU is kept on an edit and generated on a
 * create (migration 021's triggers: `<metal><category>-<id>` and `<product SKU>-<weight>`).
 */
export async function checkSkusFree(
  trx: Transaction<Database>,
  productId: string | null,
  input: ProductInput,
): Promise<void> {
  await checkSkusFreeForSaves(trx, [{ id: productId, input }]);
}

/**
 * checkSkusFree for several saves at once (an import's batch; `id` null for a product to be
 * created): one query for the products' SKUs and one for their sizes', however many. The first
 * clash refuses the call (400).
 */
export async function checkSkusFreeForSaves(
  trx: Transaction<Database>,
  saves: readonly { id: string | null; input: ProductInput }[],
): Promise<void> {
  const [first] = await skuClashes(trx, saves);
  if (first) throw badRequest(first.message);
}

/** A SKU a save asks for that another product or size holds. */
export interface SkuClash {
  /** Index of the save in the list given. */
  save: number;
  /** The product's SKU, or one of its sizes' (by the size's SKU). */
  sizeSku: string | null;
  message: string;
}

/**
 * Every SKU clash of `saves`, in their order: the rule checkSkusFreeForSaves refuses by, for a
 * dry run that reports them all (an import's check runs the apply's check).
 */
export async function skuClashes(
  db: Kysely<Database> | Transaction<Database>,
  saves: readonly { id: string | null; input: ProductInput }[],
): Promise<SkuClash[]> {
  const clashes: SkuClash[] = [];
  const bySku = new Map(
    saves.flatMap((save, i) =>
      save.input.sku ? [[save.input.sku.toUpperCase(), { save, i }] as const] : [],
    ),
  );
  if (bySku.size > 0) {
    const held = await db
      .selectFrom('products')
      .select(['id', 'sku', 'title'])
      .where((eb) => eb(eb.fn('upper', ['sku']), 'in', [...bySku.keys()]))
      .execute();
    for (const other of held) {
      const asked = bySku.get(other.sku.toUpperCase());
      if (asked && other.id !== asked.save.id)
        clashes.push({
          save: asked.i,
          sizeSku: null,
          message: skuTaken(asked.save.input.sku!, other.title).message,
        });
    }
  }
  const bySizeSku = new Map(
    saves.flatMap((save, i) =>
      save.input.sizes.flatMap((size) =>
        size.sku ? [[size.sku.toUpperCase(), { save, i, size, sku: size.sku }] as const] : [],
      ),
    ),
  );
  if (bySizeSku.size > 0) {
    const held = await db
      .selectFrom('product_sizes')
      .innerJoin('products', 'products.id', 'product_sizes.product_id')
      .select([
        'product_sizes.sku',
        'product_sizes.product_id',
        'product_sizes.weight',
        'products.title',
      ])
      .where((eb) => eb(eb.fn('upper', ['product_sizes.sku']), 'in', [...bySizeSku.keys()]))
      .execute();
    for (const other of held) {
      const asked = bySizeSku.get(other.sku.toUpperCase());
      if (!asked) continue;
      const { save, size, sku } = asked;
      // Ours is fine when it is this very size, or the size holding it is dropped or given
      // another SKU in this same save (two sizes may trade SKUs).
      const ours = other.product_id === save.id;
      const holder = ours ? save.input.sizes.find((s) => s.weight === other.weight) : undefined;
      const free =
        ours &&
        (other.weight === size.weight ||
          !holder ||
          (holder.sku !== undefined && holder.sku !== size.sku));
      if (!free)
        clashes.push({ save: asked.i, sizeSku: sku, message: sizeSkuTaken(sku, other).message });
    }
  }
  return clashes.sort((a, b) => a.save - b.save);
}

/**
 * Writes the SKUs the saves gave; absent ones stay as stored (or as the trigger made them). Two
 * statements for all the saves: the sizes whose SKU changes are moved aside first, so two sizes
 * can trade SKUs within one save, then given theirs.
 */
export async function writeSizeSkus(
  trx: Transaction<Database>,
  saves: readonly { id: string; input: ProductInput }[],
): Promise<void> {
  const given = saves.flatMap((save) =>
    save.input.sizes.flatMap((size) =>
      size.sku ? [{ product_id: save.id, weight: size.weight, sku: size.sku }] : [],
    ),
  );
  if (given.length === 0) return;
  const sizes = sql`jsonb_to_recordset(${JSON.stringify(given)}::jsonb)
    AS g(product_id uuid, weight text, sku text)`;
  const changing = sql`s.product_id = g.product_id AND s.weight = g.weight AND s.sku <> g.sku`;
  await sql`UPDATE product_sizes AS s SET sku = s.sku || '~' || s.id::text
    FROM ${sizes} WHERE ${changing}`.execute(trx);
  await sql`UPDATE product_sizes AS s SET sku = g.sku FROM ${sizes} WHERE ${changing}`.execute(trx);
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
