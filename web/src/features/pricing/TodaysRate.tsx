import { formatIndiaDateTime, HEADLINE_RATES } from '@kanak/shared';
import { lazy, Suspense, useState } from 'react';
import { trpc } from '@/lib/trpc';
import { cn } from '@/lib/utils';

const rupees = (r: number) =>
  `₹${r.toLocaleString('en-IN', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;

export const RATES_STALE_MS = 60_000;

// Its form library and dialog load only when the shopper asks for an alert.
const RateAlertDialog = lazy(() =>
  import('@/features/rate-alerts/RateAlertDialog').then((m) => ({ default: m.RateAlertDialog })),
);

/** "Today's rate": 22K and 24K gold, silver and platinum per gram, with when they were published. */
export function TodaysRate({ className }: { className?: string }) {
  const rates = trpc.pricing.rates.useQuery(undefined, { staleTime: RATES_STALE_MS });
  const [alertOpen, setAlertOpen] = useState(false);
  const shown = HEADLINE_RATES.flatMap((h) => {
    const rate = rates.data?.rates.find((r) => r.metal === h.metal && r.purity === h.purity);
    return rate ? [{ ...h, rate }] : [];
  });
  const gold22 = shown.find((s) => s.metal === 'gold' && s.purity === '916');
  if (shown.length === 0) return null;
  const latest = shown
    .map((s) => s.rate.publishedAt)
    .sort()
    .at(-1)!;
  // India's time, so the server's HTML and the browser's render say the same.
  const when = formatIndiaDateTime(latest);
  return (
    <p
      data-testid="todays-rate"
      className={cn(
        'flex flex-wrap items-center justify-center gap-x-4 gap-y-1 text-xs text-muted-foreground',
        className,
      )}
    >
      <span className="font-medium text-foreground">Today&apos;s rate</span>
      {shown.map((s) => (
        <span key={`${s.metal}/${s.purity}`}>
          {s.label}{' '}
          <span className="font-medium text-foreground">{rupees(s.rate.ratePerGram)}/g</span>
        </span>
      ))}
      <span>· {when}</span>
      {gold22 && (
        <button
          type="button"
          className="font-medium text-primary underline-offset-4 hover:underline"
          onClick={() => setAlertOpen(true)}
        >
          Rate alert
        </button>
      )}
      {alertOpen && gold22 && (
        <Suspense fallback={null}>
          <RateAlertDialog open onOpenChange={setAlertOpen} current={gold22.rate.ratePerGram} />
        </Suspense>
      )}
    </p>
  );
}
