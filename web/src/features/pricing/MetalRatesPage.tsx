import { useState } from 'react';
import {
  formatIndiaDateTime,
  PURITIES,
  RATE_JUMP_PERCENT,
  hasDecimals,
  publishSummary,
  purityLabel,
  type RatesPreview,
} from '@kanak/shared';
import { ConfirmAlert } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/features/admin/shared/PageHeader';
import { errorMessage } from '@/features/admin/shared/error-message';
import { toast } from '@/lib/toast';
import { trpc } from '@/lib/trpc';
import { RateSparkline } from './RateSparkline';
import { RepricingProgress } from './RepricingProgress';

const METAL_NAMES: Record<string, string> = {
  gold: 'Gold',
  silver: 'Silver',
  platinum: 'Platinum',
};
type Rate = { metal: 'gold' | 'silver' | 'platinum'; purity: string; ratePerGram: number };

/** Admin: today's rates with inputs, publish (with a preview of what changes), 30-day lines, progress. */
export function MetalRatesPage() {
  const utils = trpc.useUtils();
  const rates = trpc.pricing.rates.useQuery();
  const history = trpc.pricing.history.useQuery({ days: 30 });
  const repricing = trpc.pricing.repricing.useQuery(undefined, {
    // Live while the worker runs; idle otherwise.
    refetchInterval: (q) => {
      const status = q.state.data?.repricing?.status;
      return status === 'queued' || status === 'running' ? 400 : false;
    },
  });
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<{
    rates: Rate[];
    preview: RatesPreview;
    jumps: string[];
  } | null>(null);
  const preview = trpc.pricing.preview.useMutation();
  const publish = trpc.pricing.publish.useMutation({
    onSuccess: async (answer) => {
      setTyped({});
      utils.pricing.repricing.setData(undefined, { repricing: answer.repricing });
      await Promise.all([utils.pricing.rates.invalidate(), utils.pricing.history.invalidate()]);
      void utils.pricing.repricing.invalidate();
      toast.success('Rates published: repricing the catalogue');
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  const current = (metal: string, purity: string) =>
    rates.data?.rates.find((r) => r.metal === metal && r.purity === purity);
  const key = (metal: string, purity: string) => `${metal}/${purity}`;

  async function startPublish() {
    const changed: Rate[] = [];
    for (const p of PURITIES) {
      const text = typed[key(p.metal, p.purity)];
      if (text === undefined || text.trim() === '') continue;
      const value = Number(text);
      if (!Number.isFinite(value) || value <= 0 || !hasDecimals(value, 2)) {
        toast.error(`${purityLabel(p.metal, p.purity)}: enter rupees per gram, up to 2 decimals`);
        return;
      }
      if (value !== current(p.metal, p.purity)?.ratePerGram)
        changed.push({ metal: p.metal, purity: p.purity, ratePerGram: value });
    }
    if (changed.length === 0) {
      toast.warning('Change at least one rate first');
      return;
    }
    const jumps = changed.flatMap((r) => {
      const last = current(r.metal, r.purity)?.ratePerGram;
      if (!last) return [];
      const change = ((r.ratePerGram - last) / last) * 100;
      return Math.abs(change) > RATE_JUMP_PERCENT
        ? [`${purityLabel(r.metal, r.purity)} moves ${change.toFixed(1)} %`]
        : [];
    });
    try {
      setPending({ rates: changed, preview: await preview.mutateAsync({ rates: changed }), jumps });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  const run = repricing.data?.repricing;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Metal rates"
        description="Selling rates per gram. Publishing reprices every metal-priced product."
        actions={
          <Button onClick={startPublish} disabled={preview.isPending || publish.isPending}>
            {publish.isPending ? 'Publishing…' : 'Publish rates'}
          </Button>
        }
      />
      {run && <RepricingProgress repricing={run} />}
      <div className="overflow-x-auto rounded-xl border bg-card">
        <table className="w-full text-sm">
          <thead className="border-b text-left text-muted-foreground">
            <tr>
              <th className="hidden p-3 font-medium sm:table-cell">Metal</th>
              <th className="p-3 font-medium">Purity</th>
              <th className="p-3 text-right font-medium">Today (₹/g)</th>
              <th className="p-3 font-medium">New rate (₹/g)</th>
              <th className="hidden p-3 font-medium md:table-cell">30 days</th>
              <th className="hidden p-3 font-medium lg:table-cell">Published</th>
            </tr>
          </thead>
          <tbody>
            {PURITIES.map((p) => {
              const rate = current(p.metal, p.purity);
              const points =
                history.data?.history.find((h) => h.metal === p.metal && h.purity === p.purity)
                  ?.points ?? [];
              const k = key(p.metal, p.purity);
              return (
                <tr key={k} className="border-b last:border-0">
                  <td className="hidden p-3 sm:table-cell">{METAL_NAMES[p.metal]}</td>
                  <td className="p-3">{p.label}</td>
                  <td className="p-3 text-right tabular-nums">
                    {rate ? rate.ratePerGram.toLocaleString('en-IN') : '—'}
                  </td>
                  <td className="p-3">
                    <Input
                      inputMode="decimal"
                      aria-label={`New rate for ${METAL_NAMES[p.metal]} ${p.label}`}
                      className="w-28 sm:w-32"
                      placeholder={rate ? String(rate.ratePerGram) : 'Rate'}
                      value={typed[k] ?? ''}
                      onChange={(e) => setTyped((t) => ({ ...t, [k]: e.target.value }))}
                    />
                  </td>
                  <td className="hidden p-3 md:table-cell">
                    <RateSparkline points={points} label={`${METAL_NAMES[p.metal]} ${p.label}`} />
                  </td>
                  <td className="hidden p-3 text-xs text-muted-foreground lg:table-cell">
                    {rate ? formatIndiaDateTime(rate.publishedAt) : 'never'}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <ConfirmAlert
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title="Publish these rates?"
        description={pending && publishSummary(pending.preview)}
        confirmLabel="Publish"
        onConfirm={() => {
          if (pending) publish.mutate({ rates: pending.rates, confirm: pending.jumps.length > 0 });
          setPending(null);
        }}
      >
        {pending && (
          <ul className="space-y-1 text-sm">
            {pending.rates.map((r) => (
              <li key={key(r.metal, r.purity)}>
                {METAL_NAMES[r.metal]} {purityLabel(r.metal, r.purity)}:{' '}
                <span className="font-medium">₹{r.ratePerGram.toLocaleString('en-IN')}/g</span>
              </li>
            ))}
            {pending.jumps.map((j) => (
              <li key={j} className="text-destructive">
                {j}: more than {RATE_JUMP_PERCENT} % from the last rate. Check it before publishing.
              </li>
            ))}
          </ul>
        )}
      </ConfirmAlert>
    </div>
  );
}
