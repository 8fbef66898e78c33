import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import {
  B2CL_THRESHOLD,
  GST_PERCENT,
  indiaDate,
  splitGst,
  type Gstr1,
  type ReportMonth,
} from '@kanak/shared';
import { documentTax } from '../invoices/invoice-pdf';
import type { InvoiceDocument, InvoiceLine, SellerDetails } from '../invoices/invoice-document';
import { issuedDocuments, monthBounds, placeOfSupplyOf } from './report-documents';

type Row<T extends keyof Gstr1> = Gstr1[T][number];

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

/**
 * GSTR-1 for a month, from the invoices and credit notes issued in it (India's time), as a shop
 * selling to consumers files it (see README "The owner's books"):
 * - B2CS: supplies summed by place of supply and rate, credit notes netted in;
 * - B2CL: inter-state invoices above ₹1,00,000 (B2CL_THRESHOLD), one by one; a credit note of
 *   such an invoice (judged on the invoice, not the note) goes to CDNUR, not netted into B2CS;
 * - HSN summary: per HSN and unit, quantity in grams (or pieces), value, taxable value, taxes;
 * - documents issued: each series, first to last number, total, cancelled (never: the counter is
 *   gapless and documents are not cancelled, a credit note undoes one).
 * Streamed from a cursor: memory grows with the B2CL invoices and the groups, not the month.
 */
export async function gstr1(
  db: Kysely<Database>,
  seller: SellerDetails,
  { month }: ReportMonth,
): Promise<Gstr1> {
  const { from, until } = monthBounds(month);
  const b2cs = new Map<string, Row<'b2cs'>>();
  const b2cl: Row<'b2cl'>[] = [];
  const cdnur: Row<'cdnur'>[] = [];
  /** A credit note is reported where its invoice was: the invoice's value and supply decide. */
  const invoiceOf = (number: string) =>
    db
      .selectFrom('invoices')
      .select('document')
      .where('number', '=', number)
      .where('kind', '=', 'INVOICE')
      .executeTakeFirst()
      .then((row) => (row?.document as InvoiceDocument | undefined) ?? null);
  const hsn = new Map<string, Row<'hsn'>>();
  const docs = new Map<string, Row<'docs'> & { first: number; last: number }>();

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
      cdnur.push({
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
      });
    else if (large)
      b2cl.push({
        invoiceNumber: issued.number,
        invoiceDate: gstDate(issued.issuedAt),
        invoiceValue: doc.totals.total,
        placeOfSupply: pos,
        rate: GST_PERCENT,
        taxable: doc.totals.taxable,
        cess: 0,
      });
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
    for (const line of doc.lines) {
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
      const split = splitGst(line.gst, seller.stateCode, doc.placeOfSupply.stateCode);
      row.quantity = round3(row.quantity + signed(quantity));
      row.value += signed(line.total);
      row.taxable += signed(line.taxable);
      row.igst += signed(split.igst);
      row.cgst += signed(split.cgst);
      row.sgst += signed(split.sgst);
      hsn.set(key, row);
    }
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
  return {
    month,
    b2cs: [...b2cs.values()].sort((a, b) => a.placeOfSupply.localeCompare(b.placeOfSupply)),
    b2cl,
    cdnur,
    hsn: [...hsn.values()],
    docs: [...docs.values()].map(({ first: _first, last: _last, ...row }) => row),
  };
}
