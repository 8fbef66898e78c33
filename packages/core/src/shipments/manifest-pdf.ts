import { newPdf } from '../common/pdf-bytes';
import { indianAmount } from '../invoices/invoice-pdf';
import type { ManifestRow } from './manifest';

/**
 * The day's manifest as a printable A4 landscape PDF, the paper the courier's pickup signs:
 * one row per parcel (order, consignee and PIN, carrier, AWB, insured value), totals at the end.
 * Same rows as the CSV; pdfkit as for invoices (standard fonts, so "Rs." for the rupee sign).
 */
export async function renderManifestPdf(
  date: string,
  rows: readonly ManifestRow[],
  shopName: string,
): Promise<Buffer> {
  const { pdf, bytes: done } = await newPdf({
    layout: 'landscape',
    margin: 36,
    info: { Title: `Shipments manifest ${date}` },
  });
  const left = 36;
  const width = pdf.page.width - 72;
  pdf.font('Helvetica-Bold').fontSize(15).text(`${shopName}: shipments manifest`, left, 36);
  pdf.font('Helvetica').fontSize(10).text(`Dispatch date ${date} (India time)`);
  pdf.moveDown(0.6);

  const cols = [
    { head: 'Order', w: 70, right: false },
    { head: 'Shipped at (UTC)', w: 95, right: false },
    { head: 'Consignee', w: 140, right: false },
    { head: 'City, state, PIN', w: 160, right: false },
    { head: 'Carrier', w: 100, right: false },
    { head: 'AWB', w: 90, right: false },
    { head: 'Pieces', w: 40, right: true },
    { head: 'Insured (Rs.)', w: 75, right: true },
  ] as const;
  // The columns fill the landscape page's width between the margins (770 pt).
  const row = (cells: string[], bold = false) => {
    if (pdf.y > pdf.page.height - 80) pdf.addPage();
    const y = pdf.y;
    let x = left;
    let height = 0;
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    cells.forEach((cell, i) => {
      const col = cols[i]!;
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
  row(
    cols.map((c) => c.head),
    true,
  );
  for (const r of rows)
    row([
      r.orderNumber,
      r.shippedAt.slice(0, 16).replace('T', ' '),
      r.consignee,
      `${r.city}, ${r.state} ${r.pin}`,
      r.carrier,
      r.awb,
      String(r.pieces),
      indianAmount(r.insuredValue),
    ]);
  row(
    [
      `${rows.length} parcel${rows.length === 1 ? '' : 's'}`,
      '',
      '',
      '',
      '',
      '',
      String(rows.reduce((n, r) => n + r.pieces, 0)),
      indianAmount(rows.reduce((n, r) => n + r.insuredValue, 0)),
    ],
    true,
  );
  if (rows.length === 0) pdf.font('Helvetica').fontSize(10).text('No parcels left on this day.');
  pdf.moveDown(2);
  pdf
    .font('Helvetica')
    .fontSize(9)
    .text(
      'Handed over by: ____________________      Received by (courier): ____________________',
      left,
    );
  pdf.end();
  return done;
}
