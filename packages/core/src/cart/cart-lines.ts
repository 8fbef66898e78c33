import { sql, type Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import { normaliseWeight } from '@kanak/shared';
import { notFound } from '../common';
import { requireId } from '../common';

/** The cart's line for a size row, if it has one. */
export function lineOfSize(trx: Transaction<Database>, cartId: string, sizeId: string) {
  return trx
    .selectFrom('cart_items')
    .select(['id', 'quantity'])
    .where('cart_id', '=', cartId)
    .where('size_id', '=', sizeId)
    .executeTakeFirst();
}

/** The size row chosen by its weight string ("5 g"; "5" and "5g" are read the same way). */
export async function findSize(trx: Transaction<Database>, productId: string, weight: string) {
  // Stored weights are normalised, so a weight that does not normalise matches no row.
  const normalised = normaliseWeight(weight);
  if (!normalised) return undefined;
  return trx
    .selectFrom('product_sizes')
    .innerJoin('products', 'products.id', 'product_sizes.product_id')
    .select(['product_sizes.id', 'product_sizes.stock', 'product_sizes.weight', 'products.status'])
    .where('product_sizes.product_id', '=', productId)
    .where('product_sizes.weight', '=', normalised)
    .executeTakeFirst();
}

/** A line of this user's cart; anybody else's line is simply not found. */
export async function ownLine(trx: Transaction<Database>, cartId: string, cartItemId: unknown) {
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

/**
 * A size's unit price as the shopper pays it now (its own for metal pricing, else the
 * product's): kept on the line when added, so the cart can say when the price moved since.
 */
export const unitPriceOf = (sizeId: string) =>
  sql<number>`(SELECT coalesce(s.discounted_price, p.discounted_price) FROM product_sizes s
    JOIN products p ON p.id = s.product_id WHERE s.id = ${sizeId})`;

export interface SaveLineOptions {
  cartId: string;
  existing: { id: string } | undefined;
  line: { productId: string; sizeId: string; quantity: number };
  reprice: boolean;
}

/**
 * Sets a size's line to `quantity`: a new line keeps today's unit price; an existing one takes
 * it anew only when `reprice` (adding again is a fresh decision at today's price; a login merge
 * is not).
 */
export async function saveLine(
  trx: Transaction<Database>,
  { cartId, existing, line, reprice }: SaveLineOptions,
) {
  const { productId, sizeId, quantity } = line;
  if (existing) {
    await trx
      .updateTable('cart_items')
      .set(reprice ? { quantity, added_price: unitPriceOf(sizeId) } : { quantity })
      .where('id', '=', existing.id)
      .execute();
    return;
  }
  await trx
    .insertInto('cart_items')
    .values({
      cart_id: cartId,
      product_id: productId,
      size_id: sizeId,
      quantity,
      added_price: unitPriceOf(sizeId),
    })
    .execute();
}
