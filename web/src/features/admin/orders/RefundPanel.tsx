import { CheckCircle2, Loader2, TriangleAlert, Undo2 } from 'lucide-react';
import { formatRupees, type OrderView } from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { ConfirmDialog } from '../shared/ConfirmDialog';

type Refund = NonNullable<OrderView['refund']>;

const TONE = {
  owed: 'border-amber-200 bg-amber-50 text-amber-950',
  processing: 'border-sky-200 bg-sky-50 text-sky-950',
  processed: 'border-emerald-200 bg-emerald-50 text-emerald-950',
  failed: 'border-red-200 bg-red-50 text-red-950',
} as const;

/** What the owner reads of a refund: owed (not asked), processing, refunded, or failed (owed again). */
function headline(refund: Refund, payee: string) {
  const amount = formatRupees(refund.amount);
  switch (refund.state) {
    case 'processing':
      return { tone: 'processing' as const, text: `Refund of ${amount} to ${payee} processing` };
    case 'processed':
      return { tone: 'processed' as const, text: `Refunded ${amount} to ${payee}` };
    case 'failed':
      return {
        tone: 'failed' as const,
        text: `The refund of ${amount} failed at the payment provider: still owed to ${payee}`,
      };
    default:
      return { tone: 'owed' as const, text: `Refund ${amount} to ${payee}` };
  }
}

/**
 * The money an order owes back, and the owner's "Refund ₹X" (after a confirmation): through the
 * provider the payment came from. Shown while owed, processing, refunded or failed; the button
 * only while owed (a failed refund may be asked again). The server is idempotent, so a second
 * click changes nothing either.
 */
export function RefundPanel({
  refund,
  refundDue,
  payee,
  note,
  busy,
  onRefund,
}: {
  refund: Refund;
  refundDue: boolean;
  payee: string;
  note: string | null;
  busy: boolean;
  onRefund: () => void;
}) {
  const { tone, text } = headline(refund, payee);
  const Icon =
    tone === 'processed'
      ? CheckCircle2
      : tone === 'failed'
        ? TriangleAlert
        : tone === 'processing'
          ? Loader2
          : Undo2;
  const amount = formatRupees(refund.amount);
  return (
    <div
      className={cn(
        'mb-6 flex flex-col gap-3 rounded-md border px-3 py-2 text-sm sm:flex-row sm:items-center sm:justify-between',
        TONE[tone],
      )}
      data-testid="refund-owed"
      data-state={refund.state ?? 'owed'}
    >
      <p className="flex min-w-0 items-start gap-2">
        <Icon
          className={cn('mt-0.5 size-4 shrink-0', tone === 'processing' && 'animate-spin')}
          aria-hidden
        />
        <span className="min-w-0">
          <span className="font-semibold">{text}</span>
          {note && <span> · {note}</span>}
          {refund.providerRefundId && (
            <span className="block font-mono text-xs break-all opacity-80">
              Refund id {refund.providerRefundId}
            </span>
          )}
        </span>
      </p>
      {refundDue && (
        <ConfirmDialog
          trigger={
            <Button size="sm" className="shrink-0" disabled={busy} data-testid="refund-button">
              {refund.state === 'failed' ? `Refund ${amount} again` : `Refund ${amount}`}
            </Button>
          }
          title={`Refund ${amount} to ${payee}?`}
          description={`The payment provider sends ${amount} back to the account it was paid from. This cannot be undone.`}
          confirmLabel={`Yes, refund ${amount}`}
          onConfirm={onRefund}
        />
      )}
    </div>
  );
}
