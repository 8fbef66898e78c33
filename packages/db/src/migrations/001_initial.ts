import { sql, type Kysely } from 'kysely';

// Migrations are typed against Kysely<any> so they stay frozen in time.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pgcrypto`.execute(db);

  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('CUSTOMER')
        .check(sql`role IN ('CUSTOMER', 'ADMIN')`),
    )
    .addColumn('mobile', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE UNIQUE INDEX users_email_key ON users (lower(email))`.execute(db);

  await db.schema
    .createTable('addresses')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('street_address', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('zip_code', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('addresses_user_idx').on('addresses').column('user_id').execute();

  // Three category levels: metal (gold…), section (earrings…), item (stud…).
  await db.schema
    .createTable('categories')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull().check(sql`level BETWEEN 1 AND 3`))
    .addColumn('parent_id', 'uuid', (c) => c.references('categories.id').onDelete('restrict'))
    .addCheckConstraint('categories_parent_level', sql`(level = 1) = (parent_id IS NULL)`)
    .execute();
  await sql`CREATE UNIQUE INDEX categories_name_parent_key ON categories (name, coalesce(parent_id, '00000000-0000-0000-0000-000000000000'::uuid))`.execute(
    db,
  );
  await db.schema
    .createIndex('categories_name_idx')
    .on('categories')
    .columns(['level', 'name'])
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull().check(sql`price > 0`))
    .addColumn('discounted_price', 'integer', (c) => c.notNull().check(sql`discounted_price >= 0`))
    .addColumn('discount_percent', 'integer', (c) =>
      c.notNull().check(sql`discount_percent BETWEEN 0 AND 100`),
    )
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('occasion', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 0`))
    .addColumn('collection_name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('category_id', 'uuid', (c) =>
      c.notNull().references('categories.id').onDelete('restrict'),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('search_vector', sql`tsvector`, (c) =>
      c
        .generatedAlwaysAs(
          sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
            setweight(to_tsvector('english', coalesce(brand, '') || ' ' || coalesce(type, '')), 'B') ||
            setweight(to_tsvector('english', coalesce(collection_name, '') || ' ' || coalesce(occasion, '') || ' ' || coalesce(color, '')), 'C') ||
            setweight(to_tsvector('english', coalesce(description, '')), 'D')`,
        )
        .stored(),
    )
    .addCheckConstraint('products_discount_le_price', sql`discounted_price <= price`)
    .execute();
  await db.schema
    .createIndex('products_category_price_idx')
    .on('products')
    .columns(['category_id', 'discounted_price'])
    .execute();
  await db.schema
    .createIndex('products_price_idx')
    .on('products')
    .column('discounted_price')
    .execute();
  await db.schema
    .createIndex('products_type_idx')
    .on('products')
    .columns(['type', 'discounted_price'])
    .execute();
  await db.schema.createIndex('products_created_idx').on('products').column('created_at').execute();
  await db.schema
    .createIndex('products_collection_idx')
    .on('products')
    .column('collection_name')
    .execute();
  await db.schema
    .createIndex('products_search_idx')
    .on('products')
    .using('gin')
    .column('search_vector')
    .execute();

  await db.schema
    .createTable('product_images')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('product_id', 'uuid', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addUniqueConstraint('product_images_position_key', ['product_id', 'position'])
    .execute();

  // One row per weight of a product; weight and size are display strings with units ("5 g", "16 MM").
  await db.schema
    .createTable('product_sizes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('product_id', 'uuid', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('weight', 'text', (c) => c.notNull())
    .addColumn('size', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('stock', 'integer', (c) => c.notNull().check(sql`stock >= 0`))
    .addUniqueConstraint('product_sizes_weight_key', ['product_id', 'weight'])
    .execute();

  await db.schema
    .createTable('reviews')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'uuid', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('review', 'text', (c) => c.notNull().check(sql`length(review) BETWEEN 1 AND 2000`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('reviews_user_product_key', ['user_id', 'product_id'])
    .execute();
  await db.schema
    .createIndex('reviews_product_idx')
    .on('reviews')
    .columns(['product_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('ratings')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'uuid', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('rating', sql`numeric(2,1)`, (c) =>
      c.notNull().check(sql`rating BETWEEN 0.5 AND 5 AND rating * 2 = floor(rating * 2)`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('ratings_user_product_key', ['user_id', 'product_id'])
    .execute();
  await db.schema.createIndex('ratings_product_idx').on('ratings').column('product_id').execute();

  await db.schema
    .createTable('wish_items')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'uuid', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('wish_items_user_product_key', ['user_id', 'product_id'])
    .execute();

  await db.schema
    .createTable('carts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) =>
      c.notNull().unique().references('users.id').onDelete('cascade'),
    )
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('cart_items')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('cart_id', 'uuid', (c) => c.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('product_id', 'uuid', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('size_id', 'uuid', (c) =>
      c.notNull().references('product_sizes.id').onDelete('cascade'),
    )
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('cart_items_cart_size_key', ['cart_id', 'size_id'])
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('PENDING')
        .check(
          sql`status IN ('PENDING', 'PLACED', 'CONFIRMED', 'SHIPPED', 'DELIVERED', 'CANCELLED')`,
        ),
    )
    .addColumn('ship_first_name', 'text', (c) => c.notNull())
    .addColumn('ship_last_name', 'text', (c) => c.notNull())
    .addColumn('ship_street_address', 'text', (c) => c.notNull())
    .addColumn('ship_city', 'text', (c) => c.notNull())
    .addColumn('ship_state', 'text', (c) => c.notNull())
    .addColumn('ship_zip_code', 'text', (c) => c.notNull())
    .addColumn('ship_mobile', 'text', (c) => c.notNull())
    .addColumn('total_price', 'integer', (c) => c.notNull().check(sql`total_price >= 0`))
    .addColumn('total_discounted_price', 'integer', (c) =>
      c.notNull().check(sql`total_discounted_price >= 0`),
    )
    .addColumn('discount', 'integer', (c) => c.notNull().check(sql`discount >= 0`))
    .addColumn('total_item', 'integer', (c) => c.notNull().check(sql`total_item >= 1`))
    .addColumn('status_note', 'text')
    .addColumn('order_date', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('orders_user_idx')
    .on('orders')
    .columns(['user_id', 'order_date'])
    .execute();
  await db.schema.createIndex('orders_date_idx').on('orders').column('order_date').execute();

  // Prices and descriptive fields are copied so history survives product edits and deletes.
  await db.schema
    .createTable('order_items')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'uuid', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('size_id', 'uuid', (c) => c.references('product_sizes.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('weight', 'text', (c) => c.notNull())
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn('price', 'integer', (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('discounted_price', 'integer', (c) => c.notNull().check(sql`discounted_price >= 0`))
    .addUniqueConstraint('order_items_position_key', ['order_id', 'position'])
    .execute();
  await db.schema
    .createIndex('order_items_product_idx')
    .on('order_items')
    .column('product_id')
    .execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('payment_link_id', 'text', (c) => c.notNull().unique())
    .addColumn('payment_link_url', 'text', (c) => c.notNull())
    .addColumn('provider_payment_id', 'text', (c) => c.unique())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('CREATED')
        .check(sql`status IN ('CREATED', 'PAID', 'FAILED', 'REFUND_PENDING')`),
    )
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('note', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('payments_order_idx').on('payments').column('order_id').execute();

  await db.schema
    .createTable('order_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('actor_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('order_events_order_idx')
    .on('order_events')
    .columns(['order_id', 'id'])
    .execute();

  // Jobs that failed their last attempt, kept for an operator to inspect and replay.
  await db.schema
    .createTable('dead_letters')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('queue', 'text', (c) => c.notNull())
    .addColumn('job_id', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('error', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'dead_letters',
    'order_events',
    'payments',
    'order_items',
    'orders',
    'cart_items',
    'carts',
    'wish_items',
    'ratings',
    'reviews',
    'product_sizes',
    'product_images',
    'products',
    'categories',
    'addresses',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
