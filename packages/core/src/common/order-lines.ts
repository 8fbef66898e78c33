import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';

/**
 * An order's lines (`order_items`) with their product where it still exists (`products`), in
 * the order's line order: the HUID list and the invoice each select the columns they show.
 */
export const orderLinesWithProduct = (db: Kysely<Database>, orderId: string) =>
  db
    .selectFrom('order_items')
    .leftJoin('products', 'products.id', 'order_items.product_id')
    .where('order_items.order_id', '=', orderId)
    .orderBy('order_items.position');
