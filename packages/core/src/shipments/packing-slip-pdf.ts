import { formatIndiaDate, formatRupees, type AdminOrderDetail } from '@kanak/shared';
import { FONT, newPdf } from '../common';
import type { SellerDetails } from '../invoices';

/** Who sends the parcel and where a refused or returned one goes back to. */
export interface SlipSender extends Pick<SellerDetails, 'legalName' | 'address' | 'gstin'> {
  returnAddress: string;
}

/** The packing slip of an order's admin detail (orders/packing-slip.ts reads it), as an A4 PDF. */
export async function renderPackingSlip(
  detail: AdminOrderDetail,
  sender: SlipSender,
): Promise<Buffer> {
  const { order } = detail;
  const { pdf, bytes } = await newPdf({
    margin: 40,
    info: { Title: `Packing slip ${detail.orderNumber}` },
  });
  const left = 40;
  const width = pdf.page.width - 80;
  const half = width / 2 - 10;

  pdf.font(FONT.bold).fontSize(15).text(sender.legalName, left, 40, { width: half });
  pdf.font(FONT.regular).fontSize(9).text('PACKING SLIP', { width: half });
  const facts: [string, string][] = [
    ['Order', `#${detail.orderNumber}`],
    ['Order date', formatIndiaDate(order.orderDate)],
    ['Invoice', order.invoice?.number ?? 'to be issued at dispatch'],
  ];
  let y = 40;
  for (const [label, value] of facts) {
    pdf
      .font(FONT.regular)
      .fontSize(8)
      .text(label.toUpperCase(), left + half + 20, y, {
        width: half,
        align: 'right',
      });
    pdf.font(FONT.bold).fontSize(11).text(value, { width: half, align: 'right' });
    y = pdf.y + 2;
  }
  y = Math.max(pdf.y, 100) + 8;
  pdf
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(1.5)
    .stroke('#000000');

  const block = (title: string, lines: string[], x: number, top: number) => {
    pdf.font(FONT.bold).fontSize(8).text(title.toUpperCase(), x, top, { width: half });
    pdf.font(FONT.regular).fontSize(10);
    for (const line of lines) pdf.text(line, x, pdf.y, { width: half });
    return pdf.y;
  };
  const a = order.shippingAddress;
  const top = y + 12;
  const endLeft = block(
    'Deliver to',
    [
      `${a.firstName} ${a.lastName}`,
      a.streetAddress,
      `${a.city}, ${a.state} ${a.zipCode}`,
      `Phone: ${a.mobile}`,
    ],
    left,
    top,
  );
  const s = order.shipment;
  const endRight = block(
    'Parcel',
    [
      `Carrier: ${s?.carrier ?? '____________'}`,
      `AWB: ${s?.awb ?? '____________'}`,
      `Insured value: ${formatRupees(s?.insuredValue ?? order.totalDiscountedPrice)}`,
      ...(s ? [`Shipped: ${formatIndiaDate(s.shippedAt)}`] : []),
    ],
    left + half + 20,
    top,
  );
  const second = Math.max(endLeft, endRight) + 14;
  const endSender = block(
    'From (sender)',
    [sender.legalName, sender.address, `GSTIN ${sender.gstin}`],
    left,
    second,
  );
  const endReturn = block(
    'If undelivered, return to',
    [sender.legalName, sender.returnAddress],
    left + half + 20,
    second,
  );
  pdf.y = Math.max(endSender, endReturn) + 16;

  const cols = [
    { head: '#', w: 24, right: false },
    { head: 'Item', w: 215, right: false },
    { head: 'Size', w: 55, right: false },
    { head: 'Weight', w: 60, right: false },
    { head: 'HUID', w: 126, right: false },
    { head: 'Qty', w: 35, right: true },
  ];
  const row = (cells: string[], bold = false) => {
    if (pdf.y > pdf.page.height - 90) pdf.addPage();
    const rowTop = pdf.y;
    let x = left;
    let height = 0;
    pdf.font(bold ? FONT.bold : FONT.regular).fontSize(9);
    cells.forEach((cell, i) => {
      const col = cols[i]!;
      height = Math.max(height, pdf.heightOfString(cell, { width: col.w - 4 }));
      pdf.text(cell, x + 2, rowTop, { width: col.w - 4, align: col.right ? 'right' : 'left' });
      x += col.w;
    });
    pdf.y = rowTop + height + 5;
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
  order.orderItems.forEach((item, i) =>
    row([
      String(i + 1),
      item.brand ? `${item.title}\n${item.brand}` : item.title,
      item.size || '—',
      item.weight || '—',
      item.huids?.length ? item.huids.join(', ') : item.needsHuid ? '________' : '—',
      String(item.quantity),
    ]),
  );
  row(['', 'Pieces', '', '', '', String(order.totalItem)], true);
  pdf.moveDown(2);
  pdf
    .font(FONT.regular)
    .fontSize(9)
    .text(`Thank you for shopping with ${sender.legalName}.`, left, pdf.y, { width });
  pdf.end();
  return bytes;
}
