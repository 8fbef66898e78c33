import { CheckCircle2, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/** A line of the settlement that either balances (green, a tick) or does not (red, a warning). */
export function BalanceCheck({
  testId,
  balances,
  children,
}: {
  testId: string;
  balances: boolean;
  children: ReactNode;
}) {
  return (
    <p
      data-testid={testId}
      data-balances={balances}
      className={
        balances
          ? 'flex items-start gap-2 text-sm text-emerald-800'
          : 'flex items-start gap-2 text-sm text-destructive'
      }
    >
      {balances ? (
        <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
      ) : (
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      )}
      <span>{children}</span>
    </p>
  );
}
