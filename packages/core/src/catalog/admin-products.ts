import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import { clearListingCounts } from './listing-counts';
import {
  ADMIN_PAGE_SIZE,
  percentOff,
  type AdminProductListInput,
  type ProductInput,
} from '@kanak/shared';
import { adjustStockForEdits } from './stock-adjustment';
import { syncStockAlerts } from '../stock-alerts';
import { conflict, notFound } from '../common';
import { requireId } from '../common';
import { adminGetProduct } from './get-product';
import { checkSkusFreeForSaves, skuClash, writeSizeSkus } from './product-skus';
import { productIdBySku } from './search-match';
import type { ProductPage } from './list-products';
import { hallmarkOf, saveStones } from '../stones';
import { PRODUCT_COLUMNS, toProductViews, type ProductView } from './product-view';
import { searchWords } from './search-products';
import { priceSavedProducts, pricingColumns } from '../pricing';
import {
  belowMinimumPriceRefusal,
  METAL_PRICE_FIELD,
  refuseBelowMinimumPrice,
  sameVersion,
} from './product-write-rule';

type Db = Kysely<Database> | Transaction<Database>;

/** Admin products table: newest first, optional text search over title and brand, and a state. */
export async function adminListProducts(
  db: Kysely<Database>,
  input: AdminProductListInput,
): Promise<ProductPage> {
  const page = input.page ?? 1;
  const pageSize = input.pageSize ?? ADMIN_PAGE_SIZE;
  let query = await adminProductsMatching(db, input.q);
  if (input.status) query = query.where('products.status', '=', input.status);
  const [count, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    query
      .select([...PRODUCT_COLUMNS])
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);
  const total = Number(count.n);
  return {
    content: await toProductViews(db, rows),
    totalPages: Math.ceil(total / pageSize),
    currentPage: page,
    totalElements: total,
  };
}

/**
 * The products the admin table's search `q` shows (all of them without one), in any state: the
 * table, the catalogue export and bulk edits select the same rows.
 */
export async function adminProductsMatching(db: Kysely<Database>, q: string | undefined) {
  let query = db.selectFrom('products');
  // An exact SKU (the product's or a size's) filters to its product, drafts included.
  const bySku = q ? await productIdBySku(db, q, false) : null;
  if (bySku) query = query.where('products.id', '=', bySku);
  else
    for (const word of searchWords(q ?? '')) {
      const like = `%${word}%`;
      query = query.where((eb) => eb.or([eb('title', 'ilike', like), eb('brand', 'ilike', like)]));
    }
  return query;
}

export interface FindOrCreateCategoryOptions {
  name: string;
  level: 1 | 2 | 3;
  parentId: string | null;
}

async function findOrCreateCategory(
  db: Db,
  { name, level, parentId }: FindOrCreateCategoryOptions,
): Promise<string> {
  const find = () => {
    const query = db
      .selectFrom('categories')
      .select('id')
      .where('name', '=', name)
      .where('level', '=', level);
    return (
      parentId ? query.where('parent_id', '=', parentId) : query.where('parent_id', 'is', null)
    ).executeTakeFirst();
  };
  const found = await find();
  if (found) return found.id;
  // A concurrent save may create the same node: the unique index keeps one, and we read it back.
  await db
    .insertInto('categories')
    .values({ name, level, parent_id: parentId })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const created = await find();
  if (!created) throw new Error(`category ${name} could not be created`);
  return created.id;
}

/** The third-level category node of the three names, creating missing levels. */
export async function categoryFor(
  db: Db,
  input: Pick<ProductInput, 'topLevelCategory' | 'secondLevelCategory' | 'thirdLevelCategory'>,
): Promise<string> {
  const top = await findOrCreateCategory(db, {
    name: input.topLevelCategory,
    level: 1,
    parentId: null,
  });
  const second = await findOrCreateCategory(db, {
    name: input.secondLevelCategory,
    level: 2,
    parentId: top,
  });
  return findOrCreateCategory(db, { name: input.thirdLevelCategory, level: 3, parentId: second });
}

