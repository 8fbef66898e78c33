import { FileText } from 'lucide-react';
import { useState } from 'react';
import type { OrderView } from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { openInvoice } from './download-invoice';
import { shopperDocuments } from './invoice-ready';

type Doc = { number: string; url: string };

function DocButton({ doc, label }: { doc: Doc; label: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await openInvoice(doc.url, `${doc.number.replaceAll('/', '-')}.pdf`);
        } catch (error) {
          toast.error(error instanceof Error ? error.message : 'Could not open the document');
        } finally {
          setBusy(false);
        }
      }}
    >
      <FileText aria-hidden /> {label} {doc.number}
    </Button>
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
