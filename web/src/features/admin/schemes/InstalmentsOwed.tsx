import { formatRupees, type InstalmentOwed } from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { trpc } from '@/lib/trpc';
import { errorMessage } from '../shared/error-message';

const STATE_WORDS: Record<NonNullable<InstalmentOwed['refund']>, string> = {
  processing: 'Being refunded',
  processed: 'Refunded',
  failed: 'Refund refused by the provider: ask again',
};

/**
 * Savings-scheme instalments owed back (paid twice, after closing, the wrong amount), each with
 * its refund: the owner refunds it through the provider (once, however often it is pressed).
 * Shown on the scheme view and with the Orders page's money owed.
 */
export function InstalmentsOwed({
  owed,
  onChanged,
}: {
  owed: InstalmentOwed[];
  onChanged: () => void;
}) {
  const utils = trpc.useUtils();
  const refund = trpc.schemes.refundInstalment.useMutation({
    onSuccess: (answer) => {
      toast.success(
        answer.state === 'processed'
          ? `Refunded ${formatRupees(answer.amount)}`
          : `Refund of ${formatRupees(answer.amount)} asked of the payment provider`,
      );
      void utils.schemes.book.invalidate();
      void utils.orders.adminList.invalidate();
      onChanged();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  if (owed.length === 0) return null;
  return (
    <ul className="divide-y" data-testid="instalments-owed">
      {owed.map((o) => {
        const asked = o.refund === 'processing' || o.refund === 'processed';
        return (
          <li
            key={o.schemePaymentId}
            className="flex flex-wrap items-center justify-between gap-3 py-3"
            data-instalment-owed={o.schemePaymentId}
          >
            <div className="min-w-0 space-y-0.5">
              <p className="font-medium">
                {formatRupees(o.amount)} · {o.planName}, instalment {o.n}
              </p>
              <p className="text-sm text-muted-foreground">
                {o.email}
                {o.note ? ` · ${o.note}` : ''}
              </p>
            </div>
            {asked ? (
              <span className="text-sm">{STATE_WORDS[o.refund!]}</span>
            ) : (
              <div className="flex items-center gap-2">
                {o.refund && <span className="text-sm text-red-800">{STATE_WORDS[o.refund]}</span>}
                <Button
                  size="sm"
                  disabled={refund.isPending}
                  onClick={() => refund.mutate({ schemePaymentId: o.schemePaymentId })}
                >
                  Refund {formatRupees(o.amount)}
                </Button>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
