import type { Transaction } from 'kysely';
import type { Database } from '@kanak/db';
import { JEWELLERY_HSN, taxableOf } from '@kanak/shared';
import type { InvoiceLine } from './invoice-document';

/**
 * The metal-rate breakup an order line may carry (issue 21's `order_items.price_breakup`, rupees
 * per piece). Not in this schema yet: until it is, every line comes from its stored price.
 */
export interface StoredBreakup {
  metal: string;
  purity: string;
  ratePerGram: number;
  netWeight: number;
  metalValue: number;
  making: number;
  makingDiscount: number;
  stones: number;
  gst: number;
  total: number;
  ratePublishedAt: string;
}

interface ItemForInvoice {
  id: string;
  title: string;
  weight: string;
  quantity: number;
  price: number;
  discounted_price: number;
  hallmark: string | null;
  type: string | null;
}

/** The invoice's lines of an order, in the order's line order. */
export async function invoiceLines(
  trx: Transaction<Database>,
  orderId: string,
): Promise<InvoiceLine[]> {
  const items = await trx
    .selectFrom('order_items')
    .leftJoin('products', 'products.id', 'order_items.product_id')
    .select([
      'order_items.id',
      'order_items.title',
      'order_items.weight',
      'order_items.quantity',
      'order_items.price',
      'order_items.discounted_price',
      'products.hallmark',
      'products.type',
    ])
    .where('order_items.order_id', '=', orderId)
    .orderBy('order_items.position')
    .execute();
  return items.map((item) => invoiceLine(item, storedBreakupOf(item)));
}

/**
 * THE SEAM for metal-rate pricing: the line's stored breakup, once order_items carries one
 * (`price_breakup`). Null today, so lines come from the stored price.
 */
function storedBreakupOf(_item: ItemForInvoice): StoredBreakup | null {
  return null;
}

/** One line: from the stored breakup when there is one, else from the GST-inclusive price. */
export function invoiceLine(item: ItemForInvoice, breakup: StoredBreakup | null): InvoiceLine {
  const total = item.discounted_price * item.quantity;
  const common = {
    orderItemId: item.id,
    description: item.title,
    hsn: JEWELLERY_HSN,
    purity: breakup ? breakup.purity : (item.hallmark ?? capitalise(item.type ?? '')),
    netWeight: breakup ? `${breakup.netWeight} g` : item.weight,
    quantity: item.quantity,
    discount: Math.max(0, (item.price - item.discounted_price) * item.quantity),
  };
  if (breakup) {
    const gst = breakup.gst * item.quantity;
    const lineTotal = breakup.total * item.quantity;
    return {
      ...common,
      ratePerGram: breakup.ratePerGram,
      metalValue: breakup.metalValue * item.quantity,
      making: (breakup.making - breakup.makingDiscount) * item.quantity,
      stones: breakup.stones * item.quantity,
      discount: breakup.makingDiscount * item.quantity,
      taxable: lineTotal - gst,
      gst,
      total: lineTotal,
    };
  }
  const taxable = taxableOf(total);
  return {
    ...common,
    ratePerGram: null,
    metalValue: null,
    making: null,
    stones: null,
    taxable,
    gst: total - taxable,
    total,
  };
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
