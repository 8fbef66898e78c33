import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import {
  cartQuantityRefusal,
  formatRupees,
  INT32_MAX,
  MAX_CART_QUANTITY,
  normaliseWeight,
  type AddToCartInput,
  type GuestCartInput,
  type UpdateCartItemInput,
} from '@kanak/shared';
import { conflict, DomainError, notFound } from '../shared/errors';
import { isId, requireId } from '../shared/ids';
import { ensureCart, getCart, type CartView } from './cart-view';

type Trx = Transaction<Database>;

/** The cart row locked for the rest of the transaction, so concurrent changes queue up. */
async function lockCart(trx: Trx, userId: string): Promise<string> {
  const cartId = await ensureCart(trx, userId);
  await trx.selectFrom('carts').select('id').where('id', '=', cartId).forUpdate().execute();
  return cartId;
}

/** Marks the cart changed (its lines were added, changed or removed). */
async function touchCart(trx: Trx, cartId: string) {
  await trx.updateTable('carts').set({ updated_at: new Date() }).where('id', '=', cartId).execute();
}

/** The size row chosen by its weight string ("5 g"; "5" and "5g" are read the same way). */
/**
 * One change of the user's cart: in a transaction with the cart row locked (so concurrent
 * changes queue up), then the cart's update time is bumped and the whole cart is answered.
 */
async function changeCart(
  db: Kysely<Database>,
  userId: string,
  change: (trx: Trx, cartId: string) => Promise<void>,
): Promise<CartView> {
  return db.transaction().execute(async (trx) => {
    const cartId = await lockCart(trx, userId);
    await change(trx, cartId);
    await touchCart(trx, cartId);
    return getCart(trx, userId);
  });
}

/** The cart's line for a size row, if it has one. */
function lineOfSize(trx: Trx, cartId: string, sizeId: string) {
  return trx
    .selectFrom('cart_items')
    .select(['id', 'quantity'])
    .where('cart_id', '=', cartId)
    .where('size_id', '=', sizeId)
    .executeTakeFirst();
}

async function findSize(trx: Trx, productId: string, weight: string) {
  // Stored weights are normalised, so a weight that does not normalise matches no row.
  const normalised = normaliseWeight(weight);
  if (!normalised) return undefined;
  return trx
    .selectFrom('product_sizes')
    .select(['id', 'stock', 'weight'])
    .where('product_id', '=', productId)
    .where('weight', '=', normalised)
    .executeTakeFirst();
}

/** Orders store their totals in integer columns: no cart may add up to more than they hold. */
export const MAX_CART_TOTAL = INT32_MAX;
export const CART_TOTAL_MESSAGE = `One order can come to at most ${formatRupees(MAX_CART_TOTAL)}: lower a quantity or check out part of the cart first`;

/**
 * The cart's total at list prices if the line of `sizeId` had `quantity` (0 for a new line
 * that replaces nothing), added up in bigint so the sum itself cannot overflow.
 */
async function totalWith(trx: Trx, cartId: string, sizeId: string, quantity: number) {
  const others = await trx
    .selectFrom('cart_items')
    .innerJoin('products', 'products.id', 'cart_items.product_id')
    .where('cart_items.cart_id', '=', cartId)
    .where('cart_items.size_id', '!=', sizeId)
    .select(sql<string | null>`sum(products.price::bigint * cart_items.quantity)`.as('total'))
    .executeTakeFirstOrThrow();
  const own = await trx
    .selectFrom('product_sizes')
    .innerJoin('products', 'products.id', 'product_sizes.product_id')
    .where('product_sizes.id', '=', sizeId)
    .select('products.price')
    .executeTakeFirstOrThrow();
  return Number(others.total ?? 0) + own.price * quantity;
}

