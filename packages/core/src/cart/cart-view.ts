import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import { cartTotals, lineTotal, measureValue } from '@kanak/shared';
import { PRODUCT_COLUMNS, toProductViews } from '../catalog';
import type { CartItemView, CartView } from '@kanak/shared';

/** The answer shapes are declared once, as zod schemas in @kanak/shared. */
export type { CartItemView, CartView };

type Db = Kysely<Database> | Transaction<Database>;

/** The user's cart row, created on first use. */
export async function ensureCart(db: Db, userId: string): Promise<string> {
  // Reads first: carts are read far more often than created, and a read takes no lock.
  const existing = await db
    .selectFrom('carts')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (existing) return existing.id;
  await db
    .insertInto('carts')
    .values({ user_id: userId })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const cart = await db
    .selectFrom('carts')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return cart.id;
}

/** GET /api/cart: totals computed here from current prices, oldest line first. */
export async function getCart(db: Db, userId: string): Promise<CartView> {
  const cartId = await ensureCart(db, userId);
  const rows = await db
    .selectFrom('cart_items')
    .innerJoin('products', 'products.id', 'cart_items.product_id')
    .innerJoin('product_sizes', 'product_sizes.id', 'cart_items.size_id')
    .select([
      ...PRODUCT_COLUMNS,
      'cart_items.id as item_id',
      'cart_items.quantity as item_quantity',
      'product_sizes.weight',
      'product_sizes.size',
      'product_sizes.stock',
      'product_sizes.price as size_price',
      'product_sizes.discounted_price as size_discounted_price',
      'cart_items.added_price',
    ])
    .where('cart_items.cart_id', '=', cartId)
    .orderBy('cart_items.created_at')
    .orderBy('cart_items.id')
    .execute();
  const products = await toProductViews(db, rows);
  const cartItems = rows.map((row, i) => {
    // A size's own price (metal pricing) before the product's.
    const unit = {
      price: row.size_price ?? row.price,
      discountedPrice: row.size_discounted_price ?? row.discounted_price,
    };
    return {
      _id: row.item_id,
      product: products[i]!,
      weight: row.weight,
      size: row.size,
      width: row.size ? measureValue(row.size) : null,
      stock: row.stock,
      ...lineTotal(unit, row.item_quantity),
      // The unit price when added, when it has moved since (rates published meanwhile).
      priceWhenAdded:
        row.added_price !== null && row.added_price !== unit.discountedPrice
          ? row.added_price
          : null,
    };
  });
  return { _id: cartId, cartItems, ...cartTotals(cartItems) };
}
