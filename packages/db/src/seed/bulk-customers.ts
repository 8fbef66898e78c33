import { sql, type Kysely } from 'kysely';
import { hashPassword } from '../password-hash';
import type { Database } from '../schema';

/** Every bulk customer's password: one argon2 hash shared by all (5,000 hashes would take minutes). */
export const BULK_CUSTOMER_PASSWORD = 'Customer@123';
/** Bulk customer n (from 1) is customer{n}@ this domain. */
export const BULK_CUSTOMER_DOMAIN = 'bulk.kanak.test';

const words = (text: string) => text.split(' ');
const FIRST = words('Aarav Diya Vihaan Ananya Aditya Saanvi Kabir Ira Reyansh Myra Arnav Anika');
const LAST = words('Patel Reddy Iyer Das Singh Joshi Khan Bose Pillai Mehta Verma Naidu Chopra');
const CITIES = [
  ['Mumbai', 'Maharashtra', '4000'],
  ['Kolkata', 'West Bengal', '7000'],
  ['Chennai', 'Tamil Nadu', '6000'],
  ['Bengaluru', 'Karnataka', '5600'],
  ['Jaipur', 'Rajasthan', '3020'],
  ['Hyderabad', 'Telangana', '5000'],
  ['Pune', 'Maharashtra', '4110'],
] as const;
const STREETS = ['MG Road', 'Park Street', 'Linking Road', 'Anna Salai', 'Brigade Road'];
/** The seed catalogue's mix of order statuses (seed.ts). */
const STATUSES = words('PLACED PLACED CONFIRMED SHIPPED DELIVERED DELIVERED PENDING CANCELLED');

const textArray = (values: readonly string[]) => sql`ARRAY[${sql.join(values)}]::text[]`;

/**
 * Adds `count` customers, each with an address, a cart of 1–3 pieces and 0–3 past orders
 * (1–3 lines, the seed's mix of statuses, a paid payment once placed), for benchmarks
 * (`pnpm bench`). Set-based: a few INSERT … SELECT over generate_series in one transaction,
 * with ids derived from each row's number (md5), so every seeded database is alike and no
 * ids travel through Node. Cart and order lines cycle through the in-stock sizes: consecutive
 * customers' carts share no size until the cycle wraps. Answers how many rows it wrote.
 */
