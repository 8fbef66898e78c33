import type { OrderView } from '@kanak/shared';

export const INVOICE_AFTER_DISPATCH = 'Your tax invoice will be ready when your order ships';

/**
 * What the shopper's order page offers of its documents. The invoice is numbered at
 * payment but issued at dispatch, when the HUIDs of its gold pieces are recorded: before that a
 * download would be refused (409), so the page says when it will be ready and asks for nothing.
 * A cancelled order shows its credit note.
 */
export function shopperDocuments(
  order: Pick<OrderView, 'orderStatus' | 'invoice' | 'creditNote'>,
): {
  invoice: OrderView['invoice'];
  creditNote: OrderView['creditNote'];
  note: string | null;
} {
  const dispatched = order.orderStatus === 'SHIPPED' || order.orderStatus === 'DELIVERED';
  const beforeDispatch = order.orderStatus === 'PLACED' || order.orderStatus === 'CONFIRMED';
  return {
    invoice: dispatched ? (order.invoice ?? null) : null,
    creditNote: order.creditNote ?? null,
    note: beforeDispatch ? INVOICE_AFTER_DISPATCH : null,
  };
}
