import { formatIndiaDate, formatIndianNumber, formatIndiaTime } from '@kanak/shared';
import { FONT, newPdf } from '../common';
import type { SellerDetails } from '../invoices';
import type { ManifestRow } from './manifest';

const COLUMNS = [
  { head: 'Order', w: 62, right: false },
  { head: 'Invoice', w: 94, right: false },
  { head: 'Time (IST)', w: 44, right: false },
  { head: 'Consignee', w: 106, right: false },
  { head: 'Phone', w: 72, right: false },
  { head: 'City, state, PIN', w: 150, right: false },
  { head: 'AWB', w: 90, right: false },
  { head: 'Pieces', w: 38, right: true },
  { head: 'Net wt (g)', w: 50, right: true },
  { head: 'Insured (₹)', w: 64, right: true },
] as const;

/**
 * The day's manifests as a printable A4 landscape PDF, one per carrier, each on its own page:
 * the paper that carrier's pickup signs. One row per parcel (order, invoice, consignee and phone,
 * destination, AWB, pieces, net weight, insured value), the carrier's totals and the signatures.
 * Same rows as the CSV; dates and times are India's.
 */
export async function renderManifestPdf(
  date: string,
  rows: readonly ManifestRow[],
  seller: Pick<SellerDetails, 'legalName' | 'address'>,
): Promise<Buffer> {
  const { pdf, bytes: done } = await newPdf({
    layout: 'landscape',
    margin: 36,
    info: { Title: `Shipments manifest ${date}` },
  });
  const left = 36;
  const width = pdf.page.width - 72;
  const day = formatIndiaDate(date);

  const row = (cells: string[], bold = false) => {
    if (pdf.y > pdf.page.height - 80) pdf.addPage();
    const y = pdf.y;
    let x = left;
    let height = 0;
    pdf.font(bold ? FONT.bold : FONT.regular).fontSize(8.5);
    cells.forEach((cell, i) => {
      const col = COLUMNS[i]!;
      height = Math.max(height, pdf.heightOfString(cell, { width: col.w - 4 }));
      pdf.text(cell, x + 2, y, { width: col.w - 4, align: col.right ? 'right' : 'left' });
      x += col.w;
    });
    pdf.y = y + height + 5;
    pdf
      .moveTo(left, pdf.y - 2)
      .lineTo(left + width, pdf.y - 2)
      .lineWidth(0.3)
      .stroke('#999999');
  };
  const heading = (carrier: string | null) => {
    pdf
      .font(FONT.bold)
      .fontSize(15)
      .text(`${seller.legalName}: shipments manifest`, left, 36, { width });
    pdf.font(FONT.regular).fontSize(10).text(`Sender: ${seller.address}`, { width });
    pdf.text(`Dispatch date ${day}${carrier ? `   Carrier: ${carrier}` : ''}`, { width });
    pdf.moveDown(0.6);
  };

  const byCarrier = new Map<string, ManifestRow[]>();
  for (const r of rows) byCarrier.set(r.carrier, [...(byCarrier.get(r.carrier) ?? []), r]);
  if (byCarrier.size === 0) {
    heading(null);
    pdf.font(FONT.regular).fontSize(10).text('No parcels left on this day.', left);
  }
  [...byCarrier].forEach(([carrier, parcels], i) => {
    if (i > 0) pdf.addPage();
    heading(carrier);
    row(
      COLUMNS.map((c) => c.head),
      true,
    );
    for (const r of parcels)
      row([
        r.orderNumber,
        r.invoiceNumber ?? '—',
        formatIndiaTime(r.shippedAt),
        r.consignee,
        r.phone,
        `${r.city}, ${r.state} ${r.pin}`,
        r.awb,
        String(r.pieces),
        grams(r.netWeightGrams),
        formatIndianNumber(r.insuredValue),
      ]);
    row(
      [
        `${parcels.length} parcel${parcels.length === 1 ? '' : 's'}`,
        '',
        '',
        '',
        '',
        '',
        '',
        String(parcels.reduce((n, r) => n + r.pieces, 0)),
        grams(parcels.reduce((n, r) => n + r.netWeightGrams, 0)),
        formatIndianNumber(parcels.reduce((n, r) => n + r.insuredValue, 0)),
      ],
      true,
    );
    pdf.moveDown(2);
    pdf
      .font(FONT.regular)
      .fontSize(9)
      .text(
        `Handed over by: ____________________      Received by (${carrier}): ____________________      Date and time: ____________`,
        left,
      );
  });
  pdf.end();
  return done;
}

/** "12.5": grams to at most 3 decimals, no trailing zeros; "—" when nothing was weighed in grams. */
const grams = (g: number) => (g > 0 ? String(Math.round(g * 1000) / 1000) : '—');
