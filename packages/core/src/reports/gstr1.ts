import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import {
  B2CL_THRESHOLD,
  GST_PERCENT,
  indiaDate,
  type Gstr1,
  type Gstr1Table,
  type ReportMonth,
  type ReportPaging,
  type TaxSplit,
} from '@kanak/shared';
import { documentTax } from '../invoices';
import type { InvoiceDocument, InvoiceLine, SellerDetails } from '../invoices';
import { issuedDocuments, monthBounds, placeOfSupplyOf } from './report-documents';
import { jsonObjectStream, pageOf, pageWindow } from './report-json';

type Row<T extends Gstr1Table> = Gstr1[T][number];

const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
/** dd-mmm-yyyy in India's time, as the GST offline tool's templates write dates. */
export const gstDate = (at: Date): string => {
  const [year, month, day] = indiaDate(at).split('-');
  return `${day}-${MONTHS[Number(month) - 1]}-${year}`;
};

const HSN_DESCRIPTIONS: Record<string, string> = {
  '7113': 'Articles of jewellery and parts thereof, of precious metal',
  '7114': 'Articles of goldsmiths’ or silversmiths’ wares, of precious metal',
};

/** A line's quantity as the HSN summary counts it: grams of metal when weighed, else pieces. */
function hsnQuantity(line: InvoiceLine): { uqc: 'GMS' | 'NOS'; quantity: number } {
  const grams = /^(\d+(?:\.\d+)?)\s*g$/i.exec(line.netWeight.trim());
  return grams
    ? { uqc: 'GMS', quantity: Number(grams[1]) * line.quantity }
    : { uqc: 'NOS', quantity: line.quantity };
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** A month's totals that GSTR-1 sums up (B2CS, HSN, documents): a few rows, whatever the month. */
interface Gstr1Sums {
  b2cs: Map<string, Row<'b2cs'>>;
  hsn: Map<string, Row<'hsn'>>;
  docs: Map<string, Row<'docs'> & { first: number; last: number }>;
}

/** The tables listed invoice by invoice: as many rows as the month has such documents. */
type Listed = { table: 'b2cl'; row: Row<'b2cl'> } | { table: 'cdnur'; row: Row<'cdnur'> };

/** A month's read: the seller, the month (YYYY-MM) and the sums its summed tables grow in. */
export interface Gstr1PassOptions {
  seller: SellerDetails;
  month: string;
  sums: Gstr1Sums;
}

/**
 * One pass over the month's documents (India's time), as a shop selling to consumers files
 * GSTR-1 (see README "The owner's books"): yields each B2CL invoice and CDNUR note as it is read,
 * and adds everything else into `sums`:
 * - B2CS: supplies summed by place of supply and rate, credit notes netted in;
 * - B2CL: inter-state invoices above ₹1,00,000 (B2CL_THRESHOLD), one by one; a credit note of
 *   such an invoice (judged on the invoice, not the note) goes to CDNUR, not netted into B2CS;
 * - HSN summary: per HSN and unit, quantity in grams (or pieces), value, taxable value, taxes;
 * - documents issued: each series, first to last number, total, cancelled (never: the counter is
 *   gapless and documents are not cancelled, a credit note undoes one).
 * Read a page at a time (issuedDocuments), so memory holds the sums and a page, not the month.
 */
async function* gstr1Pass(
  db: Kysely<Database>,
  { seller, month, sums: { b2cs, hsn, docs } }: Gstr1PassOptions,
): AsyncGenerator<Listed> {
  const { from, until } = monthBounds(month);
  /** A credit note is reported where its invoice was: the invoice's value and supply decide. */
  const invoiceOf = (number: string) =>
    db
      .selectFrom('invoices')
      .select('document')
      .where('number', '=', number)
      .where('kind', '=', 'INVOICE')
      .executeTakeFirst()
      .then((row) => (row?.document as InvoiceDocument | undefined) ?? null);

  for await (const issued of issuedDocuments(db, from, until)) {
    const doc = issued.document;
    const credit = issued.kind === 'CREDIT_NOTE';
    // A credit note takes away (0 stays 0, not -0).
    const signed = (n: number) => (n === 0 || !credit ? n : -n);
    const pos = placeOfSupplyOf(doc);
    const tax = documentTax(doc, seller);
    // Unregistered buyers only (the shop sells to consumers): inter-state and above the bound,
    // judged on the invoice (a credit note follows the invoice it refers to).
    const invoice = credit && doc.refersTo ? await invoiceOf(doc.refersTo.number) : doc;
    const large = !tax.intraState && invoice !== null && invoice.totals.total > B2CL_THRESHOLD;
    if (large && credit)
      yield {
        table: 'cdnur',
        row: {
          urType: 'B2CL',
          noteNumber: issued.number,
          noteDate: gstDate(issued.issuedAt),
          noteType: 'C',
          invoiceNumber: doc.refersTo?.number ?? '',
          placeOfSupply: pos,
          noteValue: doc.totals.total,
          rate: GST_PERCENT,
          taxable: doc.totals.taxable,
          cess: 0,
        },
      };
    else if (large)
      yield {
        table: 'b2cl',
        row: {
          invoiceNumber: issued.number,
          invoiceDate: gstDate(issued.issuedAt),
          invoiceValue: doc.totals.total,
          placeOfSupply: pos,
          rate: GST_PERCENT,
          taxable: doc.totals.taxable,
          cess: 0,
        },
      };
    else {
      const group = b2cs.get(pos) ?? {
        type: 'OE' as const,
        placeOfSupply: pos,
        rate: GST_PERCENT,
        taxable: 0,
        cess: 0,
      };
      group.taxable += signed(doc.totals.taxable);
      b2cs.set(pos, group);
    }
    const lineTax = lineTaxShares(doc, tax);
    doc.lines.forEach((line, i) => {
      const { uqc, quantity } = hsnQuantity(line);
      const key = `${line.hsn}|${uqc}`;
      const row = hsn.get(key) ?? {
        hsn: line.hsn,
        description: HSN_DESCRIPTIONS[line.hsn] ?? '',
        uqc,
        quantity: 0,
        value: 0,
        taxable: 0,
        igst: 0,
        cgst: 0,
        sgst: 0,
        cess: 0,
      };
      const split = lineTax[i]!;
      row.quantity = round3(row.quantity + signed(quantity));
      row.value += signed(line.total);
      row.taxable += signed(line.taxable);
      row.igst += signed(split.igst);
      row.cgst += signed(split.cgst);
      row.sgst += signed(split.sgst);
      hsn.set(key, row);
    });
    const nature = credit ? 'Credit Note' : 'Invoices for outward supply';
    const series = `${nature}|${issued.series}`;
    const seen = docs.get(series);
    if (!seen)
      docs.set(series, {
        nature,
        from: issued.number,
        to: issued.number,
        first: issued.seq,
        last: issued.seq,
        total: 1,
        cancelled: 0,
      });
    else {
      seen.total += 1;
      if (issued.seq < seen.first) [seen.first, seen.from] = [issued.seq, issued.number];
      if (issued.seq > seen.last) [seen.last, seen.to] = [issued.seq, issued.number];
    }
  }
}

const emptySums = (): Gstr1Sums => ({ b2cs: new Map(), hsn: new Map(), docs: new Map() });

const summed = (sums: Gstr1Sums) => ({
  b2cs: [...sums.b2cs.values()].sort((a, b) => a.placeOfSupply.localeCompare(b.placeOfSupply)),
  hsn: [...sums.hsn.values()],
  docs: [...sums.docs.values()].map(({ first: _first, last: _last, ...row }) => row),
});

/**
 * GSTR-1 of a month (the tRPC answer): the summed tables whole, and one page of B2CL and of
 * CDNUR (REPORT_PAGE_SIZE rows by default, so a month that fits is whole), read in one pass in
 * the memory of that page; `page` counts each list's rows in the month.
 */
export async function gstr1(
  db: Kysely<Database>,
  seller: SellerDetails,
  input: ReportMonth & ReportPaging,
): Promise<Gstr1> {
  const { month } = input;
  const window = pageWindow(input);
  const start = (window.page - 1) * window.pageSize;
  const sums = emptySums();
  const lists = {
    b2cl: { rows: [] as Row<'b2cl'>[], count: 0 },
    cdnur: { rows: [] as Row<'cdnur'>[], count: 0 },
  };
  const onPage = (count: number) => count >= start && count < start + window.pageSize;
  for await (const listed of gstr1Pass(db, { seller, month, sums }))
    if (listed.table === 'b2cl') {
      if (onPage(lists.b2cl.count++)) lists.b2cl.rows.push(listed.row);
    } else if (onPage(lists.cdnur.count++)) lists.cdnur.rows.push(listed.row);
  const { b2cs, hsn, docs } = summed(sums);
  const longest = Math.max(lists.b2cl.count, lists.cdnur.count);
  return {
    month,
    b2cs,
    b2cl: lists.b2cl.rows,
    cdnur: lists.cdnur.rows,
    hsn,
    docs,
    page: {
      ...window,
      pages: pageOf(window, longest).pages,
      b2cl: lists.b2cl.count,
      cdnur: lists.cdnur.count,
    },
  };
}

/**
 * GSTR-1 of a month as streamed JSON (REST), the object gstr1 answers without `page`: B2CL's
 * rows as the month's documents are read (summing the other tables), CDNUR's from a second read
 * of them, then the summed tables. Two reads of the month instead of holding its rows.
 */
export function gstr1Json(db: Kysely<Database>, seller: SellerDetails, { month }: ReportMonth) {
  const sums = emptySums();
  const tables = () => summed(sums);
  return jsonObjectStream([
    { key: 'month', value: () => month },
    {
      key: 'b2cl',
      rows: async function* () {
        for await (const listed of gstr1Pass(db, { seller, month, sums }))
          if (listed.table === 'b2cl') yield listed.row;
      },
    },
    { key: 'cdnur', rows: () => gstr1Rows(db, { seller, month, table: 'cdnur' }) },
    { key: 'b2cs', value: () => tables().b2cs },
    { key: 'hsn', value: () => tables().hsn },
    { key: 'docs', value: () => tables().docs },
  ]);
}

/** Which table of which month, and the seller whose GSTIN the rows are filed under. */
export interface Gstr1RowsOptions<T extends Gstr1Table> extends ReportMonth {
  seller: SellerDetails;
  table: T;
}

/**
 * One GSTR-1 table's rows, for a CSV download: B2CL and CDNUR rows are yielded as the documents
 * are read (a year of large inter-state invoices in constant memory), the summed tables once the
 * month has been read.
 */
export async function* gstr1Rows<T extends Gstr1Table>(
  db: Kysely<Database>,
  { seller, month, table }: Gstr1RowsOptions<T>,
): AsyncGenerator<Row<T>> {
  const sums = emptySums();
  for await (const listed of gstr1Pass(db, { seller, month, sums }))
    if (listed.table === table) yield listed.row as Row<T>;
  if (table === 'b2cl' || table === 'cdnur') return;
  yield* summed(sums)[table as 'b2cs' | 'hsn' | 'docs'] as Row<T>[];
}

/**
 * Each line's share of the document's own CGST/SGST/IGST (the split the invoice prints and the
 * register adds), in proportion to its GST and rounded on running totals: the lines add up to
 * the document's figures exactly. Splitting each line on its own rounded every odd rupee of a
 * line to CGST, so a month's HSN table drifted from the register by a rupee a line.
 */
export function lineTaxShares(
  doc: InvoiceDocument,
  tax: TaxSplit,
): { cgst: number; sgst: number; igst: number }[] {
  const total = doc.lines.reduce((n, l) => n + l.gst, 0);
  let gstSoFar = 0;
  let cgstSoFar = 0;
  return doc.lines.map((line, i) => {
    if (!tax.intraState) return { cgst: 0, sgst: 0, igst: line.gst };
    gstSoFar += line.gst;
    const last = i === doc.lines.length - 1;
    const cgstUpTo = last || total === 0 ? tax.cgst : Math.round((tax.cgst * gstSoFar) / total);
    const cgst = cgstUpTo - cgstSoFar;
    cgstSoFar = cgstUpTo;
    return { cgst, sgst: line.gst - cgst, igst: 0 };
  });
}
