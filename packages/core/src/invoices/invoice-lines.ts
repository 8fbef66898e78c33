import type { Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import { JEWELLERY_HSN, taxableOf, type PriceBreakup } from '@kanak/shared';
import { orderLinesWithProduct } from '../common';
import type { InvoiceLine } from './invoice-document';

/** The metal-rate breakup an order line keeps from its quote (`order_items.price_breakup`, per piece). */
export type StoredBreakup = PriceBreakup;

interface ItemForInvoice {
  id: string;
  title: string;
  weight: string;
  quantity: number;
  price: number;
  discounted_price: number;
  hallmark: string | null;
  type: string | null;
  price_breakup: PriceBreakup | null;
}

/** The invoice's lines of an order, in the order's line order. */
export async function invoiceLines(
  trx: Transaction<Database>,
  orderId: string,
): Promise<InvoiceLine[]> {
  const items = await orderLinesWithProduct(trx, orderId)
    .select([
      'order_items.id',
      'order_items.title',
      'order_items.weight',
      'order_items.quantity',
      'order_items.price',
      'order_items.discounted_price',
      'products.hallmark',
      'products.type',
      'order_items.price_breakup',
    ])
    .execute();
  const lines = items.map((item) => invoiceLine(item, storedBreakupOf(item)));
  const cod = await trx
    .selectFrom('cod_orders')
    .select('fee_rupees')
    .where('order_id', '=', orderId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  if (cod && cod.fee_rupees > 0) lines.push(codFeeLine(cod.fee_rupees));
  return lines;
}

/** The line id of a cash-on-delivery fee (it is no order line). */
export const COD_FEE_LINE = 'cod-fee';
/** SAC of courier services: the fee is a service, listed apart from the jewellery's HSN. */
export const COD_FEE_SAC = '9968';

/**
 * The cash-on-delivery fee as its own line, GST-inclusive like the shop's prices. It is charged
 * only with the jewellery it delivers, so it is taxed at the jewellery's rate (a composite supply
 * takes its principal supply's rate, CGST Act section 8(a)).
 */
export function codFeeLine(feeRupees: number): InvoiceLine {
  const taxable = taxableOf(feeRupees);
  return {
    orderItemId: COD_FEE_LINE,
    description: 'Cash on delivery fee',
    hsn: COD_FEE_SAC,
    purity: '',
    netWeight: '',
    quantity: 1,
    ratePerGram: null,
    metalValue: null,
    making: null,
    stones: null,
    gross: taxable,
    discount: 0,
    taxable,
    gst: feeRupees - taxable,
    total: feeRupees,
  };
}

/** The line's breakup as quoted when the order was placed; null for fixed-price pieces. */
function storedBreakupOf(item: ItemForInvoice): StoredBreakup | null {
  return item.price_breakup;
}

/** One line: from the stored breakup when there is one, else from the GST-inclusive price. */
export function invoiceLine(item: ItemForInvoice, breakup: StoredBreakup | null): InvoiceLine {
  const total = item.discounted_price * item.quantity;
  const common = {
    orderItemId: item.id,
    description: item.title,
    hsn: JEWELLERY_HSN,
    // A piece without a hallmark (a gemstone, a diamond set in no priced metal) has no purity.
    purity: breakup ? breakup.purity : (item.hallmark ?? ''),
    netWeight: breakup ? `${breakup.netWeight} g` : item.weight,
    quantity: item.quantity,
  };
  if (breakup) {
    // The breakup's total is metal + making − discount + stones plus GST on that (pricing rule),
    // so the printed columns add up exactly: gross making and its discount, each as quoted.
    const gst = breakup.gst * item.quantity;
    const lineTotal = breakup.total * item.quantity;
    const metalValue = breakup.metalValue * item.quantity;
    const making = breakup.making * item.quantity;
    const stones = breakup.stones * item.quantity;
    return {
      ...common,
      ratePerGram: breakup.ratePerGram,
      metalValue,
      making,
      stones,
      gross: metalValue + making + stones,
      discount: breakup.makingDiscount * item.quantity,
      taxable: lineTotal - gst,
      gst,
      total: lineTotal,
    };
  }
  // A fixed price is GST-inclusive: list and paid prices are each split, and the discount is the
  // difference of their taxable parts, so gross − discount = taxable to the rupee.
  const taxable = taxableOf(total);
  const gross = Math.max(taxable, taxableOf(item.price * item.quantity));
  return {
    ...common,
    ratePerGram: null,
    metalValue: null,
    making: null,
    stones: null,
    gross,
    discount: gross - taxable,
    taxable,
    gst: total - taxable,
    total,
  };
}

/**
 * `count` of a line's pieces, as a credit note for part of it reverses them. The line's amounts
 * are per piece times its quantity: a metal-priced line's divide exactly; a fixed price's total
 * does (the price paid per piece), and its tax is split again from that total as the invoice did.
 */
export function piecesOfLine(line: InvoiceLine, count: number): InvoiceLine {
  if (count >= line.quantity) return line;
  const part = (v: number) => Math.round((v * count) / line.quantity);
  const partOrNull = (v: number | null) => (v === null ? null : part(v));
  const total = part(line.total);
  if (line.ratePerGram !== null) {
    const gst = part(line.gst);
    return {
      ...line,
      quantity: count,
      metalValue: partOrNull(line.metalValue),
      making: partOrNull(line.making),
      stones: partOrNull(line.stones),
      ...(line.gross === undefined ? {} : { gross: part(line.gross) }),
      discount: part(line.discount),
      taxable: total - gst,
      gst,
      total,
    };
  }
  const taxable = taxableOf(total);
  const gross = Math.max(taxable, line.gross === undefined ? taxable : part(line.gross));
  return {
    ...line,
    quantity: count,
    gross,
    discount: gross - taxable,
    taxable,
    gst: total - taxable,
    total,
  };
}
