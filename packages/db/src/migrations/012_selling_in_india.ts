import { sql, type Kysely } from 'kysely';

/**
 * Selling in India:
 * - products carry their BIS hallmark purity mark (22K916…);
 * - each gold unit sold records its HUID, unique in the whole shop (a piece is sold once);
 * - a product's stones with origin and certificate; (lab, certificate number) unique;
 * - tax invoices and credit notes, numbered from one counter row per series and financial year
 *   (locked FOR UPDATE in the transaction that marks the order paid: gapless);
 * - the buyer's PAN on an order above the threshold.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('hallmark', 'text').execute();
  await db.schema.alterTable('orders').addColumn('buyer_pan', 'text').execute();

  await db.schema
    .createTable('order_item_huids')
    .addColumn('huid', 'text', (c) => c.primaryKey().check(sql`huid ~ '^[A-Z0-9]{6}$'`))
    .addColumn('order_item_id', 'uuid', (c) =>
      c.notNull().references('order_items.id').onDelete('cascade'),
    )
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('order_item_huids_order_idx')
    .on('order_item_huids')
    .column('order_id')
    .execute();

  await db.schema
    .createTable('product_stones')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('product_id', 'uuid', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) =>
      c.notNull().check(sql`origin IN ('natural', 'laboratory-grown')`),
    )
    .addColumn('count', 'integer', (c) => c.notNull().check(sql`count > 0`))
    .addColumn('carat', sql`numeric(8,3)`, (c) => c.notNull().check(sql`carat >= 0`))
    .addColumn('colour', 'text')
    .addColumn('clarity', 'text')
    .addColumn('cut', 'text')
    .addColumn('cert_lab', 'text')
    .addColumn('cert_number', 'text')
    .addColumn('cert_url', 'text')
    .addCheckConstraint('product_stones_cert_pair', sql`(cert_lab IS NULL) = (cert_number IS NULL)`)
    .execute();
  await db.schema
    .createIndex('product_stones_product_idx')
    .on('product_stones')
    .columns(['product_id', 'origin'])
    .execute();
  await sql`CREATE UNIQUE INDEX product_stones_cert_key ON product_stones (cert_lab, upper(cert_number)) WHERE cert_number IS NOT NULL`.execute(
    db,
  );

  await db.schema
    .createTable('invoice_counters')
    .addColumn('series', 'text', (c) => c.notNull())
    .addColumn('fy', 'text', (c) => c.notNull())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('invoice_counters_pkey', ['series', 'fy'])
    .execute();

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('restrict'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('INVOICE', 'CREDIT_NOTE')`))
    .addColumn('series', 'text', (c) => c.notNull())
    .addColumn('fy', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('refers_to', 'uuid', (c) => c.references('invoices.id'))
    .addColumn('issued_at', 'timestamptz', (c) => c.notNull())
    .addColumn('document', 'jsonb', (c) => c.notNull())
    .addColumn('pdf_key', 'text')
    .addUniqueConstraint('invoices_series_seq_key', ['series', 'fy', 'seq'])
    .addUniqueConstraint('invoices_order_kind_key', ['order_id', 'kind'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invoices').execute();
  await db.schema.dropTable('invoice_counters').execute();
  await db.schema.dropTable('product_stones').execute();
  await db.schema.dropTable('order_item_huids').execute();
  await db.schema.alterTable('orders').dropColumn('buyer_pan').execute();
  await db.schema.alterTable('products').dropColumn('hallmark').execute();
}
