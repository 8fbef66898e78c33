import { FileText } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { openInvoice } from './download-invoice';

/** A button that fetches one stored PDF (an invoice, a credit note, a statement) and saves it. */
export function DocumentButton({
  url,
  fileName,
  children,
}: {
  url: string;
  fileName: string;
  children: ReactNode;
}) {
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
          await openInvoice(url, fileName);
        } catch (error) {
          toast.error(error instanceof Error ? error.message : 'Could not open the document');
        } finally {
          setBusy(false);
        }
      }}
    >
      <FileText aria-hidden /> {children}
    </Button>
  );
}
