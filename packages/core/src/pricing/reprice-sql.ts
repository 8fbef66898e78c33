import { sql, type RawBuilder } from 'kysely';
import { CURRENT_RATES } from './current-rates';

/**
 * The pricing rule of @kanak/shared (pricing/breakup.ts) in SQL, over integers in the same units:
 * rate paise, net weight milligrams, making hundredths, discount basis points; `div_round(a, b)`
 * is floor((2a + b) / 2b), half up. A test (test/pricing.test.ts) checks it against the
 * TypeScript rule on random products.
 */
const divRound = (a: RawBuilder<unknown>, b: number) => sql`((2 * (${a}) + ${b}) / ${2 * b})`;

/**
 * Prices of every size of the metal-priced products `products` names (a SELECT of ids) at today's
 * rates: size_id, product_id, position, rate_id, price, discounted.
 */
export function sizePricesSql(
  products: RawBuilder<unknown>,
  rates: RawBuilder<unknown> = CURRENT_RATES,
) {
  const M = sql.ref('m.metal_value');
  const K = sql.ref('k.making');
  const Kd = sql.ref('kd.making');
  return sql`
    SELECT s.id AS size_id, s.product_id, s.position, s.stock > 0 AS in_stock, r.id AS rate_id,
      (m.metal_value + k.making + p.stones) + ${divRound(sql`3 * (${M} + ${K} + p.stones)`, 100)} AS price,
      (m.metal_value + kd.making + p.stones) + ${divRound(sql`3 * (${M} + ${Kd} + p.stones)`, 100)} AS discounted
    FROM products p
    JOIN ${rates} AS r ON r.metal = p.pricing_metal AND r.purity = p.pricing_purity
    JOIN product_sizes s ON s.product_id = p.id
    CROSS JOIN LATERAL (SELECT round(s.net_weight * 1000)::bigint AS mg,
      round(p.making_value * 100)::bigint AS making_x100,
      round(p.making_discount_percent * 100)::bigint AS discount_bp) AS u
    CROSS JOIN LATERAL (SELECT ${divRound(sql`r.rate_paise * u.mg`, 100_000)} AS metal_value) AS m
    CROSS JOIN LATERAL (SELECT CASE p.making_kind
      WHEN 'percent' THEN ${divRound(sql`${M} * u.making_x100`, 10_000)}
      ELSE ${divRound(sql`u.making_x100 * u.mg`, 100_000)} END AS making) AS k
    CROSS JOIN LATERAL (SELECT ${divRound(sql`${K} * (10000 - u.discount_bp)`, 10_000)} AS making) AS kd
    WHERE p.pricing_basis = 'metal' AND s.net_weight IS NOT NULL AND p.id IN (${products})`;
}

/**
 * The size a product's page opens on, and so its card's and its stored price: the
 * first in stock, else the first (shared's openingSize). An ORDER BY for DISTINCT ON (product_id).
 */
export const OPENING_SIZE_ORDER = sql.raw('product_id, in_stock DESC, position');

/**
 * One set-based statement: stores the sizes' prices and each product's (its first size's, with
 * the percent off and the rate row used) for the products `products` names. Answers how many
 * products it wrote (`n`) and how many of them changed price (`changed`: the first size's price
 * or discounted price, what the rate-publish preview counts; every CTE reads the rows as they
 * were before the statement).
 */
export function repriceStatement(products: RawBuilder<unknown>) {
  return sql<{ n: number; changed: number }>`
    WITH calc AS (${sizePricesSql(products)}),
    sizes AS (
      UPDATE product_sizes s SET price = c.price, discounted_price = c.discounted
      FROM calc c
      WHERE s.id = c.size_id
        AND (s.price IS DISTINCT FROM c.price OR s.discounted_price IS DISTINCT FROM c.discounted)
      RETURNING s.id),
    firsts AS (
      SELECT DISTINCT ON (product_id) product_id, rate_id, price, discounted
      FROM calc ORDER BY ${OPENING_SIZE_ORDER}),
    products_set AS (
      UPDATE products p SET price = f.price, discounted_price = f.discounted,
        discount_percent = CASE WHEN f.discounted >= f.price THEN 0
          ELSE ((f.price - f.discounted) * 100) / f.price END,
        metal_rate_id = f.rate_id
      FROM firsts f WHERE p.id = f.product_id
        AND (p.price, p.discounted_price, p.metal_rate_id)
          IS DISTINCT FROM (f.price, f.discounted, f.rate_id)
      RETURNING p.id)
    SELECT (SELECT count(*) FROM products_set)::int AS n, (SELECT count(*) FROM sizes)::int AS sizes,
      (SELECT count(*) FROM firsts f JOIN products p ON p.id = f.product_id
        WHERE (p.price, p.discounted_price) IS DISTINCT FROM (f.price, f.discounted))::int AS changed`;
}
