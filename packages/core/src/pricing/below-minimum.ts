import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import { MIN_SELLING_PRICE } from '@kanak/shared';
import { sizePricesSql } from './reprice-sql';

/** The cheapest size a repricing would leave under ₹1, with what it would sell for. */
export interface PriceBelowMinimum {
  sku: string;
  weight: string;
  metal: string;
  purity: string;
  /** Rupees: what a shopper would be asked. */
  price: number;
}

/**
 * The size of `products` (a SELECT of ids) that the pricing rule, at `rates` (today's when
 * absent), would price lowest under ₹1, or null: a live piece selling below ₹1, or any piece
 * whose list price falls to 0 (the price columns' own check, which would fail the write with a
 * database error). Read before the write, so the caller refuses it with a 400 naming its field.
 */
export async function metalPriceBelowMinimum(
  db: Kysely<Database> | Transaction<Database>,
  products: RawBuilder<unknown>,
  rates?: RawBuilder<unknown>,
): Promise<PriceBelowMinimum | null> {
  const { rows } = await sql<PriceBelowMinimum>`
    WITH calc AS (${sizePricesSql(products, rates)})
    SELECT p.sku, s.weight, p.pricing_metal AS metal, p.pricing_purity AS purity,
      c.discounted::int AS price
    FROM calc c JOIN products p ON p.id = c.product_id JOIN product_sizes s ON s.id = c.size_id
    WHERE (p.status = 'live' AND c.discounted < ${MIN_SELLING_PRICE}) OR c.price < 1
    ORDER BY c.discounted, p.sku LIMIT 1`.execute(db);
  return rows[0] ?? null;
}
