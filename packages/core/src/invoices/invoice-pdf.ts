import { FONT, newPdf } from '../common';
import {
  BIS_CARE_NOTE,
  formatIndiaDate,
  formatIndianNumber,
  formatRupees,
  GST_PERCENT,
  isBisGoldMark,
  METALS,
  rupeesInWords,
  splitGst,
} from '@kanak/shared';
import type { InvoiceDocument, InvoiceExtras, SellerDetails } from './invoice-document';
import { columnTotals, invoiceColumns, type InvoiceColumns } from './invoice-columns';

const rs = (n: number | null) => (n === null ? '-' : formatRupees(n));

/** The GST split of a document for a seller (CGST + SGST within the seller's state, else IGST). */
export const documentTax = (doc: InvoiceDocument, seller: SellerDetails) =>
  splitGst(doc.totals.gst, seller.stateCode, doc.placeOfSupply.stateCode);

/**
 * A tax invoice or credit note as a PDF (pdfkit: maintained, pure JavaScript, streams its output;
 * the shop's embedded font prints ₹). A4, one table row per line; long orders flow onto more
 * pages. Dates are India's ("7 Dec 2026").
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

  pdf.font(FONT.bold).fontSize(16).text(title, left, 36, { width, align: 'center' });
  pdf.moveDown(0.5);
  pdf.font(FONT.bold).fontSize(11).text(seller.legalName);
  pdf.font(FONT.regular).fontSize(9).text(seller.address);
  pdf.text(`State: ${seller.state} (code ${seller.stateCode})   GSTIN: ${seller.gstin}`);
  pdf.moveDown(0.6);

  const top = pdf.y;
  pdf
    .font(FONT.bold)
    .text(`${title === 'TAX INVOICE' ? 'Invoice' : 'Credit note'} no: ${doc.number}`, left, top);
  pdf.font(FONT.regular).text(`Date: ${formatIndiaDate(doc.issuedAt)}`);
  pdf.text(`Order: ${doc.orderId}`);
  pdf.text(`Order date: ${formatIndiaDate(doc.orderDate)}`);
  if (doc.refersTo)
    pdf.text(`Against invoice ${doc.refersTo.number} of ${formatIndiaDate(doc.refersTo.issuedAt)}`);
  const afterLeft = pdf.y;
  pdf.font(FONT.bold).text('Bill to / Ship to', left + width / 2, top);
  pdf.font(FONT.regular).text(doc.buyer.name, { width: width / 2 });
  pdf.text(doc.buyer.address, { width: width / 2 });
  pdf.text(
    `Place of supply: ${doc.placeOfSupply.state}${doc.placeOfSupply.stateCode ? ` (code ${doc.placeOfSupply.stateCode})` : ''}`,
  );
  if (extras.pan) pdf.text(`Buyer PAN: ${extras.pan}`);
  pdf.y = Math.max(afterLeft, pdf.y) + 10;
  if (doc.reason) {
    pdf.font(FONT.oblique).text(`Reason: ${doc.reason}`, left, pdf.y, { width });
    pdf.moveDown(0.5);
  }

  // The table: description (with purity, weight, HUIDs) and the money columns, which add up as
  // printed (invoice-columns.ts): Metal + Making + Stones = Gross value; Gross − Discount = Taxable.
  // The embedded font is wider than Helvetica: the money columns hold ₹99,99,999 on one line.
  const cols = [
    { head: 'Description', w: 121 },
    { head: 'HSN', w: 30 },
    { head: 'Qty', w: 22 },
    { head: 'Rate/g', w: 42 },
    { head: 'Metal', w: 52 },
    { head: 'Making (gross)', w: 48 },
    { head: 'Stones', w: 52 },
    { head: 'Gross value', w: 54 },
    { head: 'Discount', w: 46 },
    { head: 'Taxable value', w: 56 },
  ] as const;
  const row = (cells: string[], bold = false) => {
    const y = pdf.y;
    let x = left;
    let height = 0;
    pdf.font(bold ? FONT.bold : FONT.regular).fontSize(8);
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
  const amount = (n: number | null) => (n === null ? '-' : formatIndianNumber(n));
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
      takesHallmark(line.purity)
        ? `Purity ${line.purity}, net wt ${line.netWeight} each`
        : `Net wt ${line.netWeight} each`,
      huids.length ? `HUID: ${huids.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('\n');
    row([
      description,
      line.hsn,
      String(line.quantity),
      line.ratePerGram === null ? '-' : formatIndianNumber(line.ratePerGram),
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
  if (extras.huidNote)
    pdf.font(FONT.oblique).fontSize(8).text(extras.huidNote, left, pdf.y, { width });
  pdf
    .font(FONT.regular)
    .fontSize(7)
    .text(
      'Making is shown before its discount. Metal + Making + Stones = Gross value; Gross value − Discount = Taxable value. ' +
        'The discount is on making charges for metal-priced pieces, on the list price for fixed-price pieces. Amounts in rupees, GST excluded.',
      left,
      pdf.y,
      { width },
    );

  pdf.moveDown(0.5);
  const sum = (label: string, value: string, bold = false) => {
    pdf.font(bold ? FONT.bold : FONT.regular).fontSize(9);
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
    .font(FONT.bold)
    .fontSize(9)
    .text(`Amount in words: ${rupeesInWords(doc.totals.total)}`, left, pdf.y, { width });
  if (doc.kind === 'INVOICE' && extras.paidBy?.length) {
    pdf.moveDown(0.4);
    pdf.font(FONT.bold).fontSize(9).text('Paid by', left, pdf.y, { width });
    pdf.font(FONT.regular).fontSize(9);
    // One full-width line each: a payment's id is long and must read whole.
    for (const tender of extras.paidBy)
      pdf.text(`${tender.label}: ${rs(tender.amount)}`, left, pdf.y, { width });
  }
  pdf.moveDown(0.8);
  pdf.font(FONT.regular).fontSize(8);
  // The hallmark note is for hallmarked gold only: a gemstone or a plain silver piece has none.
  const hallmarked = doc.lines.some((line) => isBisGoldMark(line.purity));
  pdf.text(
    hallmarked
      ? 'Prices include GST at 3% (HSN 7113, jewellery). Hallmarked gold: BIS hallmark with purity mark and HUID on each piece. ' +
          BIS_CARE_NOTE
      : 'Prices include GST at 3% (HSN 7113, jewellery).',
    { width },
  );
  pdf.moveDown(0.4);
  pdf.text('This is a computer-generated document and needs no signature.', { width });
  pdf.end();
  return done;
}

/**
 * Whether a line's purity is a mark the piece carries (22K916, 925): a gemstone's or diamond's
 * line holds only its kind ("Gemstone" in documents issued before), which is no purity at all.
 */
function takesHallmark(purity: string): boolean {
  const kind = purity.trim().toLowerCase();
  return kind !== '' && !(METALS as readonly string[]).includes(kind) && kind !== 'gemstones';
}
