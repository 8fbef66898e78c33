import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import {
  breakupOf,
  canonicalPurity,
  columnOfPath,
  KNOWN_CATALOGUE_COLUMNS,
  hallmarkOfPurity,
  IMAGE_SEPARATOR,
  inputToRow,
  MAX_SIZES,
  MIN_SELLING_PRICE,
  unknownColumnMessage,
  MIN_SELLING_PRICE_MESSAGE,
  openingSize,
  productInput,
  rowToFormValues,
  sizeColumn,
  viewToFormValues,
  type CatalogueRow,
  type ImportChange,
  type ImportDryRun,
  type ImportError,
  type ImportSummary,
  type ProductInput,
  type ProductView,
} from '@kanak/shared';
import { badRequest } from '../common';
import type { ImageStore } from '../uploads';
import { currentRateRows, type RateRow } from '../pricing';
import { PRODUCT_COLUMNS, toProductViews } from '../catalog';
import { skuClashes } from '../catalog';
import { METAL_PRICE_FIELD } from '../catalog';
import { readCatalogueFile, type FileRow } from './read-rows';
import { IMAGE_FILE_NAME, importedImageUrl, readImageZip } from './import-images';

/** Kept in the answer and the stored import (the summary counts them all). */
const MAX_ERRORS = 1000;
const MAX_CHANGES = 500;
/** Rows compared with the stored products per query. */
const BATCH = 250;
/** Rows checked between two turns of the event loop. */
const YIELD_EVERY = 25;

export interface ImportDeps {
  db: Kysely<Database>;
  images: ImageStore;
}

export interface ImportUpload {
  fileName: string;
  file: Buffer;
  images: Buffer | null;
}

/** What a valid row would save: the checked input, with an edit's preconditions. */
export type ImportRowInput = ProductInput;

/** A row checked against the shop's one product schema; its errors or its input. */
type Checked =
  { ok: true; row: number; sku: string; input: ProductInput; cells: CatalogueRow } | { ok: false };

const isUrl = (entry: string) => /^(\/|https?:\/\/)/i.test(entry);

/** The comparable cells of an input (a metal-priced piece's mark is its purity's, never typed). */
function comparable(input: ProductInput): CatalogueRow {
  const row = inputToRow(input);
  if (input.pricing?.basis === 'metal')
    row.hallmark = hallmarkOfPurity(input.pricing.metal, input.pricing.purity) ?? '';
  return row;
}

/** A stored product's cells, through the same schema as a file's row. */
function storedCells(view: ProductView): { input: ProductInput; cells: CatalogueRow } | null {
  const parsed = productInput.safeParse(viewToFormValues(view));
  return parsed.success ? { input: parsed.data, cells: comparable(parsed.data) } : null;
}

/** The price a shopper would be asked at today's rate: the opening size's (rupees). */
function priceAtToday(input: ProductInput, rates: RateRow[]): number | null {
  const pricing = input.pricing;
  if (pricing?.basis !== 'metal') return input.discountedPrice ?? null;
  const purity = canonicalPurity(pricing.metal, pricing.purity);
  const rate = rates.find((r) => r.metal === pricing.metal && r.purity === purity);
  const size = openingSize(input.sizes);
  if (!rate || !purity || size?.netWeight == null) return null;
  return breakupOf(
    { ...pricing, purity },
    { ratePerGram: rate.rate_paise / 100, publishedAt: new Date(rate.published_at).toISOString() },
    size.netWeight,
  ).total;
}

/**
 * POST /api/admin/catalogue/imports: reads the file, checks every row with the product form's
 * schema (productInput: one truth for fields and numeric bounds), compares each valid row with
 * the stored product of its SKU, and keeps the rows that change something for the apply.
 */
