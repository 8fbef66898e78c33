import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { ReportPaging, ReportRange, SalesRegister, SalesRegisterRow } from '@kanak/shared';
import { documentTax } from '../invoices';
import type { SellerDetails } from '../invoices';
import { istDay, issuedDocuments, nextDay, placeOfSupplyOf } from './report-documents';
import { jsonStream, takePage } from './report-json';

type Amounts = Pick<SalesRegisterRow, 'taxable' | 'cgst' | 'sgst' | 'igst' | 'total'>;
const zero = (): Amounts => ({ taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 });
const add = (sum: Amounts, row: Amounts) => {
  sum.taxable += row.taxable;
  sum.cgst += row.cgst;
  sum.sgst += row.sgst;
  sum.igst += row.igst;
  sum.total += row.total;
};

/**
 * The sales register's rows for a range, one per invoice and credit note, in issue order. The
 * tax is split as the document prints it (CGST + SGST within the seller's state, else IGST); a
 * credit note's amounts are negative, so each column adds up to what the period owes.
 */
export async function* salesRegisterRows(
  db: Kysely<Database>,
  seller: SellerDetails,
  range: ReportRange,
): AsyncGenerator<SalesRegisterRow> {
  for await (const issued of issuedDocuments(db, range.from, nextDay(range.to))) {
    const doc = issued.document;
    // A credit note's amounts are negative (0 stays 0, not -0).
    const signed = (n: number) => (n === 0 || issued.kind !== 'CREDIT_NOTE' ? n : -n);
    const tax = documentTax(doc, seller);
    yield {
      kind: issued.kind === 'CREDIT_NOTE' ? 'credit-note' : 'invoice',
      number: issued.number,
      date: istDay(issued.issuedAt),
      buyer: doc.buyer.name,
      placeOfSupply: placeOfSupplyOf(doc),
      refersTo: doc.refersTo?.number ?? null,
      taxable: signed(doc.totals.taxable),
      cgst: signed(tax.cgst),
      sgst: signed(tax.sgst),
      igst: signed(tax.igst),
      total: signed(doc.totals.total),
    };
  }
}

/** The register's totals, overall and per place of supply, added up row by row. */
function registerTotals() {
  const totals = zero();
  const byState = new Map<string, Amounts>();
  return {
    add(row: SalesRegisterRow) {
      add(totals, row);
      const state = byState.get(row.placeOfSupply) ?? zero();
      add(state, row);
      byState.set(row.placeOfSupply, state);
    },
    result: () => ({
      totals,
      byState: [...byState]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([placeOfSupply, sums]) => ({ placeOfSupply, ...sums })),
    }),
  };
}

/**
 * The register with its totals, overall and per place of supply (the tRPC answer): the totals
 * over the whole range, the rows of one page (REPORT_PAGE_SIZE by default, so a range that fits
 * is answered whole), read and summed in the memory of that page.
 */
export async function salesRegister(
  db: Kysely<Database>,
  seller: SellerDetails,
  range: ReportRange & ReportPaging,
): Promise<SalesRegister> {
  const sums = registerTotals();
  const { rows, page } = await takePage(
    (async function* () {
      for await (const row of salesRegisterRows(db, seller, range)) {
        sums.add(row);
        yield row;
      }
    })(),
    range,
  );
  return { from: range.from, to: range.to, rows, ...sums.result(), page };
}

/** The same JSON as salesRegister, streamed: the rows as they are read, the totals after them. */
export function salesRegisterJson(
  db: Kysely<Database>,
  seller: SellerDetails,
  range: ReportRange,
): Readable {
  const sums = registerTotals();
  const rows = (async function* () {
    for await (const row of salesRegisterRows(db, seller, range)) {
      sums.add(row);
      yield row;
    }
  })();
  return jsonStream({
    head: { from: range.from, to: range.to },
    listKey: 'rows',
    rows,
    tail: () => sums.result(),
  });
}
