import { FileText } from 'lucide-react';
import type { OrderView } from '@kanak/shared';
import { DocumentButton } from './DocumentButton';
import { shopperDocuments } from './invoice-ready';

type Doc = { number: string; url: string };

function DocButton({ doc, label }: { doc: Doc; label: string }) {
  return (
    <DocumentButton url={doc.url} fileName={`${doc.number.replaceAll('/', '-')}.pdf`}>
      {label} {doc.number}
    </DocumentButton>
  );
}

/** The tax invoice (and credit note) of a paid order, for its owner and the admin. */
export function InvoiceLinks({ order }: { order: Pick<OrderView, 'invoice' | 'creditNote'> }) {
  if (!order.invoice && !order.creditNote) return null;
  return (
    <div className="flex flex-wrap gap-2" data-testid="invoice-links">
      {order.invoice && <DocButton doc={order.invoice} label="Tax invoice" />}
      {order.creditNote && <DocButton doc={order.creditNote} label="Credit note" />}
    </div>
  );
}

/**
 * The shopper's documents: the invoice once the order has shipped (before that a download is
 * refused, so the page says when it will be ready and sends no request), the credit note.
 */
export function ShopperInvoiceLinks({
  order,
}: {
  order: Pick<OrderView, 'orderStatus' | 'invoice' | 'creditNote'>;
}) {
  const docs = shopperDocuments(order);
  if (docs.note)
    return (
      <p
        className="flex items-center gap-2 text-sm text-muted-foreground"
        data-testid="invoice-pending"
      >
        <FileText aria-hidden className="size-4" /> {docs.note}
      </p>
    );
  return <InvoiceLinks order={docs} />;
}
