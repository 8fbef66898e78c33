import { seedSellingInIndia } from './selling-in-india';
import { seedSchemePlans } from './schemes';
import { createHash } from 'node:crypto';
import { hashPassword } from '../password-hash';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, OrderRow } from '../schema';
import { buildProduct, SEED_PRODUCT_COUNT, type SeedProduct } from './catalogue';
import { createRandom, type Random } from './random';
import { seedRates } from './rates';

type Db = Kysely<Database> | Transaction<Database>;

export const SEED_ACCOUNTS = {
  admin: {
    email: 'admin@kanak.shop',
    password: 'Admin@123',
    firstName: 'Asha',
    lastName: 'Rao',
    role: 'ADMIN' as const,
  },
  customer: {
    email: 'priya@example.com',
    password: 'Priya@123',
    firstName: 'Priya',
    lastName: 'Sharma',
    role: 'CUSTOMER' as const,
  },
};

const REVIEWERS = [
  ['Meera', 'Iyer'],
  ['Rohan', 'Gupta'],
  ['Kavya', 'Nair'],
  ['Arjun', 'Menon'],
  ['Ishita', 'Kapoor'],
] as const;

const REVIEW_TEXTS = [
  'Absolutely stunning piece, the finish is even better in person.',
  'Lovely design and light to wear all day. Packaging was beautiful.',
  'Good quality but the chain is a little shorter than I expected.',
  'Bought it for my sister’s wedding, everyone asked where it was from!',
  'Elegant and minimal, exactly what I wanted for office wear.',
  'Delivered quickly and the hallmark certificate was included.',
  'The stones catch the light beautifully. Worth every rupee.',
  'Nice piece, though the colour is slightly warmer than the photos.',
];

export interface FindOrCreateCategoryOptions {
  name: string;
  level: 1 | 2 | 3;
  parent: string | null;
}

async function findOrCreateCategory(
  db: Db,
  { name, level, parent }: FindOrCreateCategoryOptions,
): Promise<string> {
  const query = db
    .selectFrom('categories')
    .select('id')
    .where('name', '=', name)
    .where('level', '=', level);
  const found = await (
    parent ? query.where('parent_id', '=', parent) : query.where('parent_id', 'is', null)
  ).executeTakeFirst();
  if (found) return found.id;
  const created = await db
    .insertInto('categories')
    .values({ name, level, parent_id: parent })
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}

/** Category tree cache: "metal/section/item" → id of the third-level node. */
async function ensureCategory(
  db: Db,
  cache: Map<string, string>,
  [top, second, third]: [string, string, string],
) {
  const cached = (key: string, make: () => Promise<string>) =>
    cache.get(key) ?? make().then((id) => (cache.set(key, id), id));
  const topId = await cached(top, () =>
    findOrCreateCategory(db, { name: top, level: 1, parent: null }),
  );
  const secondId = await cached(`${top}/${second}`, () =>
    findOrCreateCategory(db, { name: second, level: 2, parent: topId }),
  );
  return cached(`${top}/${second}/${third}`, () =>
    findOrCreateCategory(db, { name: third, level: 3, parent: secondId }),
  );
}

