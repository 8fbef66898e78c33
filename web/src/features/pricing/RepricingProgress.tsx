import { repricingSummary, type RepricingView } from '@kanak/shared';

/** The repricing's progress bar: products done of total, live while the worker runs. */
export function RepricingProgress({ repricing }: { repricing: RepricingView }) {
  const percent = repricing.total ? Math.round((repricing.done / repricing.total) * 100) : 100;
  const finished = repricing.status === 'done' || repricing.status === 'superseded';
  const state = repricingSummary(repricing);
  return (
    <div
      className="rounded-xl border bg-card p-4"
      data-testid="repricing-progress"
      data-publication={repricing.id}
      data-status={repricing.status}
    >
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium">{state}</span>
        <span className="tabular-nums text-muted-foreground">{finished ? 100 : percent}%</span>
      </div>
      <div
        className="mt-2 h-2.5 overflow-hidden rounded-full bg-secondary"
        role="progressbar"
        aria-label="Repricing progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={finished ? 100 : percent}
      >
        <div
          className="h-full rounded-full bg-primary transition-[width]"
          style={{ width: `${finished ? 100 : percent}%` }}
        />
      </div>
    </div>
  );
}
