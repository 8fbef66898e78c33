import { sql, type Kysely } from 'kysely';

/**
 * Each instalment received gets a receipt numbered in the shop's own series (KJSR/2026-27/000001),
 * one after another per financial year, taken from `invoice_counters` as invoices are. Instalments
 * paid before are numbered here in the order they were paid, and the counter starts after them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('scheme_payments').addColumn('receipt_no', 'text').execute();
  await sql`CREATE UNIQUE INDEX scheme_payments_receipt_no_key ON scheme_payments (receipt_no)
            WHERE receipt_no IS NOT NULL`.execute(db);
  // The financial year of an India date: April to March, written 2026-27.
  await sql`
    WITH paid AS (
      SELECT id, paid_at,
             (extract(year FROM paid_at AT TIME ZONE 'Asia/Kolkata')::int
               - CASE WHEN extract(month FROM paid_at AT TIME ZONE 'Asia/Kolkata') < 4 THEN 1 ELSE 0 END) AS y
      FROM scheme_payments
      WHERE status = 'PAID' AND paid_at IS NOT NULL AND receipt_no IS NULL
    ), numbered AS (
      SELECT id, y::text || '-' || lpad(((y + 1) % 100)::text, 2, '0') AS fy,
             row_number() OVER (PARTITION BY y ORDER BY paid_at, id) AS seq
      FROM paid
    )
    UPDATE scheme_payments s
    SET receipt_no = 'KJSR/' || n.fy || '/' || lpad(n.seq::text, 6, '0')
    FROM numbered n WHERE s.id = n.id`.execute(db);
  await sql`
    INSERT INTO invoice_counters (series, fy, last_number)
    SELECT 'KJSR', split_part(receipt_no, '/', 2), count(*)
    FROM scheme_payments WHERE receipt_no IS NOT NULL
    GROUP BY split_part(receipt_no, '/', 2)
    ON CONFLICT (series, fy) DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM invoice_counters WHERE series = 'KJSR'`.execute(db);
  await db.schema.alterTable('scheme_payments').dropColumn('receipt_no').execute();
}
