import { Undo2 } from 'lucide-react';
import { cn } from '@/lib/utils';
import type { RefundNotice as Notice } from './refund';

/** A small amber tag for an order whose payment is owed back to the shopper. */
export function RefundBadge({ className }: { className?: string }) {
  return (
    <span
      data-testid="refund-due"
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-[11px] font-semibold tracking-wider whitespace-nowrap text-amber-900 uppercase ring-1 ring-amber-200',
        className,
      )}
    >
      <Undo2 className="size-3" aria-hidden />
      Refund due
    </span>
  );
}

/** The refund explained: calm amber, not the red of a failure. */
export function RefundNoticeCard({ notice, className }: { notice: Notice; className?: string }) {
  return (
    <section
      role="status"
      aria-label="Refund"
      data-testid="refund-notice"
      className={cn(
        'flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950 sm:p-5',
        className,
      )}
    >
      <Undo2 className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden />
      <div className="min-w-0 space-y-1">
        <p className="font-semibold">{notice.title}</p>
        <p>{notice.text}</p>
        {notice.note && (
          <p className="text-xs text-amber-900/80" data-testid="refund-note">
            {notice.note}
          </p>
        )}
      </div>
    </section>
  );
}