function productColumns(input: ProductInput, categoryId: string) {
  // Metal pricing: placeholders the same transaction replaces with the computed prices.
  const price = input.pricing?.basis === 'metal' ? 1 : (input.price ?? 1);
  const discountedPrice = input.pricing?.basis === 'metal' ? 1 : (input.discountedPrice ?? price);
  return {
    title: input.title,
    brand: input.brand,
    color: input.color,
    price,
    discounted_price: discountedPrice,
    // Recomputed by the server so the percent always agrees with the two prices (spec section 9).
    discount_percent: percentOff(price, discountedPrice),
    ...pricingColumns(input.pricing),
    description: input.description,
    details: input.details,
    occasion: input.occasion,
    quantity: input.quantity,
    collection_name: input.collectionName,
    type: input.type,
    category_id: categoryId,
    // Absent: generated on a create (migration 021's trigger), kept on an edit.
    sku: input.sku,
    // Absent: live on a create (today's behaviour for clients that know no states), kept on an edit.
    status: input.status,
  };
}

/** A product's image rows: the same URL twice adds nothing (answers repeat a lone image for the hover themselves). */
const imageRows = (productId: string, input: ProductInput) =>
  [...new Set(input.imageUrls.map((image) => image.imageUrl))].map((url, position) => ({
    product_id: productId,
    position,
    url,
  }));

/** The saves' images: their rows replaced (one delete and one insert for all). */
async function replaceImages(trx: Transaction<Database>, saves: readonly ProductSave[]) {
  await trx
    .deleteFrom('product_images')
    .where(
      'product_id',
      'in',
      saves.map((save) => save.id),
    )
    .execute();
  const rows = saves.flatMap((save) => imageRows(save.id, save.input));
  if (rows.length > 0) await trx.insertInto('product_images').values(rows).execute();
}

const sizeRows = (productId: string, input: ProductInput) =>
  input.sizes.map((s, position) => ({
    product_id: productId,
    position,
    weight: s.weight,
    size: s.size ?? '',
    stock: s.stock,
    net_weight: s.netWeight ?? null,
  }));

/**
 * Size rows are matched by weight: a kept weight keeps its row (and the cart lines pointing at
 * it), a dropped weight is deleted, a new weight is inserted with its stock. The stock of a kept
 * row is not written here: on an edit, adjustStockForEdits (the ledger) has decided it already.
 * One delete and one upsert for all the saves.
 */
async function replaceSizes(trx: Transaction<Database>, saves: readonly ProductSave[]) {
  const kept = saves.flatMap((save) =>
    save.input.sizes.map((size) => ({ product_id: save.id, weight: size.weight })),
  );
  await sql`
    DELETE FROM product_sizes AS s
    WHERE s.product_id = ANY(${saves.map((save) => save.id)}::uuid[])
      AND NOT EXISTS (
        SELECT 1 FROM jsonb_to_recordset(${JSON.stringify(kept)}::jsonb) AS k(product_id uuid, weight text)
        WHERE k.product_id = s.product_id AND k.weight = s.weight)`.execute(trx);
  await trx
    .insertInto('product_sizes')
    .values(saves.flatMap((save) => sizeRows(save.id, save.input)))
    .onConflict((oc) =>
      oc.columns(['product_id', 'weight']).doUpdateSet((eb) => ({
        position: eb.ref('excluded.position'),
        size: eb.ref('excluded.size'),
        net_weight: eb.ref('excluded.net_weight'),
      })),
    )
    .execute();
}

/** The third-level category of each input, each distinct path looked up (or created) once. */
async function categoriesFor(
  trx: Transaction<Database>,
  inputs: readonly ProductInput[],
): Promise<string[]> {
  const known = new Map<string, string>();
  const ids: string[] = [];
  for (const input of inputs) {
    const key = JSON.stringify([
      input.topLevelCategory,
      input.secondLevelCategory,
      input.thirdLevelCategory,
    ]);
    let id = known.get(key);
    if (!id) known.set(key, (id = await categoryFor(trx, input)));
    ids.push(id);
  }
  return ids;
}

/** A save whose SKU a concurrent save took meanwhile: the unique index's refusal as a 400. */
async function savingSkus<T>(save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    throw skuClash(error) ?? belowMinimumPriceRefusal(error) ?? error;
  }
}

/**
 * New products' rows, in the caller's transaction: one statement per table however many (an
 * import applies hundreds per transaction). The ids are made here, so each input's rows are
 * written without reading any back. Answers the ids in the inputs' order.
 */
