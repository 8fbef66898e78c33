import { useState } from 'react';
import { FileDown } from 'lucide-react';
import { indiaDate } from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { openInvoice } from '@/features/invoices/download-invoice';
import { toast } from '@/lib/toast';

/**
 * The day's shipments manifest (which orders left with which carrier, AWB and insured value),
 * as the PDF the courier signs at pickup or as CSV. Fetched with the session's token.
 */
export function ManifestLinks() {
  const [date, setDate] = useState(() => indiaDate(new Date()));
  const get = (format: 'pdf' | 'csv') =>
    openInvoice(
      `/api/admin/shipments/manifest?date=${date}&format=${format}`,
      `manifest-${date}.${format}`,
    ).catch((error: Error) => toast.error(error.message));
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Shipments manifest">
      <label htmlFor="manifest-date" className="text-sm text-muted-foreground">
        Manifest of
      </label>
      <Input
        id="manifest-date"
        type="date"
        className="h-8 w-40"
        value={date}
        onChange={(e) => setDate(e.target.value)}
      />
      <Button size="sm" variant="outline" onClick={() => void get('pdf')}>
        <FileDown aria-hidden /> PDF
      </Button>
      <Button size="sm" variant="outline" onClick={() => void get('csv')}>
        <FileDown aria-hidden /> CSV
      </Button>
    </div>
  );
}
