import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import {
  formatRupees,
  SCHEME_BOOK_FILTERS,
  type AdminSchemePlan,
  type SchemeBookFilter,
} from '@kanak/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { toast } from '@/lib/toast';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import { errorMessage } from '../shared/error-message';
import { PageHeader } from '../shared/PageHeader';
import { InstalmentsOwed } from './InstalmentsOwed';
import { SchemePlanForm } from './SchemePlanForm';

const route = getRouteApi('/admin/schemes');

const FILTER_LABELS: Record<SchemeBookFilter, string> = {
  all: 'All',
  overdue: 'Overdue',
  maturing: 'Maturing this month',
  unredeemed: 'Matured, unredeemed',
};

const EMPTY_TEXT: Record<SchemeBookFilter, string> = {
  all: 'No enrolments yet.',
  overdue: 'No enrolment is overdue.',
  maturing: 'No enrolment matures this month.',
  unredeemed: 'No matured scheme is waiting to be redeemed.',
};

type SchemeBook = RouterOutputs['schemes']['book'];
type BookEnrolment = SchemeBook['enrolments'][number];

const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-IN', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * /admin/schemes: the owner's view of the savings schemes — the plans (create,
 * edit, pause), the enrolments by filter, collections per month and the liability.
 */
export function SchemesPage() {
  const { filter = 'all' } = route.useSearch();
  const navigate = route.useNavigate();
  const book = trpc.schemes.book.useQuery({ filter });
  const setFilter = (next: SchemeBookFilter) =>
    void navigate({ search: { filter: next === 'all' ? undefined : next } });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Savings schemes"
        description="Monthly gold savings plans: enrolments, collections and the money held for customers"
        actions={
          <Button variant="outline" size="sm" onClick={() => void book.refetch()}>
            Refresh
          </Button>
        }
      />
      <Figures data={book.data} failed={book.isError} />
      <section aria-labelledby="scheme-enrolments-title" className="space-y-3">
        <h2 id="scheme-enrolments-title" className="text-xl font-semibold">
          Enrolments
        </h2>
        <div
          className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap"
          role="group"
          aria-label="Filter enrolments"
        >
          {SCHEME_BOOK_FILTERS.map((f) => (
            <Button
              key={f}
              type="button"
              size="sm"
              variant={filter === f ? 'default' : 'outline'}
              aria-pressed={filter === f}
              onClick={() => setFilter(f)}
              data-testid={`scheme-filter-${f}`}
            >
              {FILTER_LABELS[f]}
            </Button>
          ))}
        </div>
        <Card>
          <CardContent>
            {book.isError ? (
              <div role="alert" className="space-y-3 py-6 text-center">
                <p className="text-destructive">{errorMessage(book.error)}</p>
                <Button variant="outline" size="sm" onClick={() => void book.refetch()}>
                  Try again
                </Button>
              </div>
            ) : !book.data ? (
              <Skeleton className="h-48" aria-label="Loading enrolments" />
            ) : book.data.enrolments.length === 0 ? (
              <p className="py-10 text-center text-muted-foreground" data-testid="schemes-empty">
                {EMPTY_TEXT[filter]}
              </p>
            ) : (
              <EnrolmentsTable enrolments={book.data.enrolments} />
            )}
          </CardContent>
        </Card>
      </section>
      {book.data?.owedBack?.length ? (
        <section aria-labelledby="scheme-owed-title" className="space-y-3">
          <h2 id="scheme-owed-title" className="text-xl font-semibold">
            Instalments owed back
          </h2>
          <Card>
            <CardContent>
              <InstalmentsOwed owed={book.data.owedBack} onChanged={() => void book.refetch()} />
            </CardContent>
          </Card>
        </section>
      ) : null}
      <PlansSection />
    </div>
  );
}

