import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

/** One CSV column: its heading as the spreadsheet shows it and how a row gives its cell. */
export interface CsvColumn<T> {
  header: string;
  cell: (row: T) => string | number | null;
}

/**
 * A spreadsheet runs a cell starting with =, +, - or @ (or a tab or carriage return, or the
 * full-width ＝ ＋ － ＠ some spreadsheets read as those) as a formula: such text is escaped with
 * a leading apostrophe (OWASP's CSV injection advice). Numbers stay numbers: a negative amount is
 * a value, not a formula. The same rule as csv-stringify's `escape_formulas`, which the CSV
 * files use; this copy is for the cells written elsewhere (XLSX, the manifest).
 */
export const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
export const safeCell = (value: string | number | null): string | number =>
  value === null
    ? ''
    : typeof value === 'number'
      ? value
      : FORMULA_START.test(value)
        ? `'${value}`
        : value;

/**
 * Rows as CSV for a spreadsheet, streamed as they come: UTF-8 with a byte-order mark (so Excel
 * reads ₹ and names in Indian scripts right), a heading row, CRLF line ends.
 */
export function csvStream<T>(
  columns: CsvColumn<T>[],
  rows: AsyncIterable<T> | Iterable<T>,
): Readable {
  const csv = stringify({
    bom: true,
    // csv-stringify's own rule for cells a spreadsheet would run (full-width signs too).
    escape_formulas: true,
    header: true,
    record_delimiter: 'windows',
    columns: columns.map((c) => c.header),
  });
  const source = Readable.from(
    (async function* () {
      for await (const row of rows) yield columns.map((c) => c.cell(row) ?? '');
    })(),
  );
  // pipeline, not pipe: a download cancelled half-way destroys the source too, which ends the
  // generator (and whatever it reads from) instead of leaving it paused for good.
  pipeline(source, csv, () => undefined);
  return csv;
}
