import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { PiggyBank } from 'lucide-react';
import { instalmentProblem, needsPan, type SchemePlan } from '@kanak/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { trpc } from '@/lib/trpc';
import { toast } from '@/lib/toast';
import { longDate, rupees, STATE_LABEL } from './scheme-format';

/** Enrol: a plan, an instalment (the minimum plus steps), PAN past the threshold, a nominee. */
function EnrolForm({ plans }: { plans: SchemePlan[] }) {
  const [planId, setPlanId] = useState(plans[0]?.id ?? 0);
  const plan = plans.find((p) => p.id === planId) ?? plans[0];
  const [instalment, setInstalment] = useState(plan?.minInstalment ?? 0);
  const [nominee, setNominee] = useState('');
  const [pan, setPan] = useState('');
  const enrol = trpc.schemes.enrol.useMutation({
    onSuccess: (answer) => window.location.assign(answer.paymentUrl),
    onError: (error) => toast.error(error.message),
  });
  if (!plan) return <p className="text-sm text-muted-foreground">No plan is open right now.</p>;
  const panNeeded = needsPan(instalment * plan.instalments);
  // Checked as typed, with the server's own rule and words: no bonus is worked out for an
  // instalment the plan would refuse.
  const misfit = instalmentProblem(instalment, plan);
  return (
    <form
      className="grid gap-4 rounded-xl border bg-card p-5"
      aria-label="Enrol in a savings scheme"
      onSubmit={(event) => {
        event.preventDefault();
        enrol.mutate({
          planId: plan.id,
          instalment,
          ...(nominee.trim() ? { nominee: nominee.trim() } : {}),
          ...(panNeeded && pan ? { pan } : {}),
        });
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor="scheme-plan">Plan</Label>
        <NativeSelect
          id="scheme-plan"
          value={String(plan.id)}
          onChange={(e) => {
            const next = plans.find((p) => p.id === Number(e.target.value));
            setPlanId(Number(e.target.value));
            if (next) setInstalment(next.minInstalment);
          }}
        >
          {plans.map((p) => (
            <NativeSelectOption key={p.id} value={String(p.id)}>
              {p.name}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      </div>
      <p className="text-sm text-muted-foreground">
        {plan.instalments} monthly instalments; at maturity we add {plan.bonusPercent}% of one
        instalment. Redeem for jewellery within {plan.redeemWithinDays} days. {plan.graceDays}{' '}
        days&rsquo; grace for a late instalment.
      </p>
      <div className="grid gap-2">
        <Label htmlFor="scheme-instalment">Monthly instalment (₹)</Label>
        <Input
          id="scheme-instalment"
          type="number"
          inputMode="numeric"
          min={plan.minInstalment}
          step={plan.step}
          value={instalment}
          aria-invalid={misfit !== null}
          aria-describedby="scheme-instalment-help"
          onChange={(e) => setInstalment(Number(e.target.value))}
        />
        {misfit ? (
          <p id="scheme-instalment-help" role="alert" className="text-xs text-destructive">
            The {misfit} (for example {rupees(plan.minInstalment + plan.step)}).
          </p>
        ) : (
          <p id="scheme-instalment-help" className="text-xs text-muted-foreground">
            At least {rupees(plan.minInstalment)}, in steps of {rupees(plan.step)}. You pay{' '}
            {rupees(instalment * plan.instalments)} in all; bonus at maturity{' '}
            {rupees(Math.round(instalment * plan.bonusPercent) / 100)}.
          </p>
        )}
      </div>
      {panNeeded && (
        <div className="grid gap-2">
          <Label htmlFor="scheme-pan">PAN (needed above ₹2,00,000 in all)</Label>
          <Input id="scheme-pan" value={pan} onChange={(e) => setPan(e.target.value)} />
        </div>
      )}
      <div className="grid gap-2">
        <Label htmlFor="scheme-nominee">Nominee (optional)</Label>
        <Input id="scheme-nominee" value={nominee} onChange={(e) => setNominee(e.target.value)} />
      </div>
      <details className="text-xs text-muted-foreground">
        <summary className="cursor-pointer">Terms</summary>
        <p className="mt-2 whitespace-pre-line">{plan.terms}</p>
      </details>
      <Button type="submit" disabled={enrol.isPending || misfit !== null}>
        Enrol and pay the first {rupees(instalment)}
      </Button>
    </form>
  );
}

/** The account's "Savings schemes" panel: the shopper's schemes, then a form to enrol. */
export function SchemesPanel() {
  const plans = trpc.schemes.plans.useQuery({});
  const mine = trpc.schemes.list.useQuery({}, { refetchOnMount: 'always' });
  return (
    <section className="grid gap-6" aria-labelledby="schemes-title">
      <h2 id="schemes-title" className="font-serif text-2xl">
        Savings schemes
      </h2>
      {mine.data && mine.data.length > 0 && (
        <ul className="grid gap-3" data-testid="scheme-list">
          {mine.data.map((e) => (
            <li key={e.id}>
              <Link
                to="/account/schemes/$enrolmentId"
                params={{ enrolmentId: e.id }}
                className="block rounded-xl border bg-card p-4 transition hover:bg-secondary/50"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-semibold">{e.plan.name}</span>
                  <span className="text-xs text-muted-foreground">{STATE_LABEL[e.state]}</span>
                </div>
                <p className="mt-1 text-sm">
                  {e.paid.length} of {e.plan.instalments} paid · balance {rupees(e.balance)}
                  {e.due && ` · next ${longDate(e.due.date)}`}
                </p>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {mine.data?.length === 0 && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <PiggyBank className="size-4" aria-hidden /> Save every month towards your next piece.
        </p>
      )}
      {plans.data && <EnrolForm plans={plans.data} />}
    </section>
  );
}