function Figures({ data, failed }: { data: SchemeBook | undefined; failed: boolean }) {
  return (
    <div className="grid items-start gap-4 md:grid-cols-2">
      <Card data-testid="scheme-liability">
        <CardHeader>
          <CardTitle>Liability</CardTitle>
        </CardHeader>
        <CardContent className="space-y-2">
          {data ? (
            <>
              <p className="text-3xl font-semibold tabular-nums">
                {formatRupees(data.liability.total)}
              </p>
              <p className="text-sm text-muted-foreground">
                Money held for customers: instalments paid + bonus committed − redeemed.
              </p>
              <p className="text-sm tabular-nums">
                {formatRupees(data.liability.paid)} paid + {formatRupees(data.liability.bonus)}{' '}
                bonus − {formatRupees(data.liability.redeemed)} redeemed
              </p>
            </>
          ) : failed ? (
            <p className="text-sm text-destructive">Not available.</p>
          ) : (
            <Skeleton className="h-16" />
          )}
        </CardContent>
      </Card>
      <Card data-testid="scheme-collections">
        <CardHeader>
          <CardTitle>Collections per month</CardTitle>
        </CardHeader>
        <CardContent>
          {data ? (
            data.collections.length === 0 ? (
              <p className="text-sm text-muted-foreground">No instalment collected yet.</p>
            ) : (
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Month</TableHead>
                    <TableHead className="text-right">Collected</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.collections.map((c) => (
                    <TableRow key={c.month}>
                      <TableCell>{monthLabel(c.month)}</TableCell>
                      <TableCell className="text-right tabular-nums">
                        {formatRupees(c.amount)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )
          ) : failed ? (
            <p className="text-sm text-destructive">Not available.</p>
          ) : (
            <Skeleton className="h-16" />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

const STATE_BADGE: Record<BookEnrolment['state'], 'default' | 'secondary' | 'outline'> = {
  PENDING: 'outline',
  ACTIVE: 'secondary',
  MATURED: 'default',
  REDEEMED: 'outline',
  CLOSED: 'outline',
};

function DueCell({ e }: { e: BookEnrolment }) {
  if (!e.due) return <span className="text-muted-foreground">—</span>;
  return (
    <span className={cn(e.due.overdue && 'font-medium text-destructive')}>
      #{e.due.n} on {e.due.date}
      {e.due.overdue && <span className="block text-xs">overdue</span>}
    </span>
  );
}

function RemindButton({ e }: { e: BookEnrolment }) {
  const utils = trpc.useUtils();
  const remind = trpc.schemes.remind.useMutation({
    onSuccess: (answer) => {
      toast.success(`Reminder for instalment ${answer.n} queued to ${answer.recipient}`);
      void utils.notifications.invalidate();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  if (e.state !== 'ACTIVE' || !e.due?.overdue) return null;
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      disabled={remind.isPending || remind.isSuccess}
      onClick={() => remind.mutate({ enrolmentId: e.id })}
      aria-label={`${remind.isSuccess ? 'Reminded' : 'Remind'} ${e.holderName} about instalment ${e.due.n}`}
    >
      {remind.isSuccess ? 'Reminded' : remind.isPending ? 'Sending…' : 'Remind'}
    </Button>
  );
}

function EnrolmentsTable({ enrolments }: { enrolments: BookEnrolment[] }) {
  return (
    <>
      <Table className="hidden md:table" data-testid="scheme-enrolments-table">
        <TableHeader>
          <TableRow>
            <TableHead>Customer</TableHead>
            <TableHead>Plan</TableHead>
            <TableHead className="text-right">Instalment</TableHead>
            <TableHead className="text-right">Paid</TableHead>
            <TableHead>Next due</TableHead>
            <TableHead>Matures</TableHead>
            <TableHead className="text-right">Balance</TableHead>
            <TableHead>State</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {enrolments.map((e) => (
            <TableRow key={e.id} data-testid="scheme-enrolment">
              <TableCell className="max-w-44">
                <span className="block truncate font-medium">{e.holderName}</span>
                <span className="block truncate text-xs text-muted-foreground" title={e.email}>
                  {e.email}
                </span>
              </TableCell>
              <TableCell className="max-w-36">
                <span className="line-clamp-2" title={e.plan.name}>
                  {e.plan.name}
                </span>
              </TableCell>
              <TableCell className="text-right tabular-nums">
                {formatRupees(e.instalment)}
              </TableCell>
              <TableCell className="text-right tabular-nums">
                {e.paid.length}/{e.plan.instalments}
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <DueCell e={e} />
              </TableCell>
              <TableCell className="whitespace-nowrap">{e.maturesOn ?? '—'}</TableCell>
              <TableCell className="text-right tabular-nums">{formatRupees(e.balance)}</TableCell>
              <TableCell>
                <Badge variant={STATE_BADGE[e.state]}>{e.state.toLowerCase()}</Badge>
              </TableCell>
              <TableCell className="text-right">
                <RemindButton e={e} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ul className="space-y-3 md:hidden" data-testid="scheme-enrolments-cards">
        {enrolments.map((e) => (
          <li key={e.id} className="space-y-1 rounded-lg border p-3 text-sm">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="truncate font-medium">{e.holderName}</p>
                <p className="truncate text-xs text-muted-foreground">{e.email}</p>
              </div>
              <Badge variant={STATE_BADGE[e.state]}>{e.state.toLowerCase()}</Badge>
            </div>
            <p>
              {e.plan.name} · {formatRupees(e.instalment)}/month · paid {e.paid.length}/
              {e.plan.instalments}
            </p>
            <p>
              Next due: <DueCell e={e} />
            </p>
            <p>
              Matures {e.maturesOn ?? '—'} · balance {formatRupees(e.balance)}
            </p>
            <RemindButton e={e} />
          </li>
        ))}
      </ul>
    </>
  );
}

function PlansSection() {
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
      plan: {
        name: p.name,
        minInstalment: p.minInstalment,
        step: p.step,
        instalments: p.instalments,
        bonusPercent: p.bonusPercent,
        graceDays: p.graceDays,
        missedRule: p.missedRule,
        bonusCutPercent: p.bonusCutPercent,
        redeemWithinDays: p.redeemWithinDays,
        terms: p.terms,
        paused: !p.paused,
      },
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
                    <>
                      <div className="flex items-start justify-between gap-2">
                        <h3 className="font-semibold">{p.name}</h3>
                        <Badge variant={p.paused ? 'outline' : 'default'}>
                          {p.paused ? 'paused' : 'open'}
                        </Badge>
                      </div>
                      <p className="text-sm text-muted-foreground">
                        {p.instalments} instalments from {formatRupees(p.minInstalment)} in steps of{' '}
                        {formatRupees(p.step)} · bonus {p.bonusPercent}% of one instalment ·{' '}
                        {p.graceDays} grace days · a missed one{' '}
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
                          onClick={() => setEditing(p.id)}
                          aria-label={`Edit ${p.name}`}
                        >
                          Edit
                        </Button>
                        <Button
                          type="button"
                          size="sm"
                          variant="outline"
                          disabled={update.isPending}
                          onClick={() => togglePause(p)}
                          aria-label={`${p.paused ? 'Reopen' : 'Pause'} ${p.name}`}
                        >
                          {p.paused ? 'Reopen' : 'Pause'}
                        </Button>
                      </div>
                    </>
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