/** Seeded rows get ids derived from their place in the catalogue, so every seeded database (and test run) is alike. */
export function seedId(name: string): string {
  const hex = createHash('sha1').update(`kanak-seed-${name}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const numbered = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ index: from + i, product: buildProduct(from + i) }));

export interface InsertProductsOptions {
  products: { index: number; product: SeedProduct }[];
  cache: Map<string, string>;
  /** Today's rate row per metal/purity when the seed's rates are the current ones. */
  rateIds?: Map<string, number>;
}

async function insertProducts(db: Db, { products, cache, rateIds }: InsertProductsOptions) {
  const now = Date.now();
  const rows = [];
  for (const { index, product: p } of products) {
    const categoryId = await ensureCategory(db, cache, [
      p.topLevelCategory,
      p.secondLevelCategory,
      p.thirdLevelCategory,
    ]);
    rows.push({ id: seedId(`product-${index}`), p, categoryId });
  }
  if (rows.length === 0) return [];
  await db
    .insertInto('products')
    .values(
      rows.map(({ id, p, categoryId }) => ({
        id,
        title: p.title,
        brand: p.brand,
        color: p.color,
        price: p.price,
        discounted_price: p.discountedPrice,
        discount_percent: p.discountPercent,
        description: p.description,
        details: p.details,
        occasion: p.occasion,
        quantity: p.quantity,
        collection_name: p.collectionName,
        type: p.type,
        category_id: categoryId,
        created_at: new Date(now - p.createdDaysAgo * 86_400_000),
        ...(p.pricing
          ? {
              pricing_basis: 'metal' as const,
              pricing_metal: p.pricing.metal,
              pricing_purity: p.pricing.purity,
              making_kind: p.pricing.makingKind,
              making_value: p.pricing.makingValue,
              stones: p.pricing.stones,
              making_discount_percent: p.pricing.makingDiscountPercent,
              // Without it (rates published since), the next repricing sets prices and rate.
              metal_rate_id: rateIds?.get(`${p.pricing.metal}/${p.pricing.purity}`) ?? null,
            }
          : {}),
      })),
    )
    .execute();
  await db
    .insertInto('product_images')
    .values(
      rows.flatMap(({ id, p }) =>
        p.imageUrls.map((url, position) => ({ product_id: id, position, url })),
      ),
    )
    .execute();
  await db
    .insertInto('product_sizes')
    .values(
      rows.flatMap(({ id, p }) =>
        p.sizes.map((s, position) => ({
          id: seedId(`size-${id}-${position}`),
          product_id: id,
          position,
          ...s,
        })),
      ),
    )
    .execute();
  return rows.map(({ id, p }) => ({ id, product: p }));
}

/** Admin, demo customer and a few reviewers; existing accounts are left as they are. */
export async function seedAccounts(db: Kysely<Database>) {
  const accounts = [
    SEED_ACCOUNTS.admin,
    SEED_ACCOUNTS.customer,
    ...REVIEWERS.map(([firstName, lastName]) => ({
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.com`,
      password: 'Review@123',
      role: 'CUSTOMER' as const,
    })),
  ];
  for (const a of accounts) {
    const exists = await db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', a.email))
      .executeTakeFirst();
    if (exists) continue;
    await db
      .insertInto('users')
      .values({
        first_name: a.firstName,
        last_name: a.lastName,
        email: a.email,
        password_hash: await hashPassword(a.password),
        role: a.role,
        mobile: a.role === 'ADMIN' ? '9876500000' : null,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/**
 * Numbers a paid order's tax invoice, as paying an order does: core's issueInvoice, passed in
 * (this package sits below core), so the demo shop's books are the real ones and balance.
 */
export type IssueInvoice = (
  trx: Transaction<Database>,
  order: OrderRow,
  at: Date,
) => Promise<unknown>;

/**
 * The seed catalogue with reviews, ratings and a month of orders (their paid ones invoiced),
 * written in one transaction and only into an empty catalogue, so a second run changes nothing.
 * Core's seedDemoShop passes the invoicing.
 */
export async function seedCatalogue(
  db: Kysely<Database>,
  issueInvoice: IssueInvoice,
  count = SEED_PRODUCT_COUNT,
): Promise<number> {
  await seedAccounts(db);
  return db.transaction().execute(async (trx) => {
    // Serialise concurrent seeders (two start commands at once).
    await sql`SELECT pg_advisory_xact_lock(4711)`.execute(trx);
    const existing = await trx
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(existing.n) > 0) return 0;
    const cache = new Map<string, string>();
    const rateIds = await seedRates(trx);
    const inserted = await insertProducts(trx, { products: numbered(0, count), cache, rateIds });
    await seedReviewsAndOrders(trx, inserted, issueInvoice);
    await seedSellingInIndia(trx);
    await seedSchemePlans(trx);
    // Cards and listings price a piece at the size its page opens on (migration 021).
    await sql`SELECT settle_opening_prices(NULL)`.execute(trx);
    return inserted.length;
  });
}

async function seedReviewsAndOrders(
  trx: Transaction<Database>,
  products: { id: string; product: SeedProduct }[],
  issueInvoice: IssueInvoice,
) {
  const users = await trx
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('role', '=', 'CUSTOMER')
    .execute();
  const reviewers = users.filter((u) => u.email.endsWith('@example.com'));
  const rnd = createRandom(99);
  const reviews = [];
  const ratings = [];
  for (const [i, { id }] of products.entries()) {
    if (i % 3 !== 0) continue;
    const count = rnd.int(1, Math.min(4, reviewers.length));
    for (const user of reviewers.slice(0, count)) {
      const created = new Date(Date.now() - rnd.int(1, 200) * 86_400_000);
      reviews.push({
        user_id: user.id,
        product_id: id,
        review: rnd.pick(REVIEW_TEXTS),
        created_at: created,
      });
      ratings.push({
        user_id: user.id,
        product_id: id,
        rating: rnd.pick([3, 3.5, 4, 4, 4.5, 4.5, 5, 5, 2.5]),
        created_at: created,
      });
    }
  }
  if (reviews.length) await trx.insertInto('reviews').values(reviews).execute();
  if (ratings.length) await trx.insertInto('ratings').values(ratings).execute();

  // Two months of orders, so the dashboard shows real figures and compares a month with the one before.
  const sizes = await trx
    .selectFrom('product_sizes')
    .select(['id', 'product_id', 'weight', 'size'])
    .where('position', '=', 0)
    .execute();
  const sizeOf = new Map(sizes.map((s) => [s.product_id, s]));
  // An order left unpaid is seeded as the shop leaves it: cancelled for want of payment. Seeded
  // PENDING (and days old), the first reconciliation run would cancel each and mail its shopper.
  const UNPAID = 'UNPAID';
  const statuses = [
    'PLACED',
    'PLACED',
    'CONFIRMED',
    'SHIPPED',
    'DELIVERED',
    'DELIVERED',
    UNPAID,
    'CANCELLED',
  ] as const;
  const paid: OrderRow[] = [];
  for (let n = 0; n < 56; n++) {
    const user = rnd.pick(users);
    const lines = Array.from({ length: rnd.int(1, 3) }, () => rnd.pick(products));
    const unique = [...new Map(lines.map((l) => [l.id, l])).values()];
    const items = unique.map((l, position) => {
      const size = sizeOf.get(l.id)!;
      return {
        position,
        product_id: l.id,
        size_id: size.id,
        title: l.product.title,
        brand: l.product.brand,
        image_url: l.product.imageUrls[0]!,
        weight: size.weight,
        size: size.size,
        quantity: rnd.int(1, 2),
        price: l.product.price,
        discounted_price: l.product.discountedPrice,
      };
    });
    const totalPrice = items.reduce((s, i) => s + i.price * i.quantity, 0);
    const totalDiscounted = items.reduce((s, i) => s + i.discounted_price * i.quantity, 0);
    const picked = statuses[n % statuses.length]!;
    const unpaid = picked === UNPAID;
    const status = unpaid ? 'CANCELLED' : picked;
    const orderDate = new Date(Date.now() - (n * 25 + rnd.int(0, 12)) * 3_600_000);
    const ship = {
      first_name: user.first_name,
      last_name: user.last_name,
      street_address: `${rnd.int(1, 220)}, ${rnd.pick(['MG Road', 'Park Street', 'Linking Road', 'Anna Salai', 'Brigade Road'])}`,
      ...seedPlace(rnd),
      mobile: `98${rnd.int(10000000, 99999999)}`,
    };
    // As placing an order does (create-order.ts), the delivery address joins the address book:
    // a shopper with past orders has saved addresses.
    await trx
      .insertInto('addresses')
      .values({ user_id: user.id, ...ship })
      .execute();
    const order = await trx
      .insertInto('orders')
      .values({
        user_id: user.id,
        status,
        ship_first_name: ship.first_name,
        ship_last_name: ship.last_name,
        ship_street_address: ship.street_address,
        ship_city: ship.city,
        ship_state: ship.state,
        ship_zip_code: ship.zip_code,
        ship_mobile: ship.mobile,
        total_price: totalPrice,
        total_discounted_price: totalDiscounted,
        discount: totalPrice - totalDiscounted,
        total_item: items.reduce((s, i) => s + i.quantity, 0),
        order_date: orderDate,
        delivered_at:
          status === 'DELIVERED' ? new Date(orderDate.getTime() + 3 * 86_400_000) : null,
        status_note: unpaid ? UNPAID_NOTE : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('order_items')
      .values(items.map((i) => ({ ...i, order_id: order.id })))
      .execute();
    await trx
      .insertInto('order_events')
      .values(
        unpaid
          ? [
              { order_id: order.id, actor: 'seed', to_status: 'PENDING', note: 'Seeded order' },
              {
                order_id: order.id,
                actor: 'system',
                from_status: 'PENDING',
                to_status: 'CANCELLED',
                note: UNPAID_NOTE,
                created_at: new Date(orderDate.getTime() + 40 * 60_000),
              },
            ]
          : [{ order_id: order.id, actor: 'seed', to_status: status, note: 'Seeded order' }],
      )
      .execute();
    // Placed means paid, at the moment of ordering; a CANCELLED one was cancelled before it was
    // (as the bulk seed has it): no money, no invoice.
    if (status !== 'CANCELLED') {
      await trx
        .insertInto('payments')
        .values({
          order_id: order.id,
          provider: 'sandbox',
          payment_link_id: `plink_seed_${order.id.slice(0, 8)}`,
          payment_link_url: '/sandbox-pay/seed',
          provider_payment_id: `pay_seed_${order.id.slice(0, 8)}`,
          status: 'PAID',
          amount: totalDiscounted,
          created_at: orderDate,
          updated_at: orderDate,
          received_at: orderDate,
        })
        .execute();
      paid.push(order);
    }
  }
  // Invoices are numbered in the order they were paid, oldest first (the loop goes back in time).
  paid.sort((a, b) => a.order_date.getTime() - b.order_date.getTime());
  for (const order of paid) await issueInvoice(trx, order, order.order_date);
}

/** The note of a seeded order cancelled for want of payment (as the worker words it). */
const UNPAID_NOTE = 'Cancelled: not paid within 40 minutes';

/** Adds `count` more generated products (benchmarks: `pnpm db:seed --products 100000`). */
export async function seedBulkProducts(
  db: Kysely<Database>,
  count: number,
  onProgress?: (done: number) => void,
) {
  const start = Number(
    (
      await db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const cache = new Map<string, string>();
  // A rate table to price by (a catalogue seeded before migration 011 has none yet).
  await seedRates(db);
  const batch = 1000;
  for (let done = 0; done < count; done += batch) {
    const size = Math.min(batch, count - done);
    await db
      .transaction()
      .execute((trx) => insertProducts(trx, { products: numbered(start + done, size), cache }));
    onProgress?.(done + size);
  }
  await sql`SELECT settle_opening_prices(NULL)`.execute(db);
}

/**
 * `count` more products, `distinct` of them from the generator (seedBulkProducts) and the rest
 * copies of those, written by three set-based statements: the query-plan tests' catalogue at
 * scale. Each copy has the columns of its source (so the values' spread, which the planner's
 * statistics see, is the generator's), its own id, and the source's SKU suffixed with the copy's
 * number (unique: a generated SKU never ends in `-<n>`). The triggers that derive columns from a
 * row's text (search vector, category name, SKU, hallmark, search terms) are off for the copy:
 * the copied values are what they would derive, and deriving them a row at a time was most of
 * the seed's time.
 */
export async function seedCopiedProducts(db: Kysely<Database>, count: number, distinct: number) {
  const generated = Math.min(count, distinct);
  const before = await db
    .selectFrom('products')
    .select('id')
    .execute()
    .then((rows) => rows.map((r) => r.id));
  await seedBulkProducts(db, generated);
  const copies = count - generated;
  if (copies <= 0) return;
  const columnsOf = async (table: string, except: string[]) =>
    (
      await sql<{ column_name: string }>`
        SELECT column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = ${table}
        ORDER BY ordinal_position`.execute(db)
    ).rows
      .map((r) => r.column_name)
      .filter((c) => !except.includes(c));
  const productColumns = await columnsOf('products', ['id', 'sku']);
  const sizeColumns = await columnsOf('product_sizes', ['id', 'product_id', 'sku']);
  const imageColumns = await columnsOf('product_images', ['id', 'product_id']);
  const list = (columns: string[], table?: string) =>
    sql.join(columns.map((c) => (table ? sql.ref(`${table}.${c}`) : sql.ref(c))));
  await db.transaction().execute(async (trx) => {
    // Which copy of which generated product each new id is: copy 1 of every source, then copy 2…
    await sql`
      CREATE TEMP TABLE product_copies ON COMMIT DROP AS
      SELECT p.id AS source, k,
             md5('kanak-seed-copy-' || k || '-' || p.id)::uuid AS id
      FROM products p CROSS JOIN generate_series(1, ${Math.ceil(copies / generated)}) AS k
      WHERE p.id <> ALL(${before}::uuid[])
      ORDER BY k, p.id
      LIMIT ${copies}`.execute(trx);
    await sql`ALTER TABLE products DISABLE TRIGGER USER`.execute(trx);
    await sql`ALTER TABLE product_sizes DISABLE TRIGGER USER`.execute(trx);
    // The indexes no constraint needs are built again after the copy, from their definitions:
    // one sorted build each instead of a row at a time (the search vector's GIN the most).
    const indexes = (
      await sql<{ name: string; definition: string }>`
        SELECT indexrelid::regclass::text AS name, pg_get_indexdef(indexrelid) AS definition
        FROM pg_index
        WHERE indrelid IN ('products'::regclass, 'product_sizes'::regclass,
                           'product_images'::regclass)
          AND NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conindid = indexrelid)`.execute(trx)
    ).rows;
    for (const { name } of indexes) await sql`DROP INDEX ${sql.id(name)}`.execute(trx);
    await sql`
      INSERT INTO products (id, sku, ${list(productColumns)})
      SELECT c.id, p.sku || '-' || c.k, ${list(productColumns, 'p')}
      FROM product_copies c JOIN products p ON p.id = c.source`.execute(trx);
    await sql`
      INSERT INTO product_sizes (id, product_id, sku, ${list(sizeColumns)})
      SELECT md5('kanak-seed-copy-' || s.id || '-' || c.id)::uuid, c.id, s.sku || '-' || c.k,
             ${list(sizeColumns, 's')}
      FROM product_copies c JOIN product_sizes s ON s.product_id = c.source`.execute(trx);
    await sql`
      INSERT INTO product_images (product_id, ${list(imageColumns)})
      SELECT c.id, ${list(imageColumns, 'i')}
      FROM product_copies c JOIN product_images i ON i.product_id = c.source`.execute(trx);
    await sql`SET LOCAL maintenance_work_mem = '128MB'`.execute(trx);
    for (const { definition } of indexes) await sql.raw(definition).execute(trx);
    await sql`ALTER TABLE products ENABLE TRIGGER USER`.execute(trx);
    await sql`ALTER TABLE product_sizes ENABLE TRIGGER USER`.execute(trx);
  });
}

/** City, state and a PIN of that state (India Post's), as a saved address must be to deliver to. */
const SEED_PLACES = [
  { city: 'Mumbai', state: 'Maharashtra', pins: ['400001', '400050', '400076'] },
  { city: 'Kolkata', state: 'West Bengal', pins: ['700001', '700019', '700091'] },
  { city: 'Chennai', state: 'Tamil Nadu', pins: ['600001', '600017', '600040'] },
  { city: 'Bengaluru', state: 'Karnataka', pins: ['560001', '560034', '560076'] },
  { city: 'Jaipur', state: 'Rajasthan', pins: ['302001', '302015', '302017'] },
] as const;

/** Three draws, as the address took before its PIN was held to its state: the seed stays the same. */
function seedPlace(rnd: Random) {
  const place = rnd.pick(SEED_PLACES);
  rnd.next();
  const pin = rnd.pick(place.pins);
  return { city: place.city, state: place.state, zip_code: pin };
}
