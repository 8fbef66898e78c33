import { statusBadgeTone } from '@kanak/shared';
import { cn } from '@/lib/utils';

const TONE = {
  green: 'bg-emerald-100 text-emerald-800 ring-emerald-200',
  blue: 'bg-blue-100 text-blue-800 ring-blue-200',
  teal: 'bg-teal-100 text-teal-800 ring-teal-200',
  grey: 'bg-zinc-100 text-zinc-700 ring-zinc-200',
  maroon: 'bg-primary/10 text-primary ring-primary/20',
} as const;

/** Status badge colours of spec section 4. */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <span
      data-testid="order-status"
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-[11px] font-semibold tracking-wider ring-1',
        TONE[statusBadgeTone(status)],
        className,
      )}
    >
      {status}
    </span>
  );
}
