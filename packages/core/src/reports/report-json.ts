import { Readable } from 'node:stream';
import { REPORT_PAGE_SIZE, type ReportPage, type ReportPaging } from '@kanak/shared';

/** A field of a streamed JSON object: a value, or a list written as its rows arrive. */
export type JsonField =
  | { key: string; rows: () => AsyncIterable<unknown> }
  | { key: string; value: () => Promise<unknown> | unknown }
  /** Every field of an object known only at that point (totals after their rows). */
  | { spread: () => Promise<Record<string, unknown>> | Record<string, unknown> };

/** Rows per chunk written: fewer, larger writes than one per row. */
const ROWS_PER_CHUNK = 200;

/**
 * A JSON object written field by field, in order: a list's rows as they are read (a page at a
 * time from the database), a value once it is known (totals, after the rows they sum). The
 * object is the one the report's JSON answer always was (keys in another order), but a year of
 * rows goes out in constant memory, as its CSV does, instead of being built whole first.
 */
export function jsonObjectStream(fields: JsonField[]): Readable {
  return Readable.from(
    (async function* () {
      let separator = '{';
      for (const field of fields) {
        if ('spread' in field) {
          for (const [key, value] of Object.entries(await field.spread())) {
            yield `${separator}${JSON.stringify(key)}:${JSON.stringify(value)}`;
            separator = ',';
          }
          continue;
        }
        const key = `${separator}${JSON.stringify(field.key)}:`;
        separator = ',';
        if (!('rows' in field)) {
          yield `${key}${JSON.stringify(await field.value())}`;
          continue;
        }
        yield `${key}[`;
        let batch: string[] = [];
        let first = true;
        for await (const row of field.rows()) {
          batch.push(JSON.stringify(row));
          if (batch.length === ROWS_PER_CHUNK) {
            yield `${first ? '' : ','}${batch.join(',')}`;
            first = false;
            batch = [];
          }
        }
        yield `${batch.length ? `${first ? '' : ','}${batch.join(',')}` : ''}]`;
      }
      yield separator === '{' ? '{}' : '}';
    })(),
  );
}

export interface JsonStreamOptions<T> {
  head: Record<string, unknown>;
  listKey: string;
  rows: AsyncIterable<T>;
  tail: () => Promise<Record<string, unknown>> | Record<string, unknown>;
}

/**
 * A JSON object written as its rows arrive: the fields before the list, each row of the list as
 * read a page at a time, then the fields only known once every row is seen (totals). The object
 * is the one the report's JSON answer always was (keys in another order), but a year of rows
 * goes out in constant memory, as its CSV does, instead of being built whole first.
 */
export function jsonStream<T>({ head, listKey, rows, tail }: JsonStreamOptions<T>): Readable {
  return Readable.from(
    (async function* () {
      const opening = JSON.stringify(head).slice(0, -1);
      yield `${opening}${opening === '{' ? '' : ','}${JSON.stringify(listKey)}:[`;
      let batch: string[] = [];
      let first = true;
      for await (const row of rows) {
        batch.push(JSON.stringify(row));
        if (batch.length === ROWS_PER_CHUNK) {
          yield `${first ? '' : ','}${batch.join(',')}`;
          first = false;
          batch = [];
        }
      }
      if (batch.length) yield `${first ? '' : ','}${batch.join(',')}`;
      yield `]${Object.entries(await tail())
        .map(([key, value]) => `,${JSON.stringify(key)}:${JSON.stringify(value)}`)
        .join('')}}`;
    })(),
  );
}

/** A page of a report's list, as asked (REPORT_PAGE_SIZE rows of the first page by default). */
export interface PageWindow {
  page: number;
  pageSize: number;
}
export const pageWindow = (paging: ReportPaging = {}): PageWindow => ({
  page: paging.page ?? 1,
  pageSize: Math.min(paging.pageSize ?? REPORT_PAGE_SIZE, REPORT_PAGE_SIZE),
});

/** The page's meta once `count` rows of the list were read. */
export const pageOf = (window: PageWindow, count: number): ReportPage => ({
  ...window,
  rows: count,
  pages: Math.max(1, Math.ceil(count / window.pageSize)),
});

/**
 * Reads every row (the caller's totals add each up as it passes) and keeps only the page's: a
 * year of rows in the memory of one page.
 */
export async function takePage<T>(
  rows: AsyncIterable<T>,
  paging: ReportPaging = {},
): Promise<{ rows: T[]; page: ReportPage }> {
  const window = pageWindow(paging);
  const start = (window.page - 1) * window.pageSize;
  const kept: T[] = [];
  let count = 0;
  for await (const row of rows) {
    if (count >= start && count < start + window.pageSize) kept.push(row);
    count++;
  }
  return { rows: kept, page: pageOf(window, count) };
}
