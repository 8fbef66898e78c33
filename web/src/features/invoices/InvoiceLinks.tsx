import { FileText } from 'lucide-react';
import type { OrderView } from '@kanak/shared';
import { DocumentButton } from './DocumentButton';
import { creditNotesOf, shopperDocuments } from './invoice-ready';

type Doc = { number: string; url: string };

function DocButton({ doc, label }: { doc: Doc; label: string }) {
  return (
    <DocumentButton url={doc.url} fileName={`${doc.number.replaceAll('/', '-')}.pdf`}>
      {label} {doc.number}
    </DocumentButton>
  );
}

/**
 * The tax invoice and credit notes of a paid order, for its owner and the admin: each return of
 * some pieces has a credit note of its own.
 */
export function InvoiceLinks({
  order,
}: {
  order: Pick<OrderView, 'invoice' | 'creditNote' | 'creditNotes'>;
}) {
  const creditNotes = creditNotesOf(order);
  if (!order.invoice && creditNotes.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2" data-testid="invoice-links">
      {order.invoice && <DocButton doc={order.invoice} label="Tax invoice" />}
      {creditNotes.map((note) => (
        <DocButton key={note.number} doc={note} label="Credit note" />
      ))}
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
  order: Pick<OrderView, 'orderStatus' | 'invoice' | 'creditNote' | 'creditNotes'>;
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