/** PUT /api/cart/add: adds a line or raises its quantity; at most the size row's stock. */
export async function addToCart(
  db: Kysely<Database>,
  userId: string,
  input: AddToCartInput,
): Promise<CartView> {
  const productId = requireId(input.productId, 'Product');
  return changeCart(db, userId, async (trx, cartId) => {
    const product = await trx
      .selectFrom('products')
      .select('id')
      .where('id', '=', productId)
      .executeTakeFirst();
    if (!product) throw notFound('Product');
    const size = await findSize(trx, productId, input.weight);
    if (!size)
      throw new DomainError('NOT_FOUND', `This product has no size of weight ${input.weight}`);
    const existing = await lineOfSize(trx, cartId, size.id);
    const quantity = (existing?.quantity ?? 0) + (input.quantity ?? 1);
    const refusal = cartQuantityRefusal(quantity, size.stock);
    if (refusal) throw conflict(refusal);
    if ((await totalWith(trx, cartId, size.id, quantity)) > MAX_CART_TOTAL)
      throw conflict(CART_TOTAL_MESSAGE);
    if (existing) {
      await trx.updateTable('cart_items').set({ quantity }).where('id', '=', existing.id).execute();
    } else {
      await trx
        .insertInto('cart_items')
        .values({ cart_id: cartId, product_id: productId, size_id: size.id, quantity })
        .execute();
    }
  });
}

/** A line of this user's cart; anybody else's line is simply not found. */
async function ownLine(trx: Trx, cartId: string, cartItemId: unknown) {
  const id = requireId(cartItemId, 'Cart item');
  const line = await trx
    .selectFrom('cart_items')
    .innerJoin('product_sizes', 'product_sizes.id', 'cart_items.size_id')
    .select(['cart_items.id', 'cart_items.size_id', 'product_sizes.stock'])
    .where('cart_items.id', '=', id)
    .where('cart_items.cart_id', '=', cartId)
    .executeTakeFirst();
  if (!line) throw notFound('Cart item');
  return line;
}

/** PUT /api/cart_item/{id}: sets the quantity (1 to the size row's stock). */
export async function updateCartItem(
  db: Kysely<Database>,
  userId: string,
  input: UpdateCartItemInput,
): Promise<CartView> {
  return changeCart(db, userId, async (trx, cartId) => {
    const line = await ownLine(trx, cartId, input.cartItemId);
    const refusal = cartQuantityRefusal(input.quantity, line.stock);
    if (refusal) throw conflict(refusal);
    if ((await totalWith(trx, cartId, line.size_id, input.quantity)) > MAX_CART_TOTAL)
      throw conflict(CART_TOTAL_MESSAGE);
    await trx
      .updateTable('cart_items')
      .set({ quantity: input.quantity })
      .where('id', '=', line.id)
      .execute();
  });
}

/** DELETE /api/cart_item/{id}. */
export async function removeCartItem(
  db: Kysely<Database>,
  userId: string,
  cartItemId: unknown,
): Promise<CartView> {
  return changeCart(db, userId, async (trx, cartId) => {
    const line = await ownLine(trx, cartId, cartItemId);
    await trx.deleteFrom('cart_items').where('id', '=', line.id).execute();
  });
}

/**
 * The browser's guest cart merged at login: lines add to the account's lines, quantities are
 * capped at stock, and lines whose product or weight vanished (or are sold out) are skipped.
 */
export async function mergeCart(
  db: Kysely<Database>,
  userId: string,
  input: GuestCartInput,
): Promise<CartView> {
  return changeCart(db, userId, async (trx, cartId) => {
    for (const item of input.items) {
      if (!isId(item.productId)) continue;
      const size = await findSize(trx, item.productId.toLowerCase(), item.weight);
      if (!size || size.stock === 0) continue;
      const existing = await lineOfSize(trx, cartId, size.id);
      const quantity = Math.min(
        size.stock,
        MAX_CART_QUANTITY,
        (existing?.quantity ?? 0) + (item.quantity ?? 1),
      );
      // A guest line that would take the cart past what one order holds is skipped too.
      if ((await totalWith(trx, cartId, size.id, quantity)) > MAX_CART_TOTAL) continue;
      if (existing) {
        await trx
          .updateTable('cart_items')
          .set({ quantity })
          .where('id', '=', existing.id)
          .execute();
      } else {
        await trx
          .insertInto('cart_items')
          .values({
            cart_id: cartId,
            product_id: item.productId.toLowerCase(),
            size_id: size.id,
            quantity,
          })
          .execute();
      }
    }
  });
}