export async function insertProducts(
  trx: Transaction<Database>,
  inputs: readonly ProductInput[],
): Promise<string[]> {
  if (inputs.length === 0) return [];
  await checkSkusFreeForSaves(
    trx,
    inputs.map((input) => ({ id: null, input })),
  );
  const categoryIds = await categoriesFor(trx, inputs);
  const ids = inputs.map(() => randomUUID());
  await trx
    .insertInto('products')
    .values(
      inputs.map((input, i) => ({
        id: ids[i],
        ...productColumns(input, categoryIds[i]!),
        hallmark: hallmarkOf(input),
      })),
    )
    .execute();
  const images = inputs.flatMap((input, i) => imageRows(ids[i]!, input));
  if (images.length > 0) await trx.insertInto('product_images').values(images).execute();
  await trx
    .insertInto('product_sizes')
    .values(
      inputs.flatMap((input, i) =>
        // A size without a SKU gets one from migration 021's trigger.
        sizeRows(ids[i]!, input).map((row, n) => ({ ...row, sku: input.sizes[n]!.sku })),
      ),
    )
    .execute();
  await priceSavedProducts(
    trx,
    inputs.map((input, i) => ({ id: ids[i]!, pricing: input.pricing, sizes: input.sizes })),
  );
  await saveStones(
    trx,
    inputs.map((input, i) => ({ id: ids[i]!, input })),
    true,
  );
  await refuseBelowMinimumPrice(trx, ids, sellingPriceField(inputs));
  return ids;
}

/** A new product's rows, in the caller's transaction. */
export async function insertProduct(trx: Transaction<Database>, input: ProductInput) {
  const [id] = await insertProducts(trx, [input]);
  return id!;
}

/** POST /api/admin/products: the created product as clients read it. */
export async function createProduct(
  db: Kysely<Database>,
  input: ProductInput,
): Promise<ProductView> {
  const id = await savingSkus(() => db.transaction().execute((trx) => insertProduct(trx, input)));
  clearListingCounts(db);
  return adminGetProduct(db, id);
}

/** The 409 of a save whose form was loaded before someone else saved the product. */
export const PRODUCT_SAVED_MEANWHILE =
  'Someone else saved this product while you were editing; nothing was saved. Check their changes and save again.';

/**
 * PUT /api/admin/products/{id}: every field, images and size rows replaced in one transaction,
 * under the product-write rule (product-write-rule.ts).
 * `loadedUpdatedAt` (when sent) must still be the product's updatedAt, and each size row's stock
 * goes through the ledger (adjustStockForEdit), so neither another admin's save nor a sale made
 * while the form was open is silently undone.
 */
export async function updateProduct(
  db: Kysely<Database>,
  productId: unknown,
  input: ProductInput,
): Promise<ProductView> {
  const id = requireId(productId, 'Product');
  await savingSkus(() => db.transaction().execute((trx) => rewriteProduct(trx, id, input)));
  clearListingCounts(db);
  return adminGetProduct(db, id);
}

/**
 * An existing product's rows rewritten from `input`, in the caller's transaction: the body of
 * PUT /api/admin/products/{id}.
 */
export async function rewriteProduct(trx: Transaction<Database>, id: string, input: ProductInput) {
  await rewriteProducts(trx, [{ id, input }]);
}

/** An existing product and the input its save rewrites it from. */
export interface ProductSave {
  id: string;
  input: ProductInput;
}

/**
 * Existing products' rows rewritten from their inputs, in the caller's transaction: the form's
 * edit, and an import's batch of changed products, with one statement per table for all of them.
 * The first refusal (saved meanwhile, a SKU taken, stock moved) refuses the whole call.
 */