export async function dryRunImport(
  deps: ImportDeps,
  adminId: string,
  upload: ImportUpload,
): Promise<ImportDryRun> {
  const { db } = deps;
  const file = await readCatalogueFile(upload.file);
  const zip = await readImageZip(upload.images);
  const errors: ImportError[] = [];
  let errorRows = 0;
  const fail = (error: ImportError) => {
    if (errors.length < MAX_ERRORS) errors.push(error);
  };

  if (!file.header.includes('sku'))
    throw badRequest('The first row names the columns, and one of them must be "sku"');
  const unknown = file.header.filter((h) => h && !KNOWN_CATALOGUE_COLUMNS.has(h));
  for (const column of unknown)
    fail({ row: 1, column, value: column, message: unknownColumnMessage(column) });
  const rates = await currentRateRows(db);

  const seenSkus = new Map<string, number>();
  const seenSizeSkus = new Map<string, number>();
  const imageUrls = new Map<string, string>();
  const summary: ImportSummary = { new: 0, changed: 0, unchanged: 0, archived: 0, errors: 0 };
  const changes: ImportChange[] = [];
  const created = await db
    .insertInto('catalogue_imports')
    .values({
      created_by: adminId,
      file_name: upload.fileName.slice(0, 200),
      summary: JSON.stringify(summary),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const importId = created.id;

  /** Images column entries as URLs; a bad name is the row's error. */
  const imagesOf = async (line: FileRow): Promise<string[] | null> => {
    const entries = (line.cells.images ?? '')
      .split(IMAGE_SEPARATOR)
      .map((e) => e.trim())
      .filter(Boolean);
    const urls: string[] = [];
    let ok = true;
    for (const entry of entries) {
      if (isUrl(entry)) {
        urls.push(entry);
        continue;
      }
      const bytes = IMAGE_FILE_NAME.test(entry) ? zip.get(entry) : undefined;
      if (!bytes) {
        ok = false;
        fail({
          row: line.row,
          column: 'images',
          value: entry,
          message: IMAGE_FILE_NAME.test(entry)
            ? `No image named ${entry} in the uploaded zip`
            : 'An image is a URL or the file name of a JPEG, PNG, WebP, GIF or SVG in the uploaded zip',
        });
        continue;
      }
      let url = imageUrls.get(entry);
      if (!url) {
        try {
          url = await importedImageUrl(db, deps.images, bytes);
        } catch (error) {
          ok = false;
          fail({
            row: line.row,
            column: 'images',
            value: entry,
            message: (error as Error).message,
          });
          continue;
        }
        imageUrls.set(entry, url);
      }
      urls.push(url);
    }
    return ok ? urls : null;
  };

  const check = async (line: FileRow): Promise<Checked> => {
    let bad = false;
    const refuse = (column: string, message: string) => {
      bad = true;
      fail({ row: line.row, column, value: line.cells[column] ?? '', message });
    };
    for (const column of line.formulas)
      refuse(
        column,
        'A formula is not a value: type the value (or start the text with an apostrophe)',
      );
    const sku = (line.cells.sku ?? '').trim().toUpperCase();
    if (!sku) refuse('sku', 'SKU is required: the import matches products by it');
    else if (seenSkus.has(sku)) refuse('sku', `SKU ${sku} is already on row ${seenSkus.get(sku)}`);
    else seenSkus.set(sku, line.row);
    for (let n = 1; n <= MAX_SIZES; n += 1) {
      const sizeSku = (line.cells[sizeColumn(n, 'sku')] ?? '').trim().toUpperCase();
      if (!sizeSku) continue;
      const first = seenSizeSkus.get(sizeSku);
      if (first !== undefined && first !== line.row)
        refuse(sizeColumn(n, 'sku'), `Size SKU ${sizeSku} is already on row ${first}`);
      else seenSizeSkus.set(sizeSku, line.row);
    }
    const images = await imagesOf(line);
    if (!images) bad = true;
    const parsed = productInput.safeParse(rowToFormValues(line.cells, images ?? []));
    if (!parsed.success) {
      bad = true;
      // Named once per column: the first reason is the one to fix.
      const named = new Set<string>();
      for (const issue of parsed.error.issues) {
        const column = columnOfPath(issue.path, line.cells);
        if (named.has(column) || (column === 'images' && !images)) continue;
        named.add(column);
        fail({ row: line.row, column, value: line.cells[column] ?? '', message: issue.message });
      }
    } else if (parsed.data.pricing?.basis === 'metal') {
      const pricing = parsed.data.pricing;
      const purity = canonicalPurity(pricing.metal, pricing.purity);
      const rate = rates.find((r) => r.metal === pricing.metal && r.purity === purity);
      if (!rate || !purity)
        refuse(
          'purity',
          `No rate is published for ${pricing.metal} ${pricing.purity}: publish one first`,
        );
      else
        // The apply's ₹1 rule, at today's rate: each size's price from its net weight.
        parsed.data.sizes.forEach((size, i) => {
          if (size.netWeight == null) return;
          const total = breakupOf(
            { ...pricing, purity },
            {
              ratePerGram: rate.rate_paise / 100,
              publishedAt: new Date(rate.published_at).toISOString(),
            },
            size.netWeight,
          ).total;
          if (total < MIN_SELLING_PRICE)
            refuse(sizeColumn(i + 1, 'net_weight'), MIN_SELLING_PRICE_MESSAGE(METAL_PRICE_FIELD));
        });
    }
    if (bad || !parsed.success) return { ok: false };
    return { ok: true, row: line.row, sku, input: parsed.data, cells: line.cells };
  };

  const pending: Extract<Checked, { ok: true }>[] = [];
  const compare = async (batch: Extract<Checked, { ok: true }>[]) => {
    const found = await db
      .selectFrom('products')
      .select([...PRODUCT_COLUMNS])
      .where((eb) =>
        eb(
          eb.fn('upper', ['products.sku']),
          'in',
          batch.map((b) => b.sku),
        ),
      )
      .execute();
    const views = await toProductViews(db, found);
    const bySku = new Map(views.map((v) => [(v.sku ?? '').toUpperCase(), v]));
    const stored: {
      import_id: string;
      row_no: number;
      sku: string;
      kind: 'new' | 'changed' | 'archived';
      product_id: string | null;
      input: string;
      diff: string;
    }[] = [];
    const inputs = batch.map((line) => asChecked(line.input, bySku.get(line.sku)));
    // The apply's SKU rule, run now: a SKU or size SKU another product holds is this row's error.
    const clashes = await skuClashes(
      db,
      batch.map((line, i) => ({ id: bySku.get(line.sku)?._id ?? null, input: inputs[i]! })),
    );
    const clashed = new Set<number>();
    for (const clash of clashes) {
      const line = batch[clash.save]!;
      const column = clash.sizeSku
        ? (Array.from({ length: MAX_SIZES }, (_, n) => sizeColumn(n + 1, 'sku')).find(
            (c) => (line.cells[c] ?? '').trim().toUpperCase() === clash.sizeSku,
          ) ?? 'sku')
        : 'sku';
      fail({ row: line.row, column, value: line.cells[column] ?? '', message: clash.message });
      if (!clashed.has(clash.save)) errorRows += 1;
      clashed.add(clash.save);
    }
    for (const [i, line] of batch.entries()) {
      if (clashed.has(i)) continue;
      const view = bySku.get(line.sku);
      const before = view ? storedCells(view) : null;
      const input = inputs[i]!;
      // A new row's fields are only listed while the answer still shows changes.
      const shown = changes.length < MAX_CHANGES;
      const fields = view
        ? diffCells(before?.cells ?? {}, comparable(input))
        : shown
          ? Object.entries(comparable(input))
              .filter(([, v]) => v !== '')
              .map(([column, value]) => ({ column, before: '', after: value }))
          : [];
      if (view && fields.length === 0) {
        summary.unchanged += 1;
        continue;
      }
      const kind =
        view && input.status === 'archived' && view.status !== 'archived'
          ? 'archived'
          : view
            ? 'changed'
            : 'new';
      summary[kind] += 1;
      if (shown)
        changes.push({
          row: line.row,
          sku: line.sku,
          kind,
          title: input.title,
          fields,
          price: {
            before: view
              ? before
                ? priceAtToday(before.input, rates)
                : view.discountedPrice
              : null,
            after: priceAtToday(input, rates),
          },
        });
      stored.push({
        import_id: importId,
        row_no: line.row,
        sku: line.sku,
        kind,
        product_id: view?._id ?? null,
        input: JSON.stringify(input),
        // A new row's fields are its input: only a change keeps its cells before → after.
        diff: view ? JSON.stringify(fields) : '[]',
      });
    }
    if (stored.length) await db.insertInto('catalogue_import_rows').values(stored).execute();
  };
  /**
   * A batch is compared and stored while the next one is read and checked (the database's time
   * and the schema's overlap); one at a time, so memory holds two batches at most and the
   * summary and changes stay in row order.
   */
  let comparing: Promise<void> = Promise.resolve();
  const flush = async () => {
    await comparing;
    if (pending.length === 0) return;
    comparing = compare(pending.splice(0));
    // Handled when awaited next; until then a rejection must not count as unhandled.
    comparing.catch(() => undefined);
  };

  let read = 0;
  for await (const line of file.rows) {
    // The dry run runs on the server's event loop: a pause every few rows lets shoppers'
    // requests in (one slice of about 4 ms, where 20,000 rows in one go held them 3 s).
    if (++read % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
    const checked = await check(line);
    if (!checked.ok) {
      errorRows += 1;
      continue;
    }
    pending.push(checked);
    if (pending.length >= BATCH) await flush();
  }
  await flush();
  await comparing;
  summary.errors = errorRows;
  errors.sort((a, b) => a.row - b.row);
  const total = summary.new + summary.changed + summary.archived;
  await db
    .updateTable('catalogue_imports')
    .set({ summary: JSON.stringify(summary), errors: JSON.stringify(errors), total })
    .where('id', '=', importId)
    .execute();
  return { id: importId, state: 'validated', summary, errors, changes };
}

/**
 * A valid row's input as the apply will save it: against a stored product, blanks kept as stored
 * (status, size SKUs, as the form's edit does) and the product's state as checked (its
 * `updatedAt` and each size's stock), which the apply's product-write rule holds it to.
 */
function asChecked(input: ProductInput, view: ProductView | undefined): ProductInput {
  if (!view) return input;
  return {
    ...input,
    status: input.status ?? view.status,
    sizes: input.sizes.map((s) => ({
      ...s,
      sku: s.sku ?? view.sizes.find((v) => v.weight === s.weight)?.sku,
      // The stock seen now: a sale before the apply is kept unless the file changes it.
      loadedStock: view.sizes.find((v) => v.weight === s.weight)?.stock,
    })),
    loadedUpdatedAt: view.updatedAt,
  };
}

/** Cells that differ, in column order (a size's cells only when either side has the size). */
function diffCells(before: CatalogueRow, after: CatalogueRow) {
  const columns = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return columns
    .filter((c) => (before[c] ?? '') !== (after[c] ?? ''))
    .map((column) => ({ column, before: before[column] ?? '', after: after[column] ?? '' }));
}
