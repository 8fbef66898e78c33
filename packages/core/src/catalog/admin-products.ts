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
import { adjustStockForEdit } from '../ledger/stock-adjustment';
import { syncStockAlerts } from '../stock-alerts/restock-mails';
import { conflict, notFound } from '../common/errors';
import { requireId } from '../common/ids';
import { adminGetProduct } from './get-product';
import { checkNewSkusFree, checkSkusFree, skuClash, writeSizeSkus } from './product-skus';
import { productIdBySku } from './search-match';
import type { ProductPage } from './list-products';
import { hallmarkOf, saveHallmarkAndStones, saveNewProductsStones } from '../stones/product-stones';
import { PRODUCT_COLUMNS, toProductViews, type ProductView } from './product-view';
import { searchWords } from './search-products';
import { priceSavedProduct, priceSavedProducts, pricingColumns } from '../pricing/product-pricing';

type Db = Kysely<Database> | Transaction<Database>;

/** Admin products table: newest first, optional text search over title and brand. */
export async function adminListProducts(
  db: Kysely<Database>,
  input: AdminProductListInput,
): Promise<ProductPage> {
  const page = input.page ?? 1;
  const pageSize = input.pageSize ?? ADMIN_PAGE_SIZE;
  const query = await adminProductsMatching(db, input.q);
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
  // An exact SKU (the product's or a size's) filters to its product, drafts included (issue 32).
  const bySku = q ? await productIdBySku(db, q, false) : null;
  if (bySku) query = query.where('products.id', '=', bySku);
  else
    for (const word of searchWords(q ?? '')) {
      const like = `%${word}%`;
      query = query.where((eb) => eb.or([eb('title', 'ilike', like), eb('brand', 'ilike', like)]));
    }
  return query;
}

async function findOrCreateCategory(
  db: Db,
  name: string,
  level: 1 | 2 | 3,
  parentId: string | null,
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
  const top = await findOrCreateCategory(db, input.topLevelCategory, 1, null);
  const second = await findOrCreateCategory(db, input.secondLevelCategory, 2, top);
  return findOrCreateCategory(db, input.thirdLevelCategory, 3, second);
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

async function replaceImages(db: Db, productId: string, input: ProductInput) {
  await db.deleteFrom('product_images').where('product_id', '=', productId).execute();
  await db.insertInto('product_images').values(imageRows(productId, input)).execute();
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
 * row is not written here: on an edit, adjustStockForEdit (the ledger) has decided it already.
 */
async function replaceSizes(db: Db, productId: string, input: ProductInput) {
  const weights = input.sizes.map((s) => s.weight);
  await db
    .deleteFrom('product_sizes')
    .where('product_id', '=', productId)
    .where('weight', 'not in', weights)
    .execute();
  await db
    .insertInto('product_sizes')
    .values(sizeRows(productId, input))
    .onConflict((oc) =>
      oc.columns(['product_id', 'weight']).doUpdateSet((eb) => ({
        position: eb.ref('excluded.position'),
        size: eb.ref('excluded.size'),
        net_weight: eb.ref('excluded.net_weight'),
      })),
    )
    .execute();
}

/** A save whose SKU a concurrent save took meanwhile: the unique index's refusal as a 400. */
async function savingSkus<T>(save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    throw skuClash(error) ?? error;
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
  await checkNewSkusFree(trx, inputs);
  // Few distinct paths in a batch: each is looked up (or created) once.
  const categories = new Map<string, string>();
  const categoryIds: string[] = [];
  for (const input of inputs) {
    const path = [input.topLevelCategory, input.secondLevelCategory, input.thirdLevelCategory];
    const key = JSON.stringify(path);
    let id = categories.get(key);
    if (!id) categories.set(key, (id = await categoryFor(trx, input)));
    categoryIds.push(id);
  }
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
  await saveNewProductsStones(
    trx,
    inputs.map((input, i) => ({ id: ids[i]!, input })),
  );
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
 * PUT /api/admin/products/{id}: every field, images and size rows replaced in one transaction.
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
 * PUT /api/admin/products/{id}, and of an import row that changes a product.
 */
export async function rewriteProduct(trx: Transaction<Database>, id: string, input: ProductInput) {
  const existing = await trx
    .selectFrom('products')
    .select(['id', 'updated_at'])
    .where('id', '=', id)
    // Not FOR UPDATE: that waits for the key-share lock a checkout's new line takes on the
    // product, while the checkout may wait for a size row this save locks next (a deadlock the
    // chaos soak found). A save never changes the key; two saves still exclude each other.
    .forNoKeyUpdate()
    .executeTakeFirst();
  if (!existing) throw notFound('Product');
  // Compared as the view shows it (milliseconds): the form sends back what it read.
  const savedAt = new Date(existing.updated_at);
  if (input.loadedUpdatedAt && new Date(input.loadedUpdatedAt).getTime() !== savedAt.getTime())
    throw conflict(PRODUCT_SAVED_MEANWHILE, { updatedAt: savedAt.toISOString() });
  await checkSkusFree(trx, id, input);
  await adjustStockForEdit(trx, id, input.sizes);
  const categoryId = await categoryFor(trx, input);
  await trx
    .updateTable('products')
    .set({
      ...productColumns(input, categoryId),
      // Database time, at least a millisecond past the last save: two saves never share the
      // updatedAt a form compares (the view shows milliseconds), whatever the servers' clocks.
      updated_at: sql<Date>`greatest(now(), updated_at + interval '1 millisecond')`,
    })
    .where('id', '=', id)
    .execute();
  await replaceImages(trx, id, input);
  await replaceSizes(trx, id, input);
  await writeSizeSkus(trx, id, input);
  // A size the save takes from 0 to in stock mails its waiting shoppers (every row is locked).
  const sizeRows = await trx
    .selectFrom('product_sizes')
    .select('id')
    .where('product_id', '=', id)
    .execute();
  await syncStockAlerts(
    trx,
    sizeRows.map((r) => r.id),
  );
  await priceSavedProduct(trx, id, input);
  await saveHallmarkAndStones(trx, id, input, false);
}

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
