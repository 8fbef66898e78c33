import { FONT, newPdf } from '../common';
import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { formatIndiaDate, formatRupeesWithPaise } from '@kanak/shared';
import type { AuthUser } from '../auth';
import type { SellerDetails } from '../invoices';
import { systemClock, type Clock } from '../common';
import { DomainError } from '../common';
import { getEnrolment } from './enrolments';

const rs = formatRupeesWithPaise;

export interface SchemeStatementPdfOptions {
  user: AuthUser;
  enrolmentId: unknown;
  seller: SellerDetails;
  options?: { receiptOf?: number; clock?: Clock };
}

/**
 * A savings scheme's statement as a PDF (pdfkit, as the tax invoice, in the shop's embedded font
 * with ₹; dates India's, "7 Dec 2026"): the terms kept at enrolment, one line per instalment paid — each line is that
 * instalment's receipt — the next due, the bonus and the balance, maturity and the last day to
 * redeem. Only `receiptOf` set: that one instalment's receipt.
 */
export async function schemeStatementPdf(
  db: Kysely<Database>,
  { user, enrolmentId, seller, options = {} }: SchemeStatementPdfOptions,
): Promise<{ fileName: string; body: Buffer }> {
  const clock = options.clock ?? systemClock;
  const e = await getEnrolment(db, { user, idInput: enrolmentId, clock });
  const ref = e.id.slice(0, 8).toUpperCase();
  const receipt =
    options.receiptOf === undefined ? null : e.paid.find((p) => p.n === options.receiptOf);
  if (options.receiptOf !== undefined && !receipt)
    throw new DomainError('NOT_FOUND', `Instalment ${options.receiptOf} is not paid`);
  const { pdf, bytes: done } = await newPdf({ margin: 48, info: { Title: `Scheme ${ref}` } });
  pdf.font(FONT.bold).fontSize(16).text(seller.legalName);
  pdf.font(FONT.regular).fontSize(9).text(seller.address).text(`GSTIN ${seller.gstin}`);
  pdf.moveDown();
  pdf
    .font(FONT.bold)
    .fontSize(14)
    .text(receipt ? `Receipt: instalment ${receipt.n}` : 'Savings scheme statement');
  pdf.font(FONT.regular).fontSize(10);
  if (receipt?.receiptNo) pdf.font(FONT.bold).text(`Receipt no. ${receipt.receiptNo}`);
  pdf.font(FONT.regular);
  pdf.text(`Scheme ${ref} · ${e.plan.name}`);
  pdf.text(`Holder: ${e.holderName}`);
  pdf.text(
    receipt
      ? `Receipt date: ${formatIndiaDate(receipt.paidAt)}`
      : `Statement date: ${formatIndiaDate(clock())}`,
  );
  pdf.moveDown();
  if (receipt) {
    pdf.text(`Received ${rs(receipt.amount)} on ${formatIndiaDate(receipt.paidAt)}`);
    if (receipt.reference) pdf.text(`Payment reference: ${receipt.reference}`);
    pdf.text(
      `Instalment ${receipt.n} of ${e.plan.instalments}${receipt.late ? ' (paid past grace)' : ''}`,
    );
    pdf.moveDown();
    pdf.fontSize(8).text('Redeemable for jewellery only, never as cash.');
    pdf.end();
    return { fileName: `scheme-${ref}-receipt-${receipt.n}.pdf`, body: await done };
  }
  pdf.text(`Instalment ${rs(e.instalment)} a month, ${e.plan.instalments} instalments`);
  pdf.text(`State: ${e.state}`);
  pdf.moveDown();
  const x = [48, 78, 208, 293, 373];
  const w = [28, 128, 83, 78, 170];
  const row = (cells: string[], bold = false) => {
    const y = pdf.y;
    pdf.font(bold ? FONT.bold : FONT.regular);
    cells.forEach((c, i) => pdf.text(c, x[i]!, y, { width: w[i]! }));
    // The next row starts below the tallest cell: an empty last cell leaves pdf.y at this row's
    // top, which once printed all ten instalments over each other.
    const tallest = Math.max(
      ...cells.map((c, i) => pdf.heightOfString(c || ' ', { width: w[i]! })),
    );
    pdf.y = y + tallest + 3;
  };
  row(['No.', 'Receipt', 'Paid on', 'Amount', 'Note'], true);
  for (const p of e.paid)
    row([
      String(p.n),
      p.receiptNo ?? '',
      formatIndiaDate(p.paidAt),
      rs(p.amount),
      p.late ? 'past grace' : '',
    ]);
  pdf.x = 48;
  pdf.moveDown();
  const paidTotal = e.paid.reduce((s, p) => s + p.amount, 0);
  pdf.font(FONT.regular).text(`Paid in all: ${rs(paidTotal)}`, 48);
  const matured = e.state === 'MATURED' || e.state === 'REDEEMED';
  pdf.text(
    `Bonus by the plan's rule: ${rs(e.bonus)}${matured ? ' (added)' : ' (added at maturity)'}`,
  );
  // The balance is net of what orders hold or spent: the line between says so.
  if (e.redeemed) pdf.text(`Spent on orders (or held by an order being paid): ${rs(e.redeemed)}`);
  pdf.text(`Balance: ${rs(e.balance)}`);
  if (e.due) pdf.text(`Next instalment: no. ${e.due.n}, due ${formatIndiaDate(e.due.date)}`);
  if (e.maturesOn)
    pdf.text(
      `Matures on ${formatIndiaDate(e.maturesOn)}${e.redeemBy ? `; redeem by ${formatIndiaDate(e.redeemBy)}` : ''}`,
    );
  pdf.moveDown();
  pdf.font(FONT.bold).text('Terms');
  pdf.font(FONT.regular).fontSize(9).text(e.plan.terms);
  pdf.text('The balance buys jewellery only, never cash (the scheme stays under 365 days in all).');
  pdf.end();
  return { fileName: `scheme-${ref}-statement.pdf`, body: await done };
}
