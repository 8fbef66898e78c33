import { useState } from 'react';
import { formatRupees, type AdminSchemePlan } from '@kanak/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/lib/toast';
import { trpc } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import { errorMessage } from '../shared/error-message';
import { planFields } from './plan-fields';
import { SchemePlanForm } from './SchemePlanForm';

/** The scheme plans: create one, edit one, pause or reopen it. */
export function PlansSection() {
  const plans = trpc.schemes.adminPlans.useQuery({});
  const utils = trpc.useUtils();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const done = (message: string) => {
    toast.success(message);
    setEditing(null);
    void utils.schemes.invalidate();
  };
  const create = trpc.schemes.createPlan.useMutation({
    onSuccess: (p) => done(`Plan “${p.name}” created`),
    onError: (error) => toast.error(errorMessage(error)),
  });
  const update = trpc.schemes.updatePlan.useMutation({
    onSuccess: (p) => done(`Plan “${p.name}” saved`),
    onError: (error) => toast.error(errorMessage(error)),
  });
  const togglePause = (p: AdminSchemePlan) =>
    update.mutate({
      planId: p.id,
      plan: { ...planFields(p), paused: !p.paused },
    });

  return (
    <section aria-labelledby="scheme-plans-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="scheme-plans-title" className="text-xl font-semibold">
          Plans
        </h2>
        {editing !== 'new' && (
          <Button type="button" size="sm" onClick={() => setEditing('new')}>
            New plan
          </Button>
        )}
      </div>
      {editing === 'new' && (
        <Card>
          <CardContent>
            <SchemePlanForm
              saving={create.isPending}
              onSave={(fields) => create.mutate(fields)}
              onCancel={() => setEditing(null)}
            />
          </CardContent>
        </Card>
      )}
      {plans.isError ? (
        <div role="alert" className="space-y-2">
          <p className="text-destructive">{errorMessage(plans.error)}</p>
          <Button variant="outline" size="sm" onClick={() => void plans.refetch()}>
            Try again
          </Button>
        </div>
      ) : !plans.data ? (
        <Skeleton className="h-24" aria-label="Loading plans" />
      ) : plans.data.length === 0 ? (
        <p className="text-muted-foreground">No plans yet: create the first one.</p>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2" data-testid="scheme-plans">
          {plans.data.map((p) => (
            <li key={p.id} className={cn(editing === p.id && 'lg:col-span-2')}>
              <Card>
                <CardContent className="space-y-3">
                  {editing === p.id ? (
                    <SchemePlanForm
                      plan={p}
                      saving={update.isPending}
                      onSave={(fields) => update.mutate({ planId: p.id, plan: fields })}
                      onCancel={() => setEditing(null)}
                    />
                  ) : (
                    <PlanSummary
                      plan={p}
                      saving={update.isPending}
                      onEdit={() => setEditing(p.id)}
                      onTogglePause={() => togglePause(p)}
                    />
                  )}
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A plan as it stands, with its edit and pause buttons. */
function PlanSummary({
  plan: p,
  saving,
  onEdit,
  onTogglePause,
}: {
  plan: AdminSchemePlan;
  saving: boolean;
  onEdit: () => void;
  onTogglePause: () => void;
}) {
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-semibold">{p.name}</h3>
        <Badge variant={p.paused ? 'outline' : 'default'}>{p.paused ? 'paused' : 'open'}</Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        {p.instalments} instalments from {formatRupees(p.minInstalment)} in steps of{' '}
        {formatRupees(p.step)} · bonus {p.bonusPercent}% of one instalment · {p.graceDays} grace
        days · a missed one{' '}
        {p.missedRule === 'MOVE_MATURITY'
          ? 'moves maturity'
          : `cuts the bonus by ${p.bonusCutPercent}%`}{' '}
        · redeem within {p.redeemWithinDays} days
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={onEdit}
          aria-label={`Edit ${p.name}`}
        >
          Edit
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={saving}
          onClick={onTogglePause}
          aria-label={`${p.paused ? 'Reopen' : 'Pause'} ${p.name}`}
        >
          {p.paused ? 'Reopen' : 'Pause'}
        </Button>
      </div>
    </>
  );
}
