import { RotateCcw, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import type { OrderFilters } from './use-order-filters';

/** The quick filters of the list: every order, the refunds due, the open returns, with counts. */
export function OrderFilterChips({
  filters,
  refundCount,
  returnCount,
}: {
  filters: OrderFilters;
  refundCount: number;
  returnCount: number;
}) {
  const { refundsOnly, returnsOnly, showRefunds, showReturns } = filters;
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Show orders">
      <FilterChip pressed={!refundsOnly && !returnsOnly} onClick={() => showRefunds(false)}>
        All orders
      </FilterChip>
      <FilterChip
        pressed={refundsOnly}
        onClick={() => showRefunds(true)}
        tone="amber"
        testId="refunds-filter"
      >
        <Undo2 className="size-3.5" aria-hidden />
        Refunds due
        <Count n={refundCount} />
      </FilterChip>
      <FilterChip pressed={returnsOnly} onClick={showReturns} testId="returns-filter">
        <RotateCcw className="size-3.5" aria-hidden />
        Open return
        <Count n={returnCount} />
      </FilterChip>
    </div>
  );
}

function Count({ n }: { n: number }) {
  return (
    <span className="rounded-full bg-white/70 px-1.5 text-[11px] font-semibold tabular-nums">
      {n}
    </span>
  );
}

/** A toggle chip of the list's filter. */
function FilterChip({
  pressed,
  onClick,
  tone,
  testId,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  tone?: 'amber';
  testId?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      data-testid={testId}
      className={cn(
        'inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-sm font-medium transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
        pressed
          ? tone === 'amber'
            ? 'border-amber-300 bg-amber-100 text-amber-900'
            : 'border-primary bg-primary text-primary-foreground'
          : 'border-border bg-card text-muted-foreground hover:bg-secondary hover:text-foreground',
      )}
    >
      {children}
    </button>
  );
}
