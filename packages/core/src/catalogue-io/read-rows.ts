import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type ExcelJS from 'exceljs';
import { lazy } from '../common';
import type { CatalogueRow } from '@kanak/shared';
import { badRequest } from '../common';
import { readZipOffThread } from './zip-reader';

/** exceljs on first use: only an import or an export of a sheet needs it. */
const exceljs = lazy(() => import('exceljs').then((m) => m.default));

/** One data row of an uploaded file: its number as the spreadsheet shows it, cells by heading. */
export interface FileRow {
  row: number;
  cells: CatalogueRow;
  /** Columns whose cell a spreadsheet would run as a formula (refused). */
  formulas: string[];
}

/** The file's heading row and its data rows, read as they stream in. */
export interface CatalogueFile {
  header: string[];
  rows: AsyncIterable<FileRow>;
}

/**
 * A cell a spreadsheet would run: =, +, @ (or their full-width forms ＝ ＋ ＠ and －), a tab or
 * CR first, or a "-" that is not a number.
 * Export escapes such text with a leading apostrophe (safeCell), taken off again here.
 */
const FORMULA = /^[=+@\t\r\uFF1D\uFF0B\uFF0D\uFF20]|^-(?!\s*\d+(\.\d+)?\s*$)/;

/** A cell's text as the import reads it; `formula` when it would run in a spreadsheet. */
export function readCell(raw: string): { text: string; formula: boolean } {
  if (raw.startsWith("'") && FORMULA.test(raw.slice(1)))
    return { text: raw.slice(1), formula: false };
  return { text: raw, formula: FORMULA.test(raw) };
}

export interface ToRowOptions {
  header: string[];
  values: string[];
  row: number;
  formulaCells: Set<number>;
}

function toRow({ header, values, row, formulaCells }: ToRowOptions): FileRow {
  const cells: CatalogueRow = {};
  const formulas: string[] = [];
  header.forEach((name, i) => {
    if (!name) return;
    const { text, formula } = readCell(values[i] ?? '');
    cells[name] = text;
    if (formula || formulaCells.has(i)) formulas.push(name);
  });
  return { row, cells, formulas };
}

const isBlank = (values: string[]) => values.every((v) => v.trim() === '');

/**
 * The upload in 64 kB slices: a stream parser handed the whole file as one chunk parses all of
 * it in one turn of the event loop, holding every other request on the server meanwhile.
 */
function* slices(bytes: Buffer, size = 64 * 1024) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function readCsv(bytes: Buffer): Promise<CatalogueFile> {
  const parser = Readable.from(slices(bytes)).pipe(
    parse({
      bom: true,
      relax_column_count: true,
      info: true,
      skip_records_with_empty_values: false,
    }),
  );
  const iterator = parser[Symbol.asyncIterator]() as AsyncIterator<{
    record: string[];
    info: { lines: number };
  }>;
  let first: IteratorResult<{ record: string[]; info: { lines: number } }>;
  try {
    first = await iterator.next();
  } catch (error) {
    throw badRequest(`The CSV cannot be read: ${(error as Error).message}`);
  }
  if (first.done) throw badRequest('The file is empty: its first row names the columns');
  const header = first.value.record.map((h) => h.trim().toLowerCase());
  return {
    header,
    rows: (async function* () {
      for (;;) {
        let next: IteratorResult<{ record: string[]; info: { lines: number } }>;
        try {
          next = await iterator.next();
        } catch (error) {
          throw badRequest(`The CSV cannot be read: ${(error as Error).message}`);
        }
        if (next.done) return;
        if (isBlank(next.value.record)) continue;
        yield toRow({
          header,
          values: next.value.record,
          row: next.value.info.lines,
          formulaCells: new Set(),
        });
      }
    })(),
  };
}

/** A cell of exceljs as text; `formula` when the cell holds one. */
function xlsxCell(value: ExcelJS.CellValue): { text: string; formula: boolean } {
  if (value === null || value === undefined) return { text: '', formula: false };
  if (typeof value === 'string') return { text: value, formula: false };
  if (typeof value === 'number' || typeof value === 'boolean')
    return { text: String(value), formula: false };
  if (value instanceof Date) return { text: value.toISOString(), formula: false };
  if ('formula' in value || 'sharedFormula' in value) {
    const formula = 'formula' in value ? value.formula : value.sharedFormula;
    return { text: `=${formula}`, formula: true };
  }
  if ('richText' in value)
    return { text: value.richText.map((r) => r.text).join(''), formula: false };
  if ('text' in value) return { text: String(value.text), formula: false };
  if ('error' in value) return { text: String(value.error), formula: false };
  return { text: '', formula: false };
}

/** The first worksheet, streamed (exceljs' reader keeps memory flat however long the sheet). */
async function readXlsx(bytes: Buffer): Promise<CatalogueFile> {
  const { stream } = await exceljs();
  const reader = new stream.xlsx.WorkbookReader(Readable.from(slices(bytes)), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  const sheets = reader[Symbol.asyncIterator]();
  let sheet: IteratorResult<ExcelJS.stream.xlsx.WorksheetReader>;
  try {
    sheet = await sheets.next();
  } catch (error) {
    throw badRequest(`The XLSX file cannot be read: ${(error as Error).message}`);
  }
  if (sheet.done) throw badRequest('The XLSX file has no worksheet');
  const rows = (sheet.value as unknown as AsyncIterable<ExcelJS.Row>)[Symbol.asyncIterator]();
  const read = async () => {
    try {
      return await rows.next();
    } catch (error) {
      throw badRequest(`The XLSX file cannot be read: ${(error as Error).message}`);
    }
  };
  const cellsOf = (row: ExcelJS.Row) => {
    // row.values is 1-based: index 0 is empty.
    const values = (row.values as ExcelJS.CellValue[]).slice(1);
    const read = values.map(xlsxCell);
    return {
      texts: read.map((c) => c.text),
      formulas: new Set(read.flatMap((c, i) => (c.formula ? [i] : []))),
    };
  };
  const first = await read();
  if (first.done) throw badRequest('The file is empty: its first row names the columns');
  const header = cellsOf(first.value).texts.map((h) => h.trim().toLowerCase());
  return {
    header,
    rows: (async function* () {
      for (;;) {
        const next = await read();
        if (next.done) return;
        const { texts, formulas } = cellsOf(next.value);
        if (isBlank(texts)) continue;
        yield toRow({ header, values: texts, row: next.value.number, formulaCells: formulas });
      }
      // The other sheets are not read: the catalogue is the first.
    })(),
  };
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** CSV or XLSX, told apart by the bytes (an XLSX is a zip), not by the name a browser sent. */
export async function readCatalogueFile(bytes: Buffer): Promise<CatalogueFile> {
  if (bytes.length === 0) throw badRequest('The file is empty: its first row names the columns');
  if (!bytes.subarray(0, 4).equals(ZIP_MAGIC)) return readCsv(bytes);
  // An XLSX is a zip: it is unpacked and counted in a worker thread first, so a bomb is refused
  // there and the sheet the reader then streams is known to stay within the caps.
  await readZipOffThread(bytes, { what: 'The XLSX file' });
  return readXlsx(bytes);
}