export async function seedBulkCustomers(db: Kysely<Database>, count: number) {
  const passwordHash = await hashPassword(BULK_CUSTOMER_PASSWORD);
  return db.transaction().execute(async (trx) => {
    const { n: existing } = await trx
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('email', 'like', `%@${BULK_CUSTOMER_DOMAIN}`)
      .executeTakeFirstOrThrow();
    const from = Number(existing) + 1;
    const to = Number(existing) + count;
    // Row n's ids; `kind` keeps users, carts and orders apart.
    const uuid = (kind: string, ...parts: unknown[]) =>
      sql`md5(${`kanak-bulk-${kind}-`}::text || ${sql.join(parts, sql`|| '-' ||`)})::uuid`;
    const customers = sql`generate_series(${from}::int, ${to}::int) AS n`;
    const pick = (values: readonly string[], index: unknown) =>
      sql`(${textArray(values)})[1 + (${index}) % ${values.length}::int]`;
    const city = (field: 0 | 1 | 2) =>
      pick(
        CITIES.map((c) => c[field]),
        sql`n`,
      );

    await sql`
      INSERT INTO users (id, first_name, last_name, email, password_hash, role, mobile, created_at)
      SELECT ${uuid('user', sql`n`)}, ${pick(FIRST, sql`n`)}, ${pick(LAST, sql`n / 3`)},
             'customer' || n || ${`@${BULK_CUSTOMER_DOMAIN}`}::text, ${passwordHash}, 'CUSTOMER',
             (9000000000 + n)::text, now() - (n % 400) * interval '1 day'
      FROM ${customers}`.execute(trx);
    await sql`
      INSERT INTO addresses (user_id, first_name, last_name, street_address, city, state, zip_code, mobile)
      SELECT u.id, u.first_name, u.last_name, (1 + n % 220) || ', ' || ${pick(STREETS, sql`n`)},
             ${city(0)}, ${city(1)}, ${city(2)} || lpad((n % 100)::text, 2, '0'), u.mobile
      FROM ${customers} JOIN users u ON u.id = ${uuid('user', sql`n`)}`.execute(trx);

    // In-stock sizes numbered from 0, the cycle carts and orders draw from.
    await sql`
      CREATE TEMP TABLE bulk_sizes ON COMMIT DROP AS
      SELECT (row_number() OVER (ORDER BY s.id) - 1)::int AS k, s.id, s.product_id, s.weight,
             s.size, p.title, p.brand, p.price, p.discounted_price,
             coalesce(i.url, '') AS image_url
      FROM product_sizes s JOIN products p ON p.id = s.product_id
      LEFT JOIN product_images i ON i.product_id = p.id AND i.position = 0
      WHERE s.stock > 0`.execute(trx);
    await sql`CREATE UNIQUE INDEX ON bulk_sizes (k)`.execute(trx);
    const { rows } = await sql<{
      sizes: number;
    }>`SELECT count(*)::int AS sizes FROM bulk_sizes`.execute(trx);
    const sizes = rows[0]!.sizes;
    if (sizes === 0) return { customers: count, cartItems: 0, orders: 0 };

    await sql`
      INSERT INTO carts (id, user_id, updated_at)
      SELECT ${uuid('cart', sql`n`)}, ${uuid('user', sql`n`)}, now() - (n % 30) * interval '1 hour'
      FROM ${customers}`.execute(trx);
    const cartItems = await sql`
      INSERT INTO cart_items (cart_id, product_id, size_id, quantity)
      SELECT ${uuid('cart', sql`n`)}, s.product_id, s.id, 1 + (n + line) / 7 % 2
      FROM ${customers} CROSS JOIN LATERAL generate_series(0, n % 3) AS line
      JOIN bulk_sizes s ON s.k = (n * 3 + line) % ${sizes}::int
      ON CONFLICT DO NOTHING`.execute(trx);

    // Past orders: 0–3 per customer, each of 1–3 lines, copied from the products as ordering does.
    await sql`
      CREATE TEMP TABLE bulk_lines ON COMMIT DROP AS
      SELECT ${uuid('order', sql`n`, sql`o`)} AS order_id, n, o, line AS position,
             1 + (n + o + line) % 5 / 4 AS quantity, s.*
      FROM ${customers} CROSS JOIN LATERAL generate_series(1, n % 4) AS o
      CROSS JOIN LATERAL generate_series(0, (n + o) % 3) AS line
      JOIN bulk_sizes s ON s.k = (n * 37 + o * 11 + line) % ${sizes}::int`.execute(trx);
    const orders = await sql`
      INSERT INTO orders (id, user_id, status, ship_first_name, ship_last_name, ship_street_address,
                          ship_city, ship_state, ship_zip_code, ship_mobile, total_price,
                          total_discounted_price, discount, total_item, order_date, delivered_at,
                          updated_at)
      SELECT l.order_id, a.user_id, l.status, a.first_name, a.last_name, a.street_address, a.city,
             a.state, a.zip_code, a.mobile, l.total, l.discounted, l.total - l.discounted,
             l.items, l.at, CASE WHEN l.status = 'DELIVERED' THEN l.at + interval '3 days' END, l.at
      FROM (SELECT order_id, n, ${pick(STATUSES, sql`n + o`)} AS status,
                   sum(price * quantity) AS total, sum(discounted_price * quantity) AS discounted,
                   sum(quantity) AS items,
                   now() - ((n * 13 + o * 29) % 180) * interval '1 day'
                         - (n % 24) * interval '1 hour' AS at
            FROM bulk_lines GROUP BY order_id, n, o) l
      JOIN addresses a ON a.user_id = ${uuid('user', sql`l.n`)}`.execute(trx);
    await sql`
      INSERT INTO order_items (order_id, position, product_id, size_id, title, brand, image_url,
                               weight, size, quantity, price, discounted_price)
      SELECT order_id, position, product_id, id, title, brand, image_url, weight, size, quantity,
             price, discounted_price
      FROM bulk_lines`.execute(trx);
    await sql`
      INSERT INTO order_events (order_id, actor, to_status, note, created_at)
      SELECT o.id, 'seed', o.status, 'Seeded order', o.order_date
      FROM orders o JOIN bulk_lines l ON l.order_id = o.id AND l.position = 0`.execute(trx);
    // Placed means paid; a PENDING order never opened a link and a CANCELLED one was never paid.
    await sql`
      INSERT INTO payments (order_id, provider, payment_link_id, payment_link_url,
                            provider_payment_id, status, amount, created_at, updated_at)
      SELECT o.id, 'sandbox', 'plink_bulk_' || o.id, '/sandbox-pay/seed', 'pay_bulk_' || o.id,
             'PAID', o.total_discounted_price, o.order_date, o.order_date
      FROM orders o JOIN bulk_lines l ON l.order_id = o.id AND l.position = 0
      WHERE o.status NOT IN ('PENDING', 'CANCELLED')`.execute(trx);
    return {
      customers: count,
      cartItems: Number(cartItems.numAffectedRows ?? 0),
      orders: Number(orders.numAffectedRows ?? 0),
    };
  });
}
