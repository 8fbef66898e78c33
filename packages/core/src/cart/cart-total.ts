import { sql, type Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import { formatRupees, INT32_MAX } from '@kanak/shared';

/** Orders store their totals in integer columns: no cart may add up to more than they hold. */
export const MAX_CART_TOTAL = INT32_MAX;
export const CART_TOTAL_MESSAGE = `One order can come to at most ${formatRupees(MAX_CART_TOTAL)}: lower a quantity or check out part of the cart first`;

export interface TotalWithOptions {
  cartId: string;
  sizeId: string;
  quantity: number;
}

/**
 * The cart's total at list prices if the line of `sizeId` had `quantity` (0 for a new line
 * that replaces nothing), added up in bigint so the sum itself cannot overflow.
 */
export async function totalWith(
  trx: Transaction<Database>,
  { cartId, sizeId, quantity }: TotalWithOptions,
) {
  const others = await trx
    .selectFrom('cart_items')
    .innerJoin('products', 'products.id', 'cart_items.product_id')
    .innerJoin('product_sizes', 'product_sizes.id', 'cart_items.size_id')
    .where('cart_items.cart_id', '=', cartId)
    .where('cart_items.size_id', '!=', sizeId)
    .select(
      sql<
        string | null
      >`sum(coalesce(product_sizes.price, products.price)::bigint * cart_items.quantity)`.as(
        'total',
      ),
    )
    .executeTakeFirstOrThrow();
  const own = await trx
    .selectFrom('product_sizes')
    .innerJoin('products', 'products.id', 'product_sizes.product_id')
    .where('product_sizes.id', '=', sizeId)
    .select(sql<number>`coalesce(product_sizes.price, products.price)`.as('price'))
    .executeTakeFirstOrThrow();
  return Number(others.total ?? 0) + own.price * quantity;
}
