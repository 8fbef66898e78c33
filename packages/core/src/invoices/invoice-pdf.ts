import { newPdf } from '../common/pdf-bytes';
import { BIS_CARE_NOTE, GST_PERCENT, rupeesInWords, splitGst } from '@kanak/shared';
import type { InvoiceDocument, InvoiceExtras, SellerDetails } from './invoice-document';
import { columnTotals, invoiceColumns, type InvoiceColumns } from './invoice-columns';

/** Indian digit grouping without the rupee sign (the PDF's standard fonts have no ₹): 1,23,456. */
export function indianAmount(n: number): string {
  const [whole] = String(Math.round(Math.abs(n))).split('.');
  const digits = whole!;
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${n < 0 ? '-' : ''}${rest ? `${rest},` : ''}${last3}`;
}
const rs = (n: number | null) => (n === null ? '-' : `Rs. ${indianAmount(n)}`);

/** The GST split of a document for a seller (CGST + SGST within the seller's state, else IGST). */
export const documentTax = (doc: InvoiceDocument, seller: SellerDetails) =>
  splitGst(doc.totals.gst, seller.stateCode, doc.placeOfSupply.stateCode);

/**
 * A tax invoice or credit note as a PDF (pdfkit: maintained, pure JavaScript, streams its output
 * and has the standard fonts built in, so nothing is loaded from disk). A4, one table row per
 * line; long orders flow onto more pages.
 */
export async function renderInvoicePdf(
  doc: InvoiceDocument,
  seller: SellerDetails,
  extras: InvoiceExtras,
): Promise<Buffer> {
  const { pdf, bytes: done } = await newPdf({
    margin: 36,
    info: { Title: `${doc.kind === 'INVOICE' ? 'Tax invoice' : 'Credit note'} ${doc.number}` },
  });

  const left = 36;
  const width = pdf.page.width - 72;
  const tax = documentTax(doc, seller);
  const title = doc.kind === 'INVOICE' ? 'TAX INVOICE' : 'CREDIT NOTE';

  pdf.font('Helvetica-Bold').fontSize(16).text(title, left, 36, { width, align: 'center' });
  pdf.moveDown(0.5);
  pdf.font('Helvetica-Bold').fontSize(11).text(seller.legalName);
  pdf.font('Helvetica').fontSize(9).text(seller.address);
  pdf.text(`State: ${seller.state} (code ${seller.stateCode})   GSTIN: ${seller.gstin}`);
  pdf.moveDown(0.6);

  const top = pdf.y;
  pdf
    .font('Helvetica-Bold')
    .text(`${title === 'TAX INVOICE' ? 'Invoice' : 'Credit note'} no: ${doc.number}`, left, top);
  pdf.font('Helvetica').text(`Date: ${istDate(doc.issuedAt)}`);
  pdf.text(`Order: ${doc.orderId}`);
  pdf.text(`Order date: ${istDate(doc.orderDate)}`);
  if (doc.refersTo)
    pdf.text(`Against invoice ${doc.refersTo.number} of ${istDate(doc.refersTo.issuedAt)}`);
  const afterLeft = pdf.y;
  pdf.font('Helvetica-Bold').text('Bill to / Ship to', left + width / 2, top);
  pdf.font('Helvetica').text(doc.buyer.name, { width: width / 2 });
  pdf.text(doc.buyer.address, { width: width / 2 });
  pdf.text(
    `Place of supply: ${doc.placeOfSupply.state}${doc.placeOfSupply.stateCode ? ` (code ${doc.placeOfSupply.stateCode})` : ''}`,
  );
  if (extras.pan) pdf.text(`Buyer PAN: ${extras.pan}`);
  pdf.y = Math.max(afterLeft, pdf.y) + 10;
  if (doc.reason) {
    pdf.font('Helvetica-Oblique').text(`Reason: ${doc.reason}`, left, pdf.y, { width });
    pdf.moveDown(0.5);
  }

  // The table: description (with purity, weight, HUIDs) and the money columns, which add up as
  // printed (invoice-columns.ts): Metal + Making + Stones = Gross value; Gross − Discount = Taxable.
  const cols = [
    { head: 'Description', w: 151 },
    { head: 'HSN', w: 30 },
    { head: 'Qty', w: 22 },
    { head: 'Rate/g', w: 42 },
    { head: 'Metal', w: 48 },
    { head: 'Making (gross)', w: 44 },
    { head: 'Stones', w: 40 },
    { head: 'Gross value', w: 50 },
    { head: 'Discount', w: 44 },
    { head: 'Taxable value', w: 52 },
  ] as const;
  const row = (cells: string[], bold = false) => {
    const y = pdf.y;
    let x = left;
    let height = 0;
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    cells.forEach((cell, i) => {
      const w = cols[i]!.w;
      const h = pdf.heightOfString(cell, { width: w - 4 });
      height = Math.max(height, h);
      pdf.text(cell, x + 2, y, { width: w - 4, align: i === 0 ? 'left' : 'right' });
      x += w;
    });
    pdf.y = y + height + 4;
    pdf
      .moveTo(left, pdf.y - 2)
      .lineTo(left + width, pdf.y - 2)
      .lineWidth(0.3)
      .stroke('#999999');
    if (pdf.y > pdf.page.height - 160) pdf.addPage();
  };
  const amount = (n: number | null) => (n === null ? '-' : indianAmount(n));
  const money = (c: InvoiceColumns) => [
    amount(c.metal),
    amount(c.making),
    amount(c.stones),
    amount(c.gross),
    amount(c.discount),
    amount(c.taxable),
  ];
  row(
    cols.map((c) => c.head),
    true,
  );
  const printed = doc.lines.map(invoiceColumns);
  doc.lines.forEach((line, i) => {
    const huids = extras.huids[line.orderItemId] ?? [];
    const description = [
      line.description,
      `Purity ${line.purity || '-'}, net wt ${line.netWeight} each`,
      huids.length ? `HUID: ${huids.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('\n');
    row([
      description,
      line.hsn,
      String(line.quantity),
      line.ratePerGram === null ? '-' : indianAmount(line.ratePerGram),
      ...money(printed[i]!),
    ]);
  });
  row(
    [
      'Total',
      '',
      String(doc.lines.reduce((n, l) => n + l.quantity, 0)),
      '',
      ...money(columnTotals(printed)),
    ],
    true,
  );
  pdf
    .font('Helvetica')
    .fontSize(7)
    .text(
      'Making is shown before its discount. Metal + Making + Stones = Gross value; Gross value - Discount = Taxable value. ' +
        'The discount is on making charges for metal-priced pieces, on the list price for fixed-price pieces. Amounts in rupees, GST excluded.',
      left,
      pdf.y,
      { width },
    );

  pdf.moveDown(0.5);
  const sum = (label: string, value: string, bold = false) => {
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    const y = pdf.y;
    pdf.text(label, left + width - 260, y, { width: 160, align: 'left' });
    pdf.text(value, left + width - 100, y, { width: 100, align: 'right' });
  };
  const half = GST_PERCENT / 2;
  sum('Taxable value', rs(doc.totals.taxable));
  if (tax.intraState) {
    sum(`CGST ${half}%`, rs(tax.cgst));
    sum(`SGST ${half}%`, rs(tax.sgst));
  } else sum(`IGST ${GST_PERCENT}%`, rs(tax.igst));
  sum(doc.kind === 'INVOICE' ? 'Total' : 'Total credited', rs(doc.totals.total), true);
  pdf.moveDown(0.4);
  pdf
    .font('Helvetica-Bold')
    .fontSize(9)
    .text(`Amount in words: ${rupeesInWords(doc.totals.total)}`, left, pdf.y, { width });
  if (doc.kind === 'INVOICE' && extras.paidBy?.length) {
    pdf.moveDown(0.4);
    pdf.font('Helvetica-Bold').fontSize(9).text('Paid by', left, pdf.y, { width });
    pdf.font('Helvetica').fontSize(9);
    // One full-width line each: a payment's id is long and must read whole.
    for (const tender of extras.paidBy)
      pdf.text(`${tender.label}: ${rs(tender.amount)}`, left, pdf.y, { width });
  }
  pdf.moveDown(0.8);
  pdf.font('Helvetica').fontSize(8);
  pdf.text(
    'Prices include GST at 3% (HSN 7113, jewellery). Hallmarked gold: BIS hallmark with purity mark and HUID on each piece. ' +
      BIS_CARE_NOTE,
    { width },
  );
  pdf.moveDown(0.4);
  pdf.text('This is a computer-generated document and needs no signature.', { width });
  pdf.end();
  return done;
}

/** A date as India reads it (dd/mm/yyyy, India's time). */
function istDate(iso: string): string {
  const ist = new Date(new Date(iso).getTime() + 330 * 60_000);
  const dd = String(ist.getUTCDate()).padStart(2, '0');
  const mm = String(ist.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}/${ist.getUTCFullYear()}`;
}
