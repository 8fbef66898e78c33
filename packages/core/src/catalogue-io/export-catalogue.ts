import { PassThrough, type Readable } from 'node:stream';
import { lazy } from '../common';
import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import {
  catalogueColumns,
  inputToRow,
  productInput,
  viewToFormValues,
  type CatalogueRow,
  type ProductStatusValue,
} from '@kanak/shared';
import { adminProductsMatching } from '../catalog';
import { PRODUCT_COLUMNS, toProductViews } from '../catalog';
import { csvStream, safeCell } from '../reports';

/** exceljs on first use: only an import or an export of a sheet needs it. */
const exceljs = lazy(() => import('exceljs').then((m) => m.default));

/** The products table's filter: its search (words or an exact SKU) and a state. */
export interface CatalogueExportFilter {
  q?: string | undefined;
  status?: ProductStatusValue | undefined;
}

/** Products read per query: the export holds one page at a time (keyset by id). */
const EXPORT_PAGE = 500;

async function filtered(db: Kysely<Database>, filter: CatalogueExportFilter) {
  let query = await adminProductsMatching(db, filter.q);
  if (filter.status) query = query.where('products.status', '=', filter.status);
  return query;
}

/** The most sizes any exported product has: how many size_N_ columns the heading names. */
export async function exportSizeCount(
  db: Kysely<Database>,
  filter: CatalogueExportFilter,
): Promise<number> {
  const query = await filtered(db, filter);
  const row = await query
    .innerJoin('product_sizes', 'product_sizes.product_id', 'products.id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .groupBy('products.id')
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirst();
  return Math.max(1, Number(row?.n ?? 1));
}

/** The most stone rows any exported product has: how many stone_N_ column sets it names. */
export async function exportStoneCount(
  db: Kysely<Database>,
  filter: CatalogueExportFilter,
): Promise<number> {
  const query = await filtered(db, filter);
  const row = await query
    .innerJoin('product_stones', 'product_stones.product_id', 'products.id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .groupBy('products.id')
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The heading row of an export: as many size and stone columns as its products fill. */
async function exportColumns(db: Kysely<Database>, filter: CatalogueExportFilter) {
  const [sizes, stones] = await Promise.all([
    exportSizeCount(db, filter),
    exportStoneCount(db, filter),
  ]);
  return catalogueColumns(sizes, stones);
}

/**
 * The catalogue in the import's column set, a page of products at a time in id order (keyset,
 * so memory stays flat however large the shop). A product is written through the product
 * form's schema, as a dry run reads it: export → import compares equal.
 */
export async function* catalogueRows(
  db: Kysely<Database>,
  filter: CatalogueExportFilter,
): AsyncGenerator<CatalogueRow> {
  let after: string | null = null;
  for (;;) {
    let query = await filtered(db, filter);
    if (after) query = query.where('products.id', '>', after);
    const rows = await query
      .select([...PRODUCT_COLUMNS])
      .orderBy('products.id')
      .limit(EXPORT_PAGE)
      .execute();
    if (rows.length === 0) return;
    after = rows[rows.length - 1]!.id;
    for (const view of await toProductViews(db, rows)) {
      const parsed = productInput.safeParse(viewToFormValues(view));
      // A stored product the schema would now refuse is written as stored, for the owner to fix.
      const row = parsed.success
        ? inputToRow(parsed.data)
        : inputToRow(viewToFormValues(view) as Parameters<typeof inputToRow>[0]);
      // Read-only: the price the shop asks today (the opening size's, as its card shows it).
      row.computed_price = view.pricing?.basis === 'metal' ? String(view.discountedPrice) : '';
      yield row;
    }
    if (rows.length < EXPORT_PAGE) return;
  }
}

/** GET /api/admin/catalogue/export?format=csv: UTF-8 with BOM, formula-like text escaped. */
export async function catalogueCsv(
  db: Kysely<Database>,
  filter: CatalogueExportFilter,
): Promise<Readable> {
  const columns = await exportColumns(db, filter);
  return csvStream(
    columns.map((header) => ({ header, cell: (row: CatalogueRow) => row[header] ?? '' })),
    catalogueRows(db, filter),
  );
}

/** Numbers stay numbers in a sheet; everything else is text, escaped like the CSV's. */
const xlsxValue = (cell: string) =>
  cell !== '' && /^-?\d+(\.\d+)?$/.test(cell) && String(Number(cell)) === cell
    ? Number(cell)
    : safeCell(cell);

/** GET /api/admin/catalogue/export?format=xlsx: one sheet, streamed (exceljs' writer). */
export async function catalogueXlsx(
  db: Kysely<Database>,
  filter: CatalogueExportFilter,
): Promise<Readable> {
  const columns = await exportColumns(db, filter);
  const out = new PassThrough();
  const { stream } = await exceljs();
  const book = new stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = book.addWorksheet('Catalogue');
  const write = async () => {
    sheet.addRow(columns).commit();
    for await (const row of catalogueRows(db, filter))
      sheet.addRow(columns.map((c) => xlsxValue(row[c] ?? ''))).commit();
    sheet.commit();
    await book.commit();
  };
  write().catch((error: Error) => out.destroy(error));
  return out;
}
