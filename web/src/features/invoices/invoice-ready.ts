import type { OrderView } from '@kanak/shared';

export const INVOICE_AFTER_DISPATCH = 'Your tax invoice will be ready when your order ships';

type Doc = NonNullable<OrderView['invoice']>;

/** Each credit note of an order, oldest first (a server that sends only the latest: that one). */
export const creditNotesOf = (order: Pick<OrderView, 'creditNote' | 'creditNotes'>): Doc[] =>
  order.creditNotes?.length ? order.creditNotes : order.creditNote ? [order.creditNote] : [];

/**
 * What the shopper's order page offers of its documents. The invoice is numbered at
 * payment but issued at dispatch, when the HUIDs of its gold pieces are recorded: before that a
 * download would be refused (409), so the page says when it will be ready and asks for nothing.
 * A cancelled order shows its credit note, a returned one each return's.
 */
export function shopperDocuments(
  order: Pick<OrderView, 'orderStatus' | 'invoice' | 'creditNote' | 'creditNotes'>,
): {
  invoice: OrderView['invoice'];
  creditNotes: Doc[];
  note: string | null;
} {
  const dispatched = order.orderStatus === 'SHIPPED' || order.orderStatus === 'DELIVERED';
  const beforeDispatch = order.orderStatus === 'PLACED' || order.orderStatus === 'CONFIRMED';
  return {
    invoice: dispatched ? (order.invoice ?? null) : null,
    creditNotes: creditNotesOf(order),
    note: beforeDispatch ? INVOICE_AFTER_DISPATCH : null,
  };
}
