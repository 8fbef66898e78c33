import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

/** One CSV column: its heading as the spreadsheet shows it and how a row gives its cell. */
export interface CsvColumn<T> {
  header: string;
  cell: (row: T) => string | number | null;
}

/**
 * A spreadsheet runs a cell starting with =, +, - or @ (or a tab or carriage return) as a
 * formula: such text is escaped with a leading apostrophe (OWASP's CSV injection advice). Numbers
 * stay numbers: a negative amount is a value, not a formula.
 */
export const safeCell = (value: string | number | null): string | number =>
  value === null
    ? ''
    : typeof value === 'number'
      ? value
      : /^[=+\-@\t\r]/.test(value)
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
    header: true,
    record_delimiter: 'windows',
    columns: columns.map((c) => c.header),
  });
  const source = Readable.from(
    (async function* () {
      for await (const row of rows) yield columns.map((c) => safeCell(c.cell(row)));
    })(),
  );
  // pipeline, not pipe: a download cancelled half-way destroys the source too, which ends the
  // generator (and whatever it reads from) instead of leaving it paused for good.
  pipeline(source, csv, () => undefined);
  return csv;
}
