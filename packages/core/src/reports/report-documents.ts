import { sql, type Kysely } from 'kysely';
import type { Database, InvoiceKind } from '@kanak/db';
import { indiaDate } from '@kanak/shared';
import type { InvoiceDocument } from '../invoices';

/** The start of a day in India's time (UTC+5:30, no daylight saving). */
export const istDayStart = (day: string): Date => new Date(`${day}T00:00:00+05:30`);

/** The next day of a YYYY-MM-DD, as YYYY-MM-DD. */
export const nextDay = (day: string): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** A month's first day and the next month's. */
export function monthBounds(month: string): { from: string; until: string } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
  return { from: `${month}-01`, until: `${next}-01` };
}

/** YYYY-MM-DD of a moment in India's time (shared's indiaDate). */
export const istDay = indiaDate;

export interface IssuedDocument {
  kind: InvoiceKind;
  series: string;
  seq: number;
  number: string;
  issuedAt: Date;
  document: InvoiceDocument;
}

/** Documents read per query: each page is a short statement, under the usual statement timeout. */
const PAGE = 500;

/**
 * Every invoice and credit note issued from `from` (inclusive) until `until` (exclusive), both
 * YYYY-MM-DD in India's time, in issue order, read a page at a time (keyset on issue time and
 * id): a year of documents in constant memory, and no statement or connection held while the
 * caller (a slow download) waits, so neither the statement timeout nor a cancelled download
 * can hold a pool connection.
 */
export async function* issuedDocuments(
  db: Kysely<Database>,
  from: string,
  until: string,
): AsyncGenerator<IssuedDocument> {
  let last: string | null = null;
  for (;;) {
    let query = db
      .selectFrom('invoices')
      .select(['id', 'kind', 'series', 'seq', 'number', 'issued_at', 'document'])
      .where('issued_at', '>=', istDayStart(from))
      .where('issued_at', '<', istDayStart(until));
    // Compared in SQL, so the microseconds JavaScript's Date would drop still order the pages.
    if (last !== null)
      query = query.where(
        sql<boolean>`(issued_at, id) > (SELECT issued_at, id FROM invoices WHERE id = ${last})`,
      );
    const rows = await query.orderBy('issued_at').orderBy('id').limit(PAGE).execute();
    for (const row of rows)
      yield {
        kind: row.kind,
        series: row.series,
        seq: row.seq,
        number: row.number,
        issuedAt: row.issued_at,
        document: row.document as InvoiceDocument,
      };
    if (rows.length < PAGE) return;
    last = rows[rows.length - 1]!.id;
  }
}

/** "29-Karnataka", as GST returns name a place of supply. */
export const placeOfSupplyOf = (doc: InvoiceDocument) =>
  doc.placeOfSupply.stateCode
    ? `${doc.placeOfSupply.stateCode}-${doc.placeOfSupply.state}`
    : doc.placeOfSupply.state;