export async function rewriteProducts(
  trx: Transaction<Database>,
  saves: readonly ProductSave[],
): Promise<void> {
  if (saves.length === 0) return;
  const ids = saves.map((save) => save.id);
  const existing = await trx
    .selectFrom('products')
    .select(['id', 'updated_at'])
    .where('id', 'in', ids)
    .orderBy('id')
    // Not FOR UPDATE: that waits for the key-share lock a checkout's new line takes on the
    // product, while the checkout may wait for a size row this save locks next (a deadlock the
    // chaos soak found). A save never changes the key; two saves still exclude each other.
    .forNoKeyUpdate()
    .execute();
  const updatedAt = new Map(existing.map((row) => [row.id, new Date(row.updated_at)]));
  for (const { id, input } of saves) {
    const savedAt = updatedAt.get(id);
    if (!savedAt) throw notFound('Product');
    // Compared as the view shows it (milliseconds): the form sends back what it read.
    if (input.loadedUpdatedAt && !sameVersion(input.loadedUpdatedAt, savedAt))
      throw conflict(PRODUCT_SAVED_MEANWHILE, { updatedAt: savedAt.toISOString() });
  }
  await checkSkusFreeForSaves(trx, saves);
  await adjustStockForEdits(
    trx,
    saves.map((save) => ({ productId: save.id, rows: save.input.sizes })),
  );
  const categoryIds = await categoriesFor(
    trx,
    saves.map((save) => save.input),
  );
  const rows = saves.map(({ id, input }, i) => ({
    id,
    ...productColumns(input, categoryIds[i]!),
    // Absent: kept (hallmarkOf's rule: a metal-priced piece's always follows its purity).
    hallmark:
      input.pricing?.basis === 'metal' || input.hallmark !== undefined
        ? hallmarkOf(input)
        : undefined,
    keep_hallmark: !(input.pricing?.basis === 'metal' || input.hallmark !== undefined),
  }));
  // Columns absent from a row (sku, status) are kept, as an edit keeps them; a fixed price
  // forgets its rate row, a metal price keeps it until repriced below.
  await sql`
    UPDATE products AS p SET
      title = x.title, brand = x.brand, color = x.color, price = x.price,
      discounted_price = x.discounted_price, discount_percent = x.discount_percent,
      pricing_basis = x.pricing_basis, pricing_metal = x.pricing_metal,
      pricing_purity = x.pricing_purity, making_kind = x.making_kind,
      making_value = x.making_value, stones = x.stones,
      making_discount_percent = x.making_discount_percent,
      metal_rate_id = CASE WHEN x.pricing_basis = 'fixed' THEN NULL ELSE p.metal_rate_id END,
      description = x.description, details = x.details, occasion = x.occasion,
      quantity = x.quantity, collection_name = x.collection_name, type = x.type,
      category_id = x.category_id, sku = coalesce(x.sku, p.sku),
      status = coalesce(x.status, p.status),
      hallmark = CASE WHEN x.keep_hallmark THEN p.hallmark ELSE x.hallmark END,
      -- Database time, at least a millisecond past the last save: two saves never share the
      -- updatedAt a form compares (the view shows milliseconds), whatever the servers' clocks.
      updated_at = greatest(now(), p.updated_at + interval '1 millisecond')
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(
      id uuid, title text, brand text, color text, price integer, discounted_price integer,
      discount_percent integer, pricing_basis text, pricing_metal text, pricing_purity text,
      making_kind text, making_value numeric, stones integer, making_discount_percent numeric,
      description text, details text, occasion text, quantity integer, collection_name text,
      type text, category_id uuid, sku text, status text, hallmark text, keep_hallmark boolean)
    WHERE p.id = x.id`.execute(trx);
  await replaceImages(trx, saves);
  await replaceSizes(trx, saves);
  await writeSizeSkus(trx, saves);
  // A size the save takes from 0 to in stock mails its waiting shoppers (every row is locked).
  const sizes = await trx
    .selectFrom('product_sizes')
    .select('id')
    .where('product_id', 'in', ids)
    .execute();
  await syncStockAlerts(
    trx,
    sizes.map((r) => r.id),
  );
  await priceSavedProducts(
    trx,
    saves.map(({ id, input }) => ({ id, pricing: input.pricing, sizes: input.sizes })),
  );
  await saveStones(trx, saves, false);
  await refuseBelowMinimumPrice(trx, ids, sellingPriceField(saves.map((save) => save.input)));
}

/** The field a price below ₹1 is named by: the typed one, or the metal price's inputs. */
const sellingPriceField = (inputs: readonly ProductInput[]) =>
  inputs.some((input) => input.pricing?.basis === 'metal') ? METAL_PRICE_FIELD : 'Discounted Price';

/** DELETE /api/admin/products/{id}: orders keep their copied items (product_id becomes null). */
export async function removeProduct(
  db: Kysely<Database>,
  productId: unknown,
): Promise<{ message: string }> {
  const id = requireId(productId, 'Product');
  const deleted = await db.deleteFrom('products').where('id', '=', id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound('Product');
  clearListingCounts(db);
  return { message: 'Product deleted successfully' };
}
